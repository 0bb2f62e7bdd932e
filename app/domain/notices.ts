import { TRACKED_NOTICES } from "./tracked-notices";

/**
 * Every notice a page shows after Post/Redirect/Get (`?notice=KEY`, ADR 007), by page: the same
 * key ("saved", "deleted") reads differently on different pages. Unknown keys show nothing, so no
 * text can be injected through a link.
 */
const NOTICES = {
  login: {
    registered: "Registration successful! Please check your email to confirm your account.",
    confirmed: "Your e-mail address is confirmed. You can now log in.",
    "confirmation-sent": "We sent you a new confirmation e-mail. Please check your email.",
    "reset-sent": "Password reset email sent! Please check your email (including spam folder) for instructions.",
    "logged-out": "You have been logged out.",
    "two-step-expired": "Your sign-in took too long or was already finished. Please log in again.",
    "account-deleted": "Your account has been deleted.",
    "email-changed": "Your e-mail address is changed. Log in with the new one.",
    /** A request whose account was deleted while it ran (app/server/http/action-failures.server.ts). */
    "signed-out": "You have been signed out: your account no longer exists.",
  },
  profile: {
    "password-updated": "Password updated successfully! Every other session was signed out.",
    deleted: "Tracker deleted.",
    updated: "Tracker updated successfully!",
    /** The session row could not be deleted: the cookie stays, so logging out can be tried again. */
    "logout-failed": "Failed to log out. Please try again.",
    "craft-submitted": "Thank you! Your craft is waiting for review; we will e-mail you when a moderator decides.",
    "craft-already-submitted": "This form was sent twice: the craft was submitted once. It is waiting for review.",
    "craft-deleted": "Sticker craft deleted.",
    "trade-up-saved": "Trade-up saved. It is listed here, valued at today's prices.",
    "trade-up-already-saved": "This form was sent twice: the trade-up was saved once.",
    "trade-up-deleted": "Saved trade-up deleted.",
  },
  /** The profile's security page (`/profile/security`). */
  security: {
    "session-ended": "The session was signed out: its next page asks it to log in.",
    "others-ended": "Every other session was signed out. This one stays signed in.",
    "no-others": "There were no other sessions to sign out.",
    "totp-cancelled": "Two-step sign-in setup cancelled. Nothing changed.",
    "totp-off": "Two-step sign-in is off. Signing in asks for your password only.",
    "email-change-sent":
      "Check the new address's inbox: we sent it a link that works once, for 30 minutes. Your address changes when you open the link and confirm; until then you sign in with your current address.",
    "email-changed": "Your e-mail address is changed: from now on you sign in with the new one.",
    "passkey-added": "Passkey added. It signs you in from the login page, with no code asked.",
    "passkey-removed": "Passkey removed. It no longer signs you in.",
  },
  /** Shown in the alert's card on the profile (`&alert=SKIN`). */
  priceAlerts: {
    "alert-saved": "Price alert saved. We will e-mail you when the price drops below your target.",
    "alert-saved-below":
      "Price alert saved. The price is already below your target, so no mail goes out now: we will e-mail you the next time it drops below your target after rising to it or above.",
    "alert-removed": "Price alert removed.",
  },
  resellTracker: {
    ...TRACKED_NOTICES,
    updated: "Tracker updated successfully!",
    deleted: "Tracker deleted.",
    sold: "Sale recorded. The item is in the Sold view.",
    "sale-undone": "Sale undone: the item is open again.",
    imported: "Import done: the chosen items are tracked now.",
    "already-imported": "This form was sent twice: the items were imported once. To import them again, start the import over.",
  },
  loadouts: {
    created: "Loadout created. Pick a skin for each slot.",
    copied: "Loadout saved to your loadouts.",
    "already-created": "This form was sent twice: the loadout was created once. To create another, open the form again.",
    "already-copied": "This form was sent twice: the loadout was saved once.",
    saved: "Loadout saved.",
    deleted: "Loadout deleted.",
    shared: "Share link created. Anyone with the link can view this loadout.",
    reshared: "New share link created: the old link no longer works.",
    unshared: "Share link revoked: the old link no longer works.",
    "share-updated": "Saved: the share link now shows what the Share panel says.",
    filled: "Empty slots filled within your budget.",
  },
  adminLoadouts: {
    saved: "Loadout saved successfully!",
    "already-created": "This form was sent twice: the loadout was created once.",
    deleted: "Loadout deleted successfully!",
  },
  adminCrafts: {
    saved: "Sticker craft saved successfully!",
    "already-created": "This form was sent twice: the sticker craft was created once.",
    deleted: "Sticker craft deleted successfully!",
  },
  /** The community crafts' moderation queue, by decision. */
  moderation: {
    published: "Craft published. Its author has been told by e-mail.",
    rejected: "Craft rejected. Its author has been told by e-mail, with your reason.",
    unpublished: "Craft unpublished. Its author has been told by e-mail, with your reason.",
    deleted: "Craft deleted. Its author has been told by e-mail.",
    dismissed: "Reports dismissed. The craft stays published.",
  },
} as const;

export type NoticePage = keyof typeof NOTICES;
export type NoticeKey<Page extends NoticePage> = keyof (typeof NOTICES)[Page] & string;

/** The text of `key` on `page`, or null for no key or an unknown one. */
export function noticeText(page: NoticePage, key: string | null): string | null {
  const texts: Readonly<Record<string, string>> = NOTICES[page];
  return key !== null && Object.hasOwn(texts, key) ? (texts[key] ?? null) : null;
}

/** The text of a key the code names (a success message answered as data rather than a redirect). */
export function notice<Page extends NoticePage>(page: Page, key: NoticeKey<Page>): string {
  return (NOTICES[page] as Readonly<Record<string, string>>)[key]!;
}
