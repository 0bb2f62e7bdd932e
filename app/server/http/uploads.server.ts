import { checkImage, IMAGE_ERRORS, IMAGE_FORMATS, MAX_IMAGE_BYTES, type ImageFormat } from "~/domain/images";

export type CappedForm = { ok: true; form: FormData } | { ok: false; status: 400 | 413; message: string };

/**
 * Reads a form body, refusing it once more than `maxBytes` have arrived: the declared length is
 * checked first and the stream is counted as it is read, so a body never sits in memory past the cap.
 */
export async function readCappedFormData(request: Request, maxBytes: number): Promise<CappedForm> {
  const tooLarge = { ok: false, status: 413, message: `The form is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.` } as const;
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel();
    return tooLarge;
  }
  let seen = 0;
  let exceeded = false;
  const counted = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) {
          exceeded = true;
          controller.error(new Error("body too large"));
        } else {
          controller.enqueue(chunk);
        }
      },
    }),
  );
  try {
    const form = await new Response(counted ?? "", { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
    return { ok: true, form };
  } catch {
    return exceeded ? tooLarge : { ok: false, status: 400, message: "The form could not be read." };
  }
}

export interface CheckedImage {
  bytes: Uint8Array;
  format: ImageFormat;
}

/**
 * One file field of a form: nothing chosen (an empty, unnamed part, as browsers send it), a checked
 * image, or the reason it is refused.
 */
export async function readImageField(value: FormDataEntryValue | null): Promise<{ image: CheckedImage | null } | { error: string }> {
  if (value === null || value === "") return { image: null };
  if (typeof value === "string") return { error: IMAGE_ERRORS.notAnImage };
  if (value.size === 0 && value.name === "") return { image: null };
  if (value.size > MAX_IMAGE_BYTES) return { error: IMAGE_ERRORS.tooLarge };
  const bytes = new Uint8Array(await value.arrayBuffer());
  const check = checkImage(bytes);
  return check.ok ? { image: { bytes, format: check.format } } : { error: check.error };
}

/** Puts images at their keys (replacing what was there) with the Content-Type their bytes prove. */
export async function putImages(bucket: R2Bucket, images: readonly { key: string; image: CheckedImage }[], customMetadata?: Record<string, string>): Promise<void> {
  await Promise.all(
    images.map(({ key, image }) =>
      bucket.put(key, image.bytes, { httpMetadata: { contentType: IMAGE_FORMATS[image.format].contentType }, customMetadata }),
    ),
  );
}

/** Deletes every object under `prefix` except the keys in `keep`. */
export async function deleteImagesUnder(bucket: R2Bucket, prefix: string, keep: ReadonlySet<string> = new Set()): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    const doomed = page.objects.map((object) => object.key).filter((key) => !keep.has(key));
    if (doomed.length > 0) await bucket.delete(doomed);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}
