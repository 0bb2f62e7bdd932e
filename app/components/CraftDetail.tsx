import type { ReactNode } from "react";
import { formatDate } from "~/domain/dates";
import { leavingLink } from "~/domain/external-links";

import type { StickerPriceSource } from "~/domain/sticker-crafts";
import { PathLink } from "./links";
import { FallbackImage } from "./FallbackImage";
import { EnlargeableImage } from "./ImageViewer";
import { Breadcrumb } from "./basics";
import { useMoney } from "./money";

/** A sticker craft's page as loaded for it (the detail page and the moderators' preview show the same). */
export interface CraftDetailData {
  craft: {
    id: number;
    name: string;
    description: string | null;
    ingameImage: string | null;
    placementImage: string | null;
    externalCraftLink: string | null;
    skinId: string;
    skinName: string;
    skinImage: string;
    community: boolean;
  };
  stickers: {
    position: number;
    name: string;
    image: string | null;
    priceCents: number | null;
    /** 'market': the feed's price of the catalogue sticker; 'typed': the price an admin typed. */
    priceSource: StickerPriceSource | null;
    /** The catalogue sticker of exactly this name, whose page the name links to. */
    stickerId: number | null;
    externalLink: string | null;
    lastUpdated: number | null;
    share: number | null;
  }[];
  skinPrice: { minCents: number | null; maxCents: number | null };
  totals: { stickersCents: number; craftCents: number | null };
}

/** What the page says about where a sticker's price comes from. */
const PRICE_SOURCE_LABELS: Record<StickerPriceSource, string> = {
  market: "market price",
  typed: "price set by the SkinVault team",
};

/** Marks a craft made by a player rather than by the SkinVault team. */
export function CommunityBadge() {
  return <span className="rounded-full border border-accent px-2 py-0.5 text-xs font-semibold text-accent">Community craft</span>;
}

type Level = 1 | 2 | 3 | 4;

/** A sticker's market link, through the leaving page; nothing for a stored link that is no longer accepted. */
function StickerLink({ link, name }: { link: string | null; name: string }) {
  const leaving = leavingLink(link);
  if (!leaving) return null;
  return (
    <a href={leaving.path} rel="nofollow ugc" className="text-sm text-accent hover:underline">
      Market<span className="sr-only"> listing for {name}</span> on {leaving.host}
    </a>
  );
}

