import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stripImageMetadata } from "~/domain/image-metadata";
import { checkImage, IMAGE_ERRORS, type ImageFormat } from "~/domain/images";
import { GPS_JPEG, GPS_MARKER, GPS_PNG, GPS_WEBP, GPS_WEBP_LOSSY } from "../fixtures/gps-images";
import { avif, bytesOf, concat, imageData, jpeg, PIXEL_PNG, png, pngChunk, riffChunk, webp, webpFile } from "../fixtures/images";

const contains = (haystack: Uint8Array, needle: Uint8Array) => {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
};
const MARKER = bytesOf(GPS_MARKER);
/** Where a phone puts the EXIF block: its header, in any container. */
const EXIF_HEADER = bytesOf("Exif\0\0");

function strip(bytes: Uint8Array): Uint8Array {
  const check = checkImage(bytes);
  if (!check.ok) throw new Error(check.error);
  const result = stripImageMetadata(bytes, check.format);
  if (!result.ok) throw new Error(result.error);
  return result.bytes;
}

describe("stripImageMetadata: fixtures written by Pillow with a GPS position", () => {
  it.each([
    ["JPEG", GPS_JPEG, "jpeg"],
    ["PNG", GPS_PNG, "png"],
    ["WebP (lossless, VP8X with EXIF and XMP)", GPS_WEBP, "webp"],
    ["WebP (lossy, VP8X with EXIF)", GPS_WEBP_LOSSY, "webp"],
  ] as const)("%s: the GPS position, the EXIF block and the text are gone, the pixel data is the same bytes", (_label, bytes, format) => {
    expect(contains(bytes, MARKER)).toBe(true);
    const stripped = strip(bytes);
    expect(contains(stripped, MARKER)).toBe(false);
    expect(contains(stripped, EXIF_HEADER)).toBe(false);
    expect(stripped.length).toBeLessThan(bytes.length);
    expect(checkImage(stripped)).toEqual({ ok: true, format, width: 16, height: 12 });
    expect(imageData(stripped, format)).toEqual(imageData(bytes, format));
    expect(strip(stripped)).toEqual(stripped);
  });

  it("WebP: the VP8X flags no longer announce EXIF or XMP, and the RIFF size is the file's", () => {
    expect(GPS_WEBP[20]! & 0x0c).toBe(0x0c);
    const stripped = strip(GPS_WEBP);
    expect(stripped[20]! & 0x0c).toBe(0);
    expect(new DataView(stripped.buffer, stripped.byteOffset).getUint32(4, true) + 8).toBe(stripped.length);
  });

  it("keeps images without metadata as they are (the test fixtures, a real 1 x 1 PNG)", () => {
    for (const bytes of [PIXEL_PNG, png(10, 10), jpeg(20, 10), webp(8, 8), webp(8, 8, "VP8L"), webp(8, 8, "VP8 "), avif(10, 10)]) {
      expect(strip(bytes)).toEqual(bytes);
    }
  });

  it("drops data after the image's end (a JPEG's appended trailer, bytes after a PNG's IEND)", () => {
    expect(strip(concat(jpeg(4, 4), MARKER))).toEqual(jpeg(4, 4));
    const trailing = concat(png(4, 4), MARKER);
    // checkImage wants IEND last, so the trailer is stripped directly.
    expect(stripImageMetadata(trailing, "png")).toEqual({ ok: true, bytes: png(4, 4) });
  });
});

