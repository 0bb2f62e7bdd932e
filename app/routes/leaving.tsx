import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/basics";
import { pageMeta } from "~/components/page-meta";
import { LINK_REFUSED, LINK_RULE, parseExternalLink } from "~/domain/external-links";

/**
 * The leaving page: every link out (a sticker craft's, a sticker's) comes here first. It names the
 * host the browser will go to and offers a plain link onward; it never redirects by itself, and it
 * refuses (400) anything the craft forms would not accept, so it carries nobody anywhere else.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const to = new URL(request.url).searchParams.getAll("to");
  const link = to.length === 1 ? parseExternalLink(to[0] ?? "") : null;
  return data({ link }, { status: link ? 200 : 400 });
}

export default function LeavingPage() {
  const { link } = useLoaderData<typeof loader>();
  if (!link) {
    return (
      <section className="mx-auto max-w-2xl py-16 text-center">
        <h1 className="text-2xl font-bold">{LINK_REFUSED}</h1>
        <p className="mt-4 text-muted">{LINK_RULE}</p>
        <Link to="/sticker-crafts" className={`${buttonClass} mt-6 inline-block`}>
          All sticker crafts
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-2xl space-y-4 py-16">
      <h1 className="text-2xl font-bold">You are leaving SkinVault</h1>
      <p>
        This link goes to <strong className="break-all text-lg">{link.host}</strong>, a site SkinVault does not run. Check the address before you sign in or pay
        there.
      </p>
      <p className="break-all rounded-md border border-line bg-panel p-3 font-mono text-sm" data-testid="leaving-address">
        {link.href}
      </p>
      <p className="flex flex-wrap gap-4">
        <a href={link.href} rel="nofollow ugc noopener noreferrer" referrerPolicy="no-referrer" className={buttonClass}>
          Continue to {link.host}
        </a>
        <Link to="/sticker-crafts" className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
          Stay on SkinVault
        </Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data?.link ? `Leaving SkinVault for ${data.link.host}` : "Link refused",
    description: data?.link ? `A link to ${data.link.host}, outside SkinVault.` : LINK_REFUSED,
    path: "/leaving",
    noindex: true,
  });
