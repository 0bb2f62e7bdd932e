// Metadata removed from uploaded images before they are stored (issue 31): a phone photo's EXIF
// holds where it was taken. The pixels are never decoded or re-encoded: the container's chunks
// (JPEG segments, PNG chunks, WebP RIFF chunks) are copied, except the ones that carry metadata.
// Container layouts: ITU T.81 annex B (JPEG markers), JFIF 1.02, Exif 2.3 section 4.7 (APP1),
// PNG 3rd edition section 5 and 11, Google's "WebP Container Specification" (RIFF, VP8X flags),
// ISO/IEC 23008-12 (HEIF item info, for AVIF).
import { ascii, boxes, IMAGE_ERRORS, u16be, u32be, u32le, type ImageFormat } from "./images";

export type StrippedImage = { ok: true; bytes: Uint8Array } | { ok: false; error: string };

const damaged: StrippedImage = { ok: false, error: IMAGE_ERRORS.damaged };

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const startsWithText = (b: Uint8Array, offset: number, text: string) => ascii(b, offset, text.length) === text;

// ---------------------------------------------------------------- JPEG

const SOS = 0xda;
const EOI = 0xd9;
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * Whether a JPEG segment carries metadata rather than what decoding needs. Kept: JFIF's APP0, an
 * ICC profile in APP2 (colours), Adobe's APP14 (the colour transform of CMYK files) and every
 * non-APP segment but comments. Dropped: APP1 (EXIF and XMP), APP13 (Photoshop, IPTC), the other
 * APPn (FlashPix, MPF, vendors' notes) and COM.
 */
function isJpegMetadata(b: Uint8Array, marker: number, payload: number): boolean {
  if (marker === 0xfe) return true;
  if (marker < 0xe0 || marker > 0xef) return false;
  if (marker === 0xe0) return !startsWithText(b, payload, "JFIF\0");
  if (marker === 0xe2) return !startsWithText(b, payload, "ICC_PROFILE\0");
  if (marker === 0xee) return !startsWithText(b, payload, "Adobe");
  return true;
}

/** The end of a scan's entropy-coded data: the next marker that is not a stuffed zero, a fill byte or a restart. */
function scanEnd(b: Uint8Array, from: number): number {
  for (let i = from; i + 1 < b.length; i++) {
    if (b[i] !== 0xff) continue;
    const next = b[i + 1]!;
    if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return i;
  }
  return -1;
}

function stripJpeg(b: Uint8Array): StrippedImage {
  if (b[0] !== 0xff || b[1] !== 0xd8) return damaged;
  const kept: Uint8Array[] = [b.subarray(0, 2)];
  let offset = 2;
  for (;;) {
    if (offset + 2 > b.length || b[offset] !== 0xff) return damaged;
    const marker = b[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // a fill byte before a marker
      continue;
    }
    if (marker === EOI) {
      // Anything after the end of the image (cameras append thumbnails and notes) is dropped.
      kept.push(b.subarray(offset, offset + 2));
      return { ok: true, bytes: concat(kept) };
    }
    if (isStandalone(marker) || marker === 0xd8) return damaged;
    if (offset + 4 > b.length) return damaged;
    const end = offset + 2 + u16be(b, offset + 2);
    if (end < offset + 4 || end > b.length) return damaged;
    if (!isJpegMetadata(b, marker, offset + 4)) kept.push(b.subarray(offset, end));
    offset = end;
    if (marker === SOS) {
      const next = scanEnd(b, offset);
      if (next < 0) return damaged;
      kept.push(b.subarray(offset, next));
      offset = next;
    }
  }
}

// ---------------------------------------------------------------- PNG

/**
 * Ancillary PNG chunks kept because they change how the pixels look or animate; every other
 * ancillary chunk (tEXt, zTXt, iTXt, eXIf, tIME, vendors' private ones) is dropped. Critical
 * chunks (an upper-case first letter) are always kept.
 */
const PNG_KEPT = new Set([
  "tRNS",
  "gAMA",
  "cHRM",
  "sRGB",
  "iCCP",
  "cICP",
  "mDCV",
  "mDCv",
  "cLLI",
  "cLLi",
  "sBIT",
  "bKGD",
  "pHYs",
  "hIST",
  "sPLT",
  "acTL",
  "fcTL",
  "fdAT",
]);
const PNG_CHUNK_TYPE = /^[A-Za-z]{4}$/;

function stripPng(b: Uint8Array): StrippedImage {
  const kept: Uint8Array[] = [b.subarray(0, 8)];
  let offset = 8;
  for (;;) {
    if (offset + 12 > b.length) return damaged;
    const length = u32be(b, offset);
    const type = ascii(b, offset + 4, 4);
    if (!PNG_CHUNK_TYPE.test(type) || length > b.length - offset - 12) return damaged;
    const end = offset + 12 + length;
    const critical = type.charCodeAt(0) < 0x61;
    if (critical || PNG_KEPT.has(type)) kept.push(b.subarray(offset, end));
    offset = end;
    // Anything after IEND is not part of the image.
    if (type === "IEND") return { ok: true, bytes: concat(kept) };
  }
}

// ---------------------------------------------------------------- WebP

/** RIFF chunks of a WebP image that are kept; EXIF, XMP and unknown chunks are dropped. */
const WEBP_KEPT = new Set(["VP8X", "VP8 ", "VP8L", "ALPH", "ANIM", "ANMF", "ICCP"]);
/** A WebP file starts with its image (simple formats) or the VP8X header (extended). */
const WEBP_FIRST = new Set(["VP8X", "VP8 ", "VP8L"]);
/** VP8X flags: the file holds EXIF (bit 3) or XMP (bit 2) metadata. */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function stripWebp(b: Uint8Array): StrippedImage {
  if (b.length < 20 || ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 4) !== "WEBP" || u32le(b, 4) + 8 !== b.length) return damaged;
  if (!WEBP_FIRST.has(ascii(b, 12, 4))) return damaged;
  const kept: Uint8Array[] = [];
  let offset = 12;
  while (offset < b.length) {
    if (offset + 8 > b.length) return damaged;
    const type = ascii(b, offset, 4);
    const size = u32le(b, offset + 4);
    const end = offset + 8 + size + (size % 2); // chunks are padded to an even size
    if (end > b.length) return damaged;
    if (!WEBP_KEPT.has(type)) {
      offset = end;
      continue;
    }
    if (type === "VP8X") {
      if (size < 10) return damaged;
      const chunk = b.slice(offset, end);
      chunk[8] = chunk[8]! & ~(VP8X_EXIF | VP8X_XMP);
      kept.push(chunk);
    } else kept.push(b.subarray(offset, end));
    offset = end;
  }
  const body = concat(kept);
  const header = new Uint8Array(12);
  header.set(b.subarray(0, 4), 0);
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  header.set(b.subarray(8, 12), 8);
  return { ok: true, bytes: concat([header, body]) };
}

