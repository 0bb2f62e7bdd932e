import { Link } from "@remix-run/react";
import { LoadoutGrid, type LoadoutCardData } from "./LoadoutCard";

/** The User Loadouts tab of /profile: the user's loadouts, newest first, each linking to its page. */
export function ProfileLoadouts({ loadouts }: { loadouts: readonly LoadoutCardData[] }) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <Link to="/loadouts/new" className="inline-block rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
          Create New Loadout
        </Link>
        <Link to="/loadouts" className="inline-block rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
          Go to Loadouts
        </Link>
      </div>
      {loadouts.length === 0 ? <p className="text-muted">Your loadouts will appear here.</p> : <LoadoutGrid loadouts={loadouts} kind="user" />}
    </div>
  );
}
