import { useState } from "react";

const PLACEHOLDER = "/weapon-placeholder.svg";

/** Tries each source in turn (a skin's image, the default weapon image), then the placeholder icon. */
export function WeaponImage({ sources, alt, className }: { sources: (string | null)[]; alt: string; className?: string }) {
  const candidates = [...sources.filter((s): s is string => Boolean(s)), PLACEHOLDER];
  const [index, setIndex] = useState(0);
  return (
    <img
      src={candidates[index]}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={className}
      onError={() => setIndex((current) => Math.min(current + 1, candidates.length - 1))}
    />
  );
}