describe("stripImageMetadata refuses damaged containers", () => {
  const damaged = { ok: false, error: IMAGE_ERRORS.damaged };
  const jpegParts = jpeg(4, 4);
  it.each([
    ["a JPEG segment longer than the file", concat(jpegParts.subarray(0, 2), [0xff, 0xe1, 0x7f, 0xff, 1, 2, 3], [0xff, 0xd9]), "jpeg"],
    ["a JPEG whose scan never ends", concat(jpegParts.subarray(0, jpegParts.length - 2)), "jpeg"],
    ["a JPEG with bytes where a marker belongs", concat(jpegParts.subarray(0, 2), [0x12, 0x34], [0xff, 0xd9]), "jpeg"],
    ["a PNG chunk longer than the file", concat(png(4, 4).subarray(0, 33), [0, 0, 0x7f, 0xff, 0x74, 0x45, 0x58, 0x74]), "png"],
    ["a PNG without IEND", png(4, 4).subarray(0, 33), "png"],
    ["a PNG chunk type that is not letters", concat(png(4, 4).subarray(0, 33), [0, 0, 0, 0, 0x31, 0x32, 0x33, 0x34, 0, 0, 0, 0]), "png"],
    ["a WebP chunk longer than the RIFF", webpFile([riffChunk("VP8L", [0x2f, 0, 0, 0, 0]), [...bytesOf("EXIF"), 0xff, 0, 0, 0]]), "webp"],
    ["a WebP whose first chunk is not an image", webpFile([riffChunk("EXIF", [1, 2]), riffChunk("VP8L", [0x2f, 0, 0, 0, 0])]), "webp"],
    ["a WebP whose VP8X chunk is too short", webpFile([riffChunk("VP8X", [0, 0, 0, 0])]), "webp"],
    ["a WebP whose RIFF size lies", concat(webp(4, 4), [0, 0]), "webp"],
    ["an AVIF without a meta box", bytesOf("\0\0\0\x10ftypavif\0\0\0\0"), "avif"],
  ] as const)("%s", (_label, bytes, format: ImageFormat) => {
    expect(stripImageMetadata(bytes, format)).toEqual(damaged);
  });

  it("refuses an AVIF that carries an EXIF item, with a message saying what to do", () => {
    const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
    const box = (type: string, ...body: number[][]) => [...u32(8 + body.flat().length), ...bytesOf(type), ...body.flat()];
    const infe = box("infe", [2, 0, 0, 0], [0, 1], [0, 0], [...bytesOf("Exif")], [0]);
    const meta = box("meta", u32(0), box("iinf", [0, 0, 0, 0], [0, 1], infe));
    const file = Uint8Array.from([...box("ftyp", [...bytesOf("avif")], u32(0)), ...meta, ...box("mdat", [1])]);
    expect(stripImageMetadata(file, "avif")).toEqual({ ok: false, error: IMAGE_ERRORS.avifMetadata });
  });
});

// ---------------------------------------------------------------- properties

/** Bytes that cannot hold the marker (it starts with 'G'; these stay below it). */
const plainBytes = (max: number) => fc.uint8Array({ minLength: 0, maxLength: max, max: 0x46 });
const withMarker = plainBytes(24).map((bytes) => concat(bytes, MARKER, bytes));

const pngMetadata = fc.tuple(fc.constantFrom("tEXt", "zTXt", "iTXt", "eXIf", "tIME", "prVt"), withMarker).map(([type, data]) => pngChunk(type, data));
const pngKept = fc.oneof(
  plainBytes(40).map((data) => pngChunk("IDAT", data)),
  fc.constant(pngChunk("gAMA", [0, 0, 0xb1, 0x8f])),
  plainBytes(12).map((data) => pngChunk("sPLT", data)),
);
const arbitraryPng = fc
  .array(fc.oneof(pngMetadata, pngKept), { maxLength: 8 })
  .map((chunks) => concat(png(7, 5).subarray(0, 33), ...chunks, pngChunk("IDAT", [1, 2, 3]), pngChunk("IEND", [])));

const segment = (marker: number, payload: Uint8Array | number[]) =>
  concat([0xff, marker, ((payload.length + 2) >> 8) & 0xff, (payload.length + 2) & 0xff], payload);
