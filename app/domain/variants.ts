/** The kinds a skin's item comes in: normal, StatTrak (where a case holds it) or Souvenir (a souvenir package). */
export const VARIANTS = ["normal", "stattrak", "souvenir"] as const;
export type Variant = (typeof VARIANTS)[number];

export const VARIANT_NAMES: Record<Variant, string> = {
  normal: "Normal",
  stattrak: "StatTrak™",
  souvenir: "Souvenir",
};

/** The variants a skin can be: always normal, then StatTrak and Souvenir where the catalogue says so. */
export function variantsOf(skin: { stattrak: boolean; souvenir: boolean }): Variant[] {
  return VARIANTS.filter((variant) => variant === "normal" || skin[variant]);
}
