import { useReturnPath } from "~/components/FavoriteButton";
import { TrackerList } from "~/components/TrackerList";
import type { ShownTracker } from "~/domain/resell";

/** The Resell Tracker tab's cards, coming back to this page from their forms. */
export function ProfileTrackers({ trackers, timeZone, now }: { trackers: readonly ShownTracker[]; timeZone: string; now: number }) {
  const returnTo = useReturnPath();
  return <TrackerList trackers={trackers} timeZone={timeZone} now={now} returnTo={returnTo} notice={null} />;
}
