import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/basics";
import { CraftDetail } from "~/components/CraftDetail";
import { NotFound } from "~/components/NotFound";
import { pageMeta } from "~/components/page-meta";
import { CRAFT_STATUS_LABELS } from "~/domain/community-crafts";
import { parseId } from "~/domain/ids";
import { getSessionUser } from "~/server/auth/session.server";
import { catalogueCacheHeaders, catalogueHeaders } from "~/server/features/catalogue.server";
import { loadCraftPage } from "~/server/features/community-crafts.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  // An id that cannot exist still asks the batch (for id 0), so every answer costs one round trip.
  const id = parseId(params.craftId) ?? 0;
  const page = await loadCraftPage(context, id, getSessionUser(context));
  // A pending or rejected craft is as missing as no craft, except to its author and admins.
  if (!page) return data({ page: null }, { status: 404, headers: catalogueCacheHeaders(request) });
  const headers = page.craft.status === "published" ? catalogueCacheHeaders(request) : { "Cache-Control": "private, no-store" };
  return data({ page }, { headers });
}

export const headers = catalogueHeaders;

export default function StickerCraftPage() {
  const { page } = useLoaderData<typeof loader>();
  if (!page) return <NotFound heading="Sticker craft not found." backHref="/sticker-crafts" backLabel="All sticker crafts" />;
  const { status, rejectionReason } = page.craft;
  const notice =
    status === "published" ? null : (
      <div className="mt-3">
        <Notice tone="info">
          {`${CRAFT_STATUS_LABELS[status]}: only you and the moderators can see this craft.${status === "rejected" && rejectionReason ? ` Reason: ${rejectionReason}` : ""}`}
        </Notice>
      </div>
    );
  return <CraftDetail {...page} notice={notice} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const craft = data?.page?.craft;
  if (!craft) {
    return pageMeta(matches, { title: "Sticker craft not found", description: "Sticker craft not found.", path: location.pathname, noindex: true });
  }
  return pageMeta(matches, {
    title: craft.name,
    description: craft.description ?? `${craft.name}: a sticker craft on the ${craft.skinName}.`,
    path: `/sticker-crafts/${craft.id}`,
    noindex: craft.status !== "published",
    openGraph: { image: craft.ingameImage ?? craft.skinImage, type: "article" },
  });
};