// ---------------------------------------------------------------- AVIF

/**
 * AVIF keeps EXIF and XMP as items of its `meta` box, and removing an item means rewriting the
 * offsets of the others; so an AVIF carrying them is refused with a message, and any other is kept
 * as it is.
 */
function checkAvif(b: Uint8Array): StrippedImage {
  const meta = [...boxes(b, 0, b.length)].find((box) => box.type === "meta");
  if (!meta) return damaged;
  const iinf = [...boxes(b, meta.body + 4, meta.end)].find((box) => box.type === "iinf");
  if (iinf) {
    const version = b[iinf.body]!;
    const first = iinf.body + 4 + (version === 0 ? 2 : 4);
    for (const infe of boxes(b, first, iinf.end)) {
      if (infe.type !== "infe") continue;
      const infeVersion = b[infe.body]!;
      if (infeVersion < 2) continue; // versions 0 and 1 name no item type
      const typeAt = infe.body + 4 + (infeVersion === 2 ? 2 : 4) + 2;
      const itemType = ascii(b, typeAt, 4);
      if (itemType === "Exif" || itemType === "mime") return { ok: false, error: IMAGE_ERRORS.avifMetadata };
    }
  }
  return { ok: true, bytes: b };
}

const STRIP: Record<ImageFormat, (b: Uint8Array) => StrippedImage> = { jpeg: stripJpeg, png: stripPng, webp: stripWebp, avif: checkAvif };

/**
 * The image without its metadata (EXIF, XMP, IPTC, text chunks, comments, data after the image's
 * end), its pixel data byte for byte as uploaded; or the reason a damaged container is refused.
 * Runs after `checkImage` has told the format.
 */
export function stripImageMetadata(bytes: Uint8Array, format: ImageFormat): StrippedImage {
  return STRIP[format](bytes);
}
