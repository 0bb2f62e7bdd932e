import { useEffect, useRef, useState } from "react";

export const PLACEHOLDER_IMAGE = "/weapon-placeholder.svg";

/**
 * An image of a skin, weapon, crate, collection or sticker that never shows the browser's
 * broken-image icon. With JavaScript it tries each source in turn (a skin's image, then another
 * such as the weapon's default image), then the placeholder icon. Without JavaScript (or before
 * hydration) a failed image is covered by the placeholder through CSS (`.fallback-image::before` in
 * app.css: only a broken image renders a pseudo-element), so its alt text never spills over.
 */
export function FallbackImage({
  sources,
  alt,
  className,
  lazy = true,
  width,
  height,
}: {
  sources: (string | null | undefined)[];
  alt: string;
  className?: string;
  lazy?: boolean;
  /** The image's intrinsic size, so its box is reserved before it loads (nothing shifts). */
  width?: number;
  height?: number;
}) {
  const candidates = [...sources.filter((s): s is string => Boolean(s)), PLACEHOLDER_IMAGE];
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
      width={width}
      height={height}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
      className={`fallback-image ${className ?? ""}`}
      onError={next}
    />
  );
}
