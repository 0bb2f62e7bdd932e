import { Link } from "@remix-run/react";

/**
 * The User Loadouts tab of /profile. The slot for the user's loadout list: until the loadouts
 * pages land it points to /loadouts; the loadouts work fills `loadouts` from the profile loader.
 */
export function ProfileLoadouts() {
  return (
    <div className="space-y-3">
      <p className="text-muted">Your loadouts live on the loadouts page, where you can create and edit them.</p>
      <Link to="/loadouts" className="inline-block rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
        Go to Loadouts
      </Link>
    </div>
  );
}
