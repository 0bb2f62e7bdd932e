export const SKELETON_CARDS = 18;

/** The category grid's shape while its weapons load (client navigation only). */
export function CategorySkeleton() {
  return (
    <section aria-busy="true" aria-label="Loading weapons" data-testid="category-skeleton">
      <div className="h-9 w-48 animate-pulse rounded bg-panel-2" />
      <div className="mt-2 h-5 w-24 animate-pulse rounded bg-panel-2" />
      <ul className={`mt-6 ${WEAPON_GRID}`}>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i} className="rounded-lg border border-line bg-panel p-3">
            <div className="aspect-[4/3] w-full animate-pulse rounded bg-panel-2" />
            <div className="mt-2 h-5 w-3/4 animate-pulse rounded bg-panel-2" />
            <div className="mt-1 h-4 w-1/3 animate-pulse rounded bg-panel-2" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 1, 2, 3, 4 and 6 columns as the screen widens. */
export const WEAPON_GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-6";
