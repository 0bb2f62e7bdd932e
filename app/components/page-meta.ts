import type { MetaDescriptor } from "@remix-run/cloudflare";

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