const jpegMetadata = fc.oneof(
  withMarker.map((data) => segment(0xe1, concat(EXIF_HEADER, data))),
  withMarker.map((data) => segment(0xe1, concat(bytesOf("http://ns.adobe.com/xap/1.0/\0"), data))),
  withMarker.map((data) => segment(0xed, concat(bytesOf("Photoshop 3.0\0"), data))),
  withMarker.map((data) => segment(0xfe, data)),
  withMarker.map((data) => segment(0xe2, concat(bytesOf("MPF\0"), data))),
);
const jpegKept = fc.oneof(
  plainBytes(65).map((data) => segment(0xdb, data)),
  plainBytes(30).map((data) => segment(0xc4, data)),
  plainBytes(30).map((data) => segment(0xe2, concat(bytesOf("ICC_PROFILE\0"), data))),
);
/** Entropy-coded data: any bytes, each 0xFF stuffed with a zero, restart markers between. */
const entropy = fc
  .array(fc.uint8Array({ maxLength: 20 }), { minLength: 1, maxLength: 3 })
  .map((runs) =>
    concat(
      ...runs.flatMap((run, i) => [
        Uint8Array.from([...run].flatMap((byte) => (byte === 0xff ? [0xff, 0] : [byte]))),
        i < runs.length - 1 ? [0xff, 0xd0 + (i % 8)] : [],
      ]),
    ),
  );
const arbitraryJpeg = fc
  .tuple(fc.array(fc.oneof(jpegMetadata, jpegKept), { maxLength: 8 }), entropy, fc.option(withMarker))
  .map(([segments, data, trailer]) =>
    concat(
      [0xff, 0xd8],
      segment(0xe0, concat(bytesOf("JFIF\0"), [1, 1, 0, 0, 1, 0, 1, 0, 0])),
      ...segments,
      segment(0xc0, [8, 0, 5, 0, 7, 1, 1, 0x11, 0]),
      segment(0xda, [1, 1, 0, 0, 0x3f, 0]),
      data,
      [0xff, 0xd9],
      trailer ?? [],
    ),
  );

const webpMetadata = fc.tuple(fc.constantFrom("EXIF", "XMP ", "abcd"), withMarker).map(([type, data]) => riffChunk(type, data));
const webpKept = fc.oneof(
  plainBytes(21).map((data) => riffChunk("ICCP", data)),
  plainBytes(21).map((data) => riffChunk("ALPH", data)),
);
const arbitraryWebp = fc
  .tuple(fc.integer({ min: 0, max: 0x3e }), fc.array(fc.oneof(webpMetadata, webpKept), { maxLength: 8 }), plainBytes(30))
  .map(([flags, chunks, pixels]) =>
    webpFile([riffChunk("VP8X", [flags, 0, 0, 0, 6, 0, 0, 4, 0, 0]), ...chunks, riffChunk("VP8L", concat([0x2f, 6, 0x10, 0, 0], pixels))]),
  );

describe("stripImageMetadata: properties over generated files", () => {
  it.each([
    ["PNG", arbitraryPng, "png"],
    ["JPEG", arbitraryJpeg, "jpeg"],
    ["WebP", arbitraryWebp, "webp"],
  ] as const)("%s: the output never holds the GPS marker, keeps the pixel data and size, and stripping again changes nothing", (_label, files, format) => {
    fc.assert(
      fc.property(files, (bytes) => {
        const before = checkImage(bytes);
        expect(before.ok).toBe(true);
        const stripped = strip(bytes);
        expect(contains(stripped, MARKER)).toBe(false);
        expect(checkImage(stripped)).toEqual(before);
        expect(imageData(stripped, format)).toEqual(imageData(bytes, format));
        expect(strip(stripped)).toEqual(stripped);
      }),
    );
  });

  it("WebP: the VP8X flags keep everything but the EXIF and XMP bits", () => {
    fc.assert(
      fc.property(arbitraryWebp, (bytes) => {
        expect(strip(bytes)[20]).toBe(bytes[20]! & ~0x0c);
      }),
    );
  });
});
