import { describe, expect, it } from "vitest";
import { checkImage, IMAGE_ERRORS, MAX_IMAGE_BYTES } from "~/domain/images";
import { avif, bytesOf, concat, jpeg, PIXEL_PNG, png, riffChunk, webp, webpFile } from "../fixtures/images";

describe("checkImage: PNG, JPEG, WebP and AVIF by their bytes, with sizes from the headers", () => {
  it.each([
    ["a real 1 x 1 PNG", PIXEL_PNG, "png", 1, 1],
    ["PNG", png(640, 480), "png", 640, 480],
    ["JPEG", jpeg(1920, 1080), "jpeg", 1920, 1080],
    ["WebP (VP8X)", webp(800, 600), "webp", 800, 600],
    ["WebP (VP8L)", webp(300, 200, "VP8L"), "webp", 300, 200],
    ["WebP (VP8)", webp(320, 240, "VP8 "), "webp", 320, 240],
    ["AVIF", avif(1024, 768), "avif", 1024, 768],
    ["exactly 4096 x 4096", png(4096, 4096), "png", 4096, 4096],
  ] as const)("accepts %s", (_label, bytes, format, width, height) => {
    expect(checkImage(bytes)).toEqual({ ok: true, format, width, height });
  });

  it.each([
    ["nothing", new Uint8Array(0), IMAGE_ERRORS.empty],
    ["SVG", bytesOf('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), IMAGE_ERRORS.notAnImage],
    ["HTML", bytesOf("<!doctype html><script>alert(1)</script>"), IMAGE_ERRORS.notAnImage],
    ["GIF", bytesOf("GIF89a\x01\x00\x01\x00"), IMAGE_ERRORS.notAnImage],
    ["a PNG signature followed by HTML", concat(png(1, 1).subarray(0, 8), bytesOf("<html><script>alert(1)</script></html>")), IMAGE_ERRORS.damaged],
    ["a truncated PNG", png(10, 10).subarray(0, 40), IMAGE_ERRORS.damaged],
    ["a truncated JPEG", jpeg(10, 10).subarray(0, 12), IMAGE_ERRORS.damaged],
    ["a WebP whose RIFF size lies", concat(webp(10, 10), [0, 0]), IMAGE_ERRORS.damaged],
    ["an AVIF without image data", avif(10, 10).subarray(0, 60), IMAGE_ERRORS.damaged],
    ["zero width", png(0, 10), IMAGE_ERRORS.damaged],
    // Headers with no picture after them: a broken image on the page, so refused.
    ["a PNG without pixel data (no IDAT)", concat(png(10, 10).subarray(0, 33), png(10, 10).subarray(-12)), IMAGE_ERRORS.damaged],
    ["a JPEG with a frame header but no scan", concat(jpeg(10, 10).subarray(0, 39), [0xff, 0xd9]), IMAGE_ERRORS.damaged],
    ["an extended WebP with only its VP8X header", webpFile([riffChunk("VP8X", [0, 0, 0, 0, 9, 0, 0, 9, 0, 0])]), IMAGE_ERRORS.damaged],
    ["an AVIF whose mdat is empty", concat(avif(10, 10).subarray(0, -12), [0, 0, 0, 8], bytesOf("mdat")), IMAGE_ERRORS.damaged],
    ["4097 pixels wide", png(4097, 10), IMAGE_ERRORS.tooManyPixels],
    ["a huge declared JPEG", jpeg(65535, 65535), IMAGE_ERRORS.tooManyPixels],
    ["a huge declared WebP", webp(16383, 16383), IMAGE_ERRORS.tooManyPixels],
    ["a huge declared AVIF", avif(100000, 100000), IMAGE_ERRORS.tooManyPixels],
    ["a PNG declaring 2^31 pixels", png(0x7fffffff, 1), IMAGE_ERRORS.tooManyPixels],
    ["over 5 MB", png(10, 10, MAX_IMAGE_BYTES), IMAGE_ERRORS.tooLarge],
  ] as const)("refuses %s", (_label, bytes, error) => {
    expect(checkImage(bytes)).toEqual({ ok: false, error });
  });

  it("accepts an image of exactly 5 MB", () => {
    const bytes = png(10, 10);
    const padded = png(10, 10, MAX_IMAGE_BYTES - bytes.length);
    expect(padded.length).toBe(MAX_IMAGE_BYTES);
    expect(checkImage(padded).ok).toBe(true);
  });
});
