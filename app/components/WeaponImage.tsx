import { useEffect, useRef, useState } from "react";

const PLACEHOLDER = "/weapon-placeholder.svg";

/** Tries each source in turn (a skin's image, the default weapon image), then the placeholder icon. */
export function WeaponImage({ sources, alt, className }: { sources: (string | null)[]; alt: string; className?: string }) {
  const candidates = [...sources.filter((s): s is string => Boolean(s)), PLACEHOLDER];
  const [index, setIndex] = useState(0);
  const image = useRef<HTMLImageElement>(null);
  const next = () => setIndex((current) => Math.min(current + 1, candidates.length - 1));

  // A server-rendered image can fail before React attaches onError; catch that up after hydration.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) next();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the first source can fail unseen
  }, []);

  return (
    <img
      ref={image}
      src={candidates[index]}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={className}
      onError={next}
    />
  );
}
