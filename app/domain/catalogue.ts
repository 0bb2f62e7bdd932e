export const CATEGORY_NAMES = ["Pistols", "SMGs", "Heavy", "Rifles", "Knives", "Gloves"] as const;
export type CategoryName = (typeof CATEGORY_NAMES)[number];

/** Readable, URL-safe id: "AK-47 | Redline" -> "ak-47-redline", "★ Karambit | Fade" -> "karambit-fade". */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** What search compares: lower case, letters and digits only ("AK-47 | Redline" -> "ak47redline"). */
export function searchKey(text: string): string {
  return slugify(text).replace(/-/g, "");
}
