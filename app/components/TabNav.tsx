import { Link } from "@remix-run/react";

/** Tabs that are links (the open tab is URL state, `?tab=` or `?mode=`), the current one marked. */
export function TabNav<Id extends string>({
  label,
  tabs,
  current,
  hrefFor,
}: {
  label: string;
  tabs: readonly { id: Id; label: string }[];
  current: Id;
  hrefFor: (id: Id) => string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-x-2 border-b border-line">
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          to={hrefFor(tab.id)}
          aria-current={tab.id === current ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab.id === current ? "border-accent text-accent" : "border-transparent"}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
