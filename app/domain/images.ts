// Uploaded images (DESIGN.md section 7): PNG, JPEG, WebP or AVIF, recognised by their magic bytes
// (never by file name or declared type), at most 5 MB and 4096 x 4096 pixels. Dimensions come from
// the headers, so nothing is decoded.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 4096;

export type ImageFormat = "png" | "jpeg" | "webp" | "avif";

export const IMAGE_FORMATS: Record<ImageFormat, { ext: string; contentType: string }> = {
  png: { ext: "png", contentType: "image/png" },
  jpeg: { ext: "jpg", contentType: "image/jpeg" },
  webp: { ext: "webp", contentType: "image/webp" },
  avif: { ext: "avif", contentType: "image/avif" },
};

export const IMAGE_ERRORS = {
  empty: "the file is empty.",
  tooLarge: "the file is larger than 5 MB.",
  notAnImage: "only PNG, JPEG, WebP and AVIF images are accepted.",
  damaged: "the image is damaged or incomplete.",
  tooManyPixels: "the image is larger than 4096 x 4096 pixels.",
  avifMetadata: "AVIF images carrying EXIF or XMP metadata are not accepted: export it without metadata, or as PNG, JPEG or WebP.",
} as const;

export type ImageCheck = { ok: true; format: ImageFormat; width: number; height: number } | { ok: false; error: string };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
export const ascii = (bytes: Uint8Array, offset: number, length: number) =>
  bytes.length >= offset + length ? String.fromCharCode(...bytes.subarray(offset, offset + length)) : "";
