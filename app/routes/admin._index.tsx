import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/components/page-meta";
import { requireAdmin } from "~/server/auth/guards.server";
import { MODERATION_QUEUE_PATH } from "~/domain/community-crafts";
import { moderationCountsQuery } from "~/server/features/community-crafts.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Asked in the same tick as the session, so the page is one round trip; shown only to an admin.
  const admin = requireAdmin(context, request);
  const counts = context.load([moderationCountsQuery(context.db)]);
  const [{ email }, [rows]] = await Promise.all([admin, counts]);
  const waiting = rows[0] ?? { pending: 0, reports: 0 };
  return { email, waiting: { pending: Number(waiting.pending), reports: Number(waiting.reports) } };
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

const SECTIONS = [
  { to: "/admin/loadouts", title: "Official loadouts", text: "Create, edit and delete the curated loadouts." },
  { to: "/admin/sticker-crafts", title: "Sticker crafts", text: "Create, edit and delete sticker crafts and their stickers." },
  {
    to: "/admin/sticker-crafts/queue",
    title: "Moderation queue",
    text: "Review the crafts players submit: publish or reject them, unpublish community crafts.",
  },
];

export default function AdminDashboard() {
  const { email, waiting } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Admin Dashboard</h1>
        <p className="text-sm text-muted">Signed in as {email}</p>
      </div>
      <p data-testid="moderation-waiting">
        <Link to={MODERATION_QUEUE_PATH} className="font-semibold text-accent underline hover:text-accent-strong">
          {`${plural(waiting.pending, "craft waits", "crafts wait")} for review, ${plural(waiting.reports, "report is", "reports are")} open`}
        </Link>
      </p>
      <ul className="grid gap-4 sm:grid-cols-2">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Link to={section.to} className="block rounded-lg border border-line bg-panel p-5 hover:border-accent">
              <span className="text-lg font-semibold">{section.title}</span>
              <span className="mt-1 block text-sm text-muted">{section.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Admin Dashboard", description: "Manage official loadouts and sticker crafts.", path: "/admin", noindex: true });
