import { lt, lte, or, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { emailChangeTokens, emailConfirmationTokens, importDrafts, passkeyChallenges, passwordResetTokens, rateLimits, sessions } from "../db/schema.server";
import { expiredSubmissionsQuery } from "../features/community-crafts.server";

/** Rate-limit windows are never longer than this, so older rows can go. */
const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Removes expired sessions, tokens and import previews, spent tokens, spent passkey challenges past
 * their expiry (their cookies are refused by then), stale rate-limit rows and craft submissions older
 * than a day, in one batch.
 */
export async function cleanupExpired(db: Database, now = Date.now()): Promise<void> {
  const at = new Date(now);
  await db.batch([
    db.delete(sessions).where(lte(sessions.expiresAt, at)),
    db.delete(passwordResetTokens).where(or(lte(passwordResetTokens.expiresAt, at), isNotNull(passwordResetTokens.usedAt))),
    db.delete(emailConfirmationTokens).where(or(lte(emailConfirmationTokens.expiresAt, at), isNotNull(emailConfirmationTokens.usedAt))),
    db.delete(emailChangeTokens).where(or(lte(emailChangeTokens.expiresAt, at), isNotNull(emailChangeTokens.usedAt))),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - RATE_LIMIT_RETENTION_MS))),
    db.delete(importDrafts).where(lte(importDrafts.expiresAt, at)),
    db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, at)),
    expiredSubmissionsQuery(db, now),
  ]);
}
