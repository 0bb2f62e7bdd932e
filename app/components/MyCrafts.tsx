import { Form, Link } from "@remix-run/react";
import { canAuthorEdit, CRAFT_STATUS_LABELS, type CraftStatus } from "~/domain/community-crafts";
import { formatDate } from "~/domain/dates";
import { DELETE_CONFIRM } from "~/forms/sticker-craft-texts";
import { buttonClass } from "./basics";
import { FallbackImage } from "./FallbackImage";
import { SubmitButton } from "./forms";

export interface MyCraft {
  id: number;
  name: string;
  status: CraftStatus;
  rejectionReason: string | null;
  ingameImage: string | null;
  submittedAt: number | null;
  skinName: string;
  skinImage: string;
}

const STATUS_CLASSES: Record<CraftStatus, string> = {
  pending: "border-yellow-500 text-yellow-200",
  published: "border-green-600 text-green-300",
  rejected: "border-red-600 text-red-300",
};

const SUBMIT_PAGE = "/sticker-crafts/submit";
const smallLink = "rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent";

/** The profile's My Crafts tab: the player's submissions and their state; `confirmDelete` is the craft whose deletion is asked (`&delete-craft=ID`). */
export function MyCrafts({ crafts, confirmDelete }: { crafts: readonly MyCraft[]; confirmDelete: number | null }) {
  const doomed = crafts.find((craft) => craft.id === confirmDelete);
  return (
    <div className="space-y-4">
      <Link to={SUBMIT_PAGE} className={`${buttonClass} inline-block`}>
        Submit a craft
      </Link>
      {doomed ? (
        <section aria-labelledby="delete-craft-heading" className="space-y-3 rounded-lg border border-red-700 bg-panel p-4">
          <h3 id="delete-craft-heading" className="font-semibold">
            Delete “{doomed.name}”?
          </h3>
          <p>{DELETE_CONFIRM}</p>
          <Form method="post" action={SUBMIT_PAGE} className="flex gap-3">
            <input type="hidden" name="id" value={doomed.id} />
            <SubmitButton
              formAction={SUBMIT_PAGE}
              name="intent"
              value="delete"
              intent="delete"
              pendingText="Deleting..."
              className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-600 disabled:opacity-50"
            >
              Delete
            </SubmitButton>
            <Link to="/profile?tab=crafts" className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
              Cancel
            </Link>
          </Form>
        </section>
      ) : null}
      {crafts.length === 0 ? (
        <p className="text-muted">You have not submitted a sticker craft yet.</p>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line bg-panel">
          {crafts.map((craft) => (
            <li key={craft.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="my-craft">
              <FallbackImage sources={[craft.ingameImage ?? craft.skinImage]} alt="" className="h-14 w-20 shrink-0 rounded object-contain" />
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold">{craft.name}</h3>
                <p className="text-sm text-muted">
                  {craft.skinName}
                  {craft.submittedAt ? <> · submitted {formatDate(craft.submittedAt)}</> : null}
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                  <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${STATUS_CLASSES[craft.status]}`}>
                    {CRAFT_STATUS_LABELS[craft.status]}
                  </span>
                  {craft.status === "rejected" && craft.rejectionReason ? <span>{`Reason: ${craft.rejectionReason}`}</span> : null}
                </p>
              </div>
              <Link to={`/sticker-crafts/${craft.id}`} className={smallLink}>
                View<span className="sr-only"> {craft.name}</span>
              </Link>
              {canAuthorEdit(craft.status) ? (
                <Link to={`${SUBMIT_PAGE}?edit=${craft.id}`} className={smallLink}>
                  Edit and resubmit<span className="sr-only"> {craft.name}</span>
                </Link>
              ) : null}
              <Link
                to={`/profile?tab=crafts&delete-craft=${craft.id}`}
                className="rounded-md border border-red-700 px-3 py-1.5 text-sm text-red-300 hover:bg-red-950"
              >
                Delete<span className="sr-only"> {craft.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
