import { floatWithinRangeText } from "~/domain/float-range";
import { floatBarBands, floatMarker, floatRangeSpan, floatRangeText, type Wear } from "~/domain/wear";

/** Stripes for a band the skin cannot have (app.css): told apart by pattern as well as colour. */
const IMPOSSIBLE = "float-band-impossible";

/**
 * The float scale from 0 to 1 with the five wear bands, the skin's own float range under it and,
 * when given, a float marked on it (a tracked item's, or the one being typed). Drawn with CSS from
 * the server, so it needs no JavaScript and fits any width; the drawing is hidden from screen
 * readers, which read the caption and the list of bands (with their prices or 'Not possible')
 * instead. The marker is placed absolutely: it appearing or moving shifts nothing.
 */
export function FloatBar({
  minFloat,
  maxFloat,
  wears,
  marker,
  rangeLine = false,
  className = "",
}: {
  minFloat: number;
  maxFloat: number;
  /** Each wear's price label and whether it is enabled (the skin page); without it the bands carry no price. */
  wears?: readonly { wear: Wear; enabled: boolean; price: string }[];
  /** A float to mark; nothing is marked for null or a value that is not a float. */
  marker?: number | null;
  /** Show under the bar where the marked float lies within the skin's range (a line kept even when empty, so typing moves nothing). */
  rangeLine?: boolean;
  className?: string;
}) {
  const bands = floatBarBands(minFloat, maxFloat, wears);
  const range = floatRangeSpan(minFloat, maxFloat);
  const marked = floatMarker(marker, minFloat, maxFloat);
  const withinRange = marked ? floatWithinRangeText(marked.value, minFloat, maxFloat) : null;
  return (
    <figure className={`min-w-0 ${className}`} data-testid="float-bar">
      <figcaption className="text-xs text-muted">{floatRangeText(minFloat, maxFloat)}</figcaption>
      <div aria-hidden="true" className="select-none">
        <div className="mt-1.5">
          <div className="flex h-6 overflow-hidden rounded border border-line text-[10px] font-bold leading-none">
            {bands.map((band) => (
              <div
                key={band.wear}
                data-wear={band.wear}
                data-possible={band.possible}
                style={{ width: `${band.width}%` }}
                className={`flex items-center justify-center overflow-hidden border-l border-line first:border-l-0 ${band.possible ? "bg-panel-2 text-ink" : IMPOSSIBLE}`}
              >
                {band.wear}
              </div>
            ))}
          </div>
          <div className="relative mt-1.5 h-1.5 rounded-full bg-line">
            <div
              className="absolute inset-y-0 rounded-full bg-accent"
              style={{ left: `${range.start}%`, width: `${range.width}%` }}
              data-testid="float-range"
            />
            {/* On the range's track, clear of the band names; outlined so it shows on the accent too. */}
            {marked ? (
              <div
                className="absolute -bottom-1 -top-1 w-1 -translate-x-1/2 rounded-full bg-white shadow-[0_0_0_1.5px_var(--color-surface)]"
                style={{ left: `${marked.percent}%` }}
                data-testid="float-marker"
              />
            ) : null}
          </div>
        </div>
        <div className="mt-1.5 flex items-center justify-between gap-2 text-[10px] leading-none text-muted">
          <span>0</span>
          {bands.some((band) => !band.possible) ? (
            <span className="flex items-center gap-1">
              <span className={`inline-block h-2.5 w-3 rounded-sm border border-line ${IMPOSSIBLE}`} />
              Not possible
            </span>
          ) : null}
          <span>1</span>
        </div>
      </div>
      <ul className="sr-only">
        {bands.map((band) => (
          <li key={band.wear}>{band.text}</li>
        ))}
      </ul>
      {marked ? <p className="sr-only">{marked.text}</p> : null}
      {rangeLine ? (
        <p className="mt-1 min-h-4 text-xs text-muted" data-testid="float-in-range">
          {withinRange}
        </p>
      ) : null}
    </figure>
  );
}
