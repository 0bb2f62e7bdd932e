import { stripImageMetadata } from "~/domain/image-metadata";
import { checkImage, IMAGE_ERRORS, IMAGE_FORMATS, MAX_IMAGE_BYTES, type ImageFormat } from "~/domain/images";

export interface CheckedImage {
  bytes: Uint8Array;
  format: ImageFormat;
}

/**
 * One file field of a form: nothing chosen (an empty, unnamed part, as browsers send it), a checked
 * image without its metadata (what is stored and served), or the reason it is refused.
 */
export async function readImageField(value: FormDataEntryValue | null): Promise<{ image: CheckedImage | null } | { error: string }> {
  if (value === null || value === "") return { image: null };
  if (typeof value === "string") return { error: IMAGE_ERRORS.notAnImage };
  if (value.size === 0 && value.name === "") return { image: null };
  if (value.size > MAX_IMAGE_BYTES) return { error: IMAGE_ERRORS.tooLarge };
  const bytes = new Uint8Array(await value.arrayBuffer());
  const check = checkImage(bytes);
  if (!check.ok) return { error: check.error };
  const stripped = stripImageMetadata(bytes, check.format);
  return stripped.ok ? { image: { bytes: stripped.bytes, format: check.format } } : { error: stripped.error };
}

/** Marks the R2 objects of community crafts, so the image route checks who may see them. */
export const COMMUNITY_IMAGE_METADATA = { community: "1" } as const;

/** Puts images at their keys (replacing what was there) with the Content-Type their bytes prove. */
export async function putImages(
  bucket: R2Bucket,
  images: readonly { key: string; image: CheckedImage }[],
  customMetadata?: Record<string, string>,
): Promise<void> {
  await Promise.all(
    images.map(({ key, image }) => bucket.put(key, image.bytes, { httpMetadata: { contentType: IMAGE_FORMATS[image.format].contentType }, customMetadata })),
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

/**
 * Deletes the images of crafts whose rows are gone (their batch committed), prefix by prefix. An R2
 * fault here must not turn a delete that happened into an error: a community craft's images left
 * behind are served to no one (the image route finds no craft for them; an official craft's stay
 * public at their old URLs, as the year a cache may keep them allows anyway), and a warning, tagged
 * with what deleted them, names their prefixes for the operator (docs/operations/deploy.md).
 */
export async function deleteImagesOfDeletedCrafts(bucket: R2Bucket, craftIds: readonly number[], deletedBy: string): Promise<void> {
  const left: string[] = [];
  let fault: unknown;
  for (const id of craftIds) {
    try {
      await deleteImagesUnder(bucket, `${id}/`);
    } catch (error) {
      left.push(`${id}/`);
      fault ??= error;
    }
  }
  if (left.length > 0) console.warn(`[${deletedBy}] deleting the images of deleted crafts failed, left in R2 under ${left.join(", ")}: ${String(fault)}`);
}
