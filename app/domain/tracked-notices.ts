/**
 * What a Track button says once its form added the tracker: in place with JavaScript, and, without
 * it, on the page the form returns to (`?notice=added&tracked=SKIN`). Apart from the notices map
 * (`notices.ts`, whose resellTracker notices include them) so a
 * page of skin cards carries these two texts and not every notice.
 */
export const TRACKED_NOTICES = {
  added: "Resell tracker added!",
  "already-added": "This form was sent twice: the tracker was added once. To track another item, open the form again.",
} as const;
