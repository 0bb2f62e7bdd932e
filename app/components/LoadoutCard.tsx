import { PathLink } from "./links";

export interface LoadoutCardData {
  id: number;
  title: string;
  description: string | null;
  /** Written in the page's currency (as typed when typed in it); null or absent: none. */
  budget?: string | null;
  slotCount?: number;
}

/** A loadout in a list; `href` is its detail page. */
export function LoadoutCard({ loadout, href }: { loadout: LoadoutCardData; href: `/${string}` }) {
  return (
    <PathLink to={href} className="block h-full rounded-lg border border-line bg-panel p-4 hover:border-accent">
      <h3 className="font-semibold [overflow-wrap:anywhere]">{loadout.title}</h3>
      {loadout.description ? <p className="mt-1 line-clamp-3 text-sm text-muted">{loadout.description}</p> : null}
      {loadout.slotCount !== undefined || loadout.budget != null ? (
        <p className="mt-2 text-xs text-muted">
          {loadout.slotCount !== undefined ? `${loadout.slotCount} of 54 slots filled` : null}
          {loadout.slotCount !== undefined && loadout.budget != null ? " · " : null}
          {loadout.budget != null ? `Budget ${loadout.budget}` : null}
        </p>
      ) : null}
    </PathLink>
  );
}

/** Loadout cards, three to a row (one on phones), each linking to its page. */
export function LoadoutGrid({ loadouts, kind }: { loadouts: readonly LoadoutCardData[]; kind: "official" | "user" }) {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {loadouts.map((loadout) => (
        <li key={loadout.id}>
          <LoadoutCard loadout={loadout} href={`/loadouts/${kind}/${loadout.id}`} />
        </li>
      ))}
    </ul>
  );
}
