/** Outbox delivery: how often a message is tried and how long a run holds its claim. */
export const MAIL_MAX_ATTEMPTS = 8;
/** A claim outlives the send timeout by far, so a message is never sent by two runs at once. */
export const MAIL_LEASE_MS = 5 * 60 * 1000;
export const MAIL_BATCH_SIZE = 20;

/** Delay before the next attempt after `attempts` failed ones: 30 s doubling, at most 1 hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** After this many failures a message is given up (status 'failed'). */
export function isFinalAttempt(attempts: number): boolean {
  return attempts >= MAIL_MAX_ATTEMPTS;
}