export const u16be = (b: Uint8Array, o: number) => (b[o]! << 8) | b[o + 1]!;
const u16le = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);
const u24le = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16);
export const u32be = (b: Uint8Array, o: number) => ((b[o]! << 24) >>> 0) + ((b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!);
export const u32le = (b: Uint8Array, o: number) => u32be(Uint8Array.of(b[o + 3]!, b[o + 2]!, b[o + 1]!, b[o]!), 0);

type Size = { width: number; height: number } | null;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * PNG: the IHDR chunk comes first; the file must also end with an IEND chunk (else it is cut short)
 * and hold pixel data (an IDAT chunk) before it.
 */
function pngSize(b: Uint8Array): Size {
  if (b.length < 33 || ascii(b, 12, 4) !== "IHDR" || u32be(b, 8) !== 13) return null;
  const iend = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
  if (!startsWith(b, iend, b.length - 8) || !hasPngPixels(b)) return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

function hasPngPixels(b: Uint8Array): boolean {
  for (let offset = 8; offset + 12 <= b.length; offset += 12 + u32be(b, offset)) {
    const type = ascii(b, offset + 4, 4);
    if (type === "IDAT") return true;
    if (type === "IEND") return false;
  }
  return false;
}

/** An end-of-image marker anywhere after the header (some cameras append data after it). */
function hasJpegEnd(b: Uint8Array): boolean {
  for (let i = b.length - 2; i > 2; i--) if (b[i] === 0xff && b[i + 1] === 0xd9) return true;
  return false;
}

/**
 * JPEG: walk the segments to the first start-of-scan marker, taking the size from the frame header
 * before it; a file without a scan (a header and an end, no picture) is damaged, and the file must
 * hold an EOI marker.
 */
function jpegSize(b: Uint8Array): Size {
  if (!hasJpegEnd(b)) return null;
  let size: Size = null;
  let offset = 2;
  while (offset + 4 <= b.length) {
    if (b[offset] !== 0xff) return null;
    const marker = b[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = u16be(b, offset + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (offset + 9 > b.length) return null;
      size ??= { height: u16be(b, offset + 5), width: u16be(b, offset + 7) };
    }
    // The scan: the picture's data follows (null when no frame header came first).
    if (marker === 0xda) return size;
    if (marker === 0xd9) return null; // the end before any scan
    offset += 2 + length;
  }
  return null;
}

/** WebP: a RIFF container whose declared size matches the file, then VP8, VP8L or VP8X. */
function webpSize(b: Uint8Array): Size {
  if (b.length < 25 || u32le(b, 4) + 8 !== b.length) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8 ") {
    if (b.length < 30 || !startsWith(b, [0x9d, 0x01, 0x2a], 23)) return null;
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === "VP8L") {
    if (b[20] !== 0x2f) return null;
    const bits = u32le(b, 21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  // An extended file names its size in VP8X and holds its picture in a later chunk.
  if (chunk === "VP8X" && b.length >= 30 && hasWebpPicture(b)) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

/** A VP8 or VP8L image or an animation frame (ANMF) among the RIFF chunks. */
function hasWebpPicture(b: Uint8Array): boolean {
  for (let offset = 12; offset + 8 <= b.length;) {
    const type = ascii(b, offset, 4);
    if (type === "VP8 " || type === "VP8L" || type === "ANMF") return true;
    const size = u32le(b, offset + 4);
    offset += 8 + size + (size % 2); // chunks are padded to an even size
  }
  return false;
}

/** ISO-BMFF boxes in [start, end): type, payload start and end. */
export function* boxes(b: Uint8Array, start: number, end: number): Generator<{ type: string; body: number; end: number }> {
  let offset = start;
  while (offset + 8 <= end) {
    let size = u32be(b, offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end || u32be(b, offset + 8) !== 0) return; // 64-bit sizes past 4 GB: not an upload
      size = u32be(b, offset + 12);
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || offset + size > end) return;
    yield { type: ascii(b, offset + 4, 4), body: offset + header, end: offset + size };
    offset += size;
  }
}

/** AVIF: an `ftyp` box naming an AVIF brand, the image size from `meta/iprp/ipco/ispe`, and a non-empty `mdat`. */
function avifSize(b: Uint8Array): Size {
  const all = [...boxes(b, 0, b.length)];
  const meta = all.find((box) => box.type === "meta");
  if (!meta || !all.some((box) => box.type === "mdat" && box.end > box.body)) return null;
  // `meta` is a full box: 4 bytes of version and flags before its children.
  const iprp = [...boxes(b, meta.body + 4, meta.end)].find((box) => box.type === "iprp");
  const ipco = iprp && [...boxes(b, iprp.body, iprp.end)].find((box) => box.type === "ipco");
  const ispe = ipco && [...boxes(b, ipco.body, ipco.end)].find((box) => box.type === "ispe");
  if (!ispe || ispe.end - ispe.body < 12) return null;
  return { width: u32be(b, ispe.body + 4), height: u32be(b, ispe.body + 8) };
}

function isAvif(b: Uint8Array): boolean {
  if (ascii(b, 4, 4) !== "ftyp") return false;
  const size = u32be(b, 0);
  if (size < 16 || size > b.length) return false;
  const brands = [ascii(b, 8, 4)];
  for (let offset = 16; offset + 4 <= size; offset += 4) brands.push(ascii(b, offset, 4));
  return brands.includes("avif") || brands.includes("avis");
}

function detect(b: Uint8Array): ImageFormat | null {
  if (startsWith(b, PNG_SIGNATURE)) return "png";
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "jpeg";
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return "webp";
  if (isAvif(b)) return "avif";
  return null;
}

const SIZE_OF: Record<ImageFormat, (b: Uint8Array) => Size> = { png: pngSize, jpeg: jpegSize, webp: webpSize, avif: avifSize };

/** The checks every uploaded image passes before anything is stored. */
export function checkImage(bytes: Uint8Array): ImageCheck {
  if (bytes.length === 0) return { ok: false, error: IMAGE_ERRORS.empty };
  if (bytes.length > MAX_IMAGE_BYTES) return { ok: false, error: IMAGE_ERRORS.tooLarge };
  const format = detect(bytes);
  if (!format) return { ok: false, error: IMAGE_ERRORS.notAnImage };
  const size = SIZE_OF[format](bytes);
  if (!size || size.width === 0 || size.height === 0) return { ok: false, error: IMAGE_ERRORS.damaged };
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) return { ok: false, error: IMAGE_ERRORS.tooManyPixels };
  return { ok: true, format, ...size };
}
