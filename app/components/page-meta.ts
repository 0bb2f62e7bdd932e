import type { MetaDescriptor } from "@remix-run/cloudflare";
import type { PageCurrency } from "~/domain/currency";
import { moneyFor, US_DOLLARS, type Money } from "~/domain/money";

interface PageMetaOptions {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/skins/ak-47-redline". */
  path: string;
  /** Legal pages and error pages are kept out of search results. */
  noindex?: boolean;
  /** Catalogue pages share an Open Graph card. */
  openGraph?: { image?: string | null; type?: "website" | "article" };
}

/** The site's origin as the root loader reports it (APP_ORIGIN), for canonical and Open Graph URLs. */
export function originFromMatches(matches: readonly { id: string; data?: unknown }[]): string {
  const root = matches.find((match) => match.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/** How the page writes amounts (the root loader's rate), for a `meta` function, which has no React context. */
export function moneyFromMatches(matches: readonly { id: string; data?: unknown }[]): Money {
  const root = matches.find((match) => match.id === "root")?.data as { currency?: PageCurrency } | undefined;
  return root?.currency ? moneyFor(root.currency.rate) : US_DOLLARS;
}

export function pageMeta(
  matches: readonly { id: string; data?: unknown }[],
  { title, description, path, noindex, openGraph }: PageMetaOptions,
): MetaDescriptor[] {
  const url = `${originFromMatches(matches)}${path}`;
  const fullTitle = `${title} | SkinVault`;
  const tags: MetaDescriptor[] = [{ title: fullTitle }, { name: "description", content: description }, { tagName: "link", rel: "canonical", href: url }];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  if (openGraph) {
    tags.push(
      { property: "og:title", content: fullTitle },
      { property: "og:description", content: description },
      { property: "og:url", content: url },
      { property: "og:type", content: openGraph.type ?? "website" },
      { property: "og:site_name", content: "SkinVault" },
    );
    // Uploaded images are paths of this site; Open Graph wants an absolute URL.
    if (openGraph.image)
      tags.push({ property: "og:image", content: openGraph.image.startsWith("/") ? `${originFromMatches(matches)}${openGraph.image}` : openGraph.image });
  }
  return tags;
}