function Heading({ level, id, className, children }: { level: Level; id?: string; className?: string; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}

/**
 * A craft as visitors see it; `notice` (the author's view of its state) shows under the heading.
 * A preview inside another page (`preview`) looks the same, its headings one level down.
 */
export function CraftDetail({ craft, stickers, skinPrice, totals, notice, preview = false }: CraftDetailData & { notice?: ReactNode; preview?: boolean }) {
  const money = useMoney();
  const level = (n: 1 | 2 | 3) => (preview ? n + 1 : n) as Level;
  const craftLink = leavingLink(craft.externalCraftLink);
  const images = [
    { id: "ingame-full", src: craft.ingameImage, title: "In-game", alt: `${craft.name}, in game` },
    { id: "placement-full", src: craft.placementImage, title: "Placement guide", alt: `${craft.name}, sticker placement` },
  ];
  return (
    <article id="craft" className="space-y-8">
      <header>
        <Breadcrumb trail={[{ to: "/sticker-crafts", label: "Sticker Crafts" }]} />
        <Heading level={level(1)} className="text-3xl font-bold">
          {craft.name}
        </Heading>
        {craft.community ? (
          <p className="mt-2">
            <CommunityBadge />
          </p>
        ) : null}
        {notice}
        {craft.description ? <p className="mt-2 max-w-3xl whitespace-pre-line text-muted">{craft.description}</p> : null}
        {craftLink ? (
          <p className="mt-4">
            <a href={craftLink.path} rel="nofollow ugc" className="text-accent hover:underline">
              The craft on {craftLink.host}
            </a>
          </p>
        ) : null}
      </header>

      <section aria-labelledby={`${preview ? "preview-" : ""}skin-heading`} className="rounded-lg border border-line bg-panel p-4">
        <Heading level={level(2)} id={`${preview ? "preview-" : ""}skin-heading`} className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted">
          Skin
        </Heading>
        <a href={`/skins/${encodeURIComponent(craft.skinId)}`} className="flex items-center gap-4 hover:text-accent">
          <FallbackImage sources={[craft.skinImage]} alt="" className="h-20 w-28 shrink-0 object-contain" />
          <span>
            <span className="block text-lg font-semibold">{craft.skinName}</span>
            <span className="block text-sm text-muted">Price range: {money.range(skinPrice.minCents, skinPrice.maxCents)}</span>
          </span>
        </a>
      </section>

      <section aria-labelledby={`${preview ? "preview-" : ""}images-heading`}>
        <Heading level={level(2)} id={`${preview ? "preview-" : ""}images-heading`} className="mb-3 text-xl font-bold">
          Images
        </Heading>
        <div className="grid gap-4 md:grid-cols-2">
          {images.map((image) => (
            <figure key={image.id}>
              <figcaption className="mb-2 text-sm font-semibold text-muted">{image.title}</figcaption>
              {image.src ? (
                <EnlargeableImage id={image.id} sources={[image.src]} alt={image.alt} backTo="craft" />
              ) : (
                <p className="rounded-xl border border-dashed border-line p-8 text-center text-sm text-muted">No image yet.</p>
              )}
            </figure>
          ))}
        </div>
      </section>

      <section aria-labelledby={`${preview ? "preview-" : ""}stickers-heading`}>
        <Heading level={level(2)} id={`${preview ? "preview-" : ""}stickers-heading`} className="mb-3 text-xl font-bold">
          Stickers
        </Heading>
        {stickers.length === 0 ? (
          <p className="text-muted">This craft lists no stickers.</p>
        ) : (
          <ol className="space-y-3">
            {stickers.map((sticker) => (
              <li key={sticker.position} className="flex flex-wrap items-center gap-4 rounded-lg border border-line bg-panel p-3" data-testid="craft-sticker">
                <span className="w-8 shrink-0 text-center text-sm font-bold text-muted" aria-label={`Position ${sticker.position}`}>
                  {sticker.position}
                </span>
                {sticker.image ? <FallbackImage sources={[sticker.image]} alt="" className="h-16 w-16 shrink-0 object-contain" /> : null}
                <div className="min-w-0 flex-1">
                  <Heading level={level(3)} className="font-semibold">
                    {sticker.stickerId === null ? (
                      sticker.name
                    ) : (
                      <PathLink to={`/stickers/${sticker.stickerId}`} className="underline hover:text-accent">
                        {sticker.name}
                      </PathLink>
                    )}
                  </Heading>
                  <p className="text-sm text-muted" data-testid="craft-sticker-price">
                    {sticker.priceCents === null ? "No Data" : money.format(sticker.priceCents)}
                    {sticker.priceSource === null ? null : <> ({PRICE_SOURCE_LABELS[sticker.priceSource]})</>}
                    {sticker.share === null ? null : <> · {sticker.share.toFixed(1)}% of the stickers</>}
                    {sticker.lastUpdated ? <> · Last updated {formatDate(sticker.lastUpdated)}</> : null}
                  </p>
                </div>
                <StickerLink link={sticker.externalLink} name={sticker.name} />
              </li>
            ))}
          </ol>
        )}
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          <div className="rounded-lg border border-line bg-panel p-3">
            <dt className="text-sm text-muted">Stickers total</dt>
            <dd className="text-xl font-bold">{money.format(totals.stickersCents)}</dd>
          </div>
          <div className="rounded-lg border border-line bg-panel p-3">
            <dt className="text-sm text-muted">Craft cost (cheapest wear of the skin plus the stickers)</dt>
            <dd className="text-xl font-bold">{totals.craftCents === null ? "No Data" : money.format(totals.craftCents)}</dd>
          </div>
        </dl>
      </section>
    </article>
  );
}
