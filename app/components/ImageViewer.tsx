import { FallbackImage } from "./FallbackImage";

/**
 * An image that enlarges without JavaScript: the thumbnail links to a full-screen viewer shown by
 * CSS `:target`, whose Close link returns to `backTo` (an element id on the page). `sources` is
 * the fallback chain (the image, then another one), ending in the placeholder.
 */
export function EnlargeableImage({
  id,
  sources,
  alt,
  backTo,
  className,
  lazy = true,
}: {
  id: string;
  sources: (string | null | undefined)[];
  alt: string;
  backTo: string;
  className?: string;
  lazy?: boolean;
}) {
  return (
    <>
      <a href={`#${id}`} className="block rounded-xl border border-line bg-panel p-4 hover:border-accent" aria-label={`Enlarge image of ${alt}`}>
        <FallbackImage sources={sources} alt={alt} lazy={lazy} className={className ?? "mx-auto aspect-[4/3] w-full object-contain"} />
      </a>
      <div id={id} role="dialog" aria-label={`${alt}, enlarged`} className="fixed inset-0 z-50 hidden items-center justify-center bg-black/90 p-4 target:flex">
        <FallbackImage sources={sources} alt={alt} className="max-h-full max-w-full object-contain" />
        <a href={`#${backTo}`} className="absolute right-4 top-4 rounded-md bg-panel px-3 py-2 text-sm font-semibold hover:bg-panel-2">
          Close
        </a>
      </div>
    </>
  );
}
