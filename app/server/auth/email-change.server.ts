import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { isUniqueFailure } from "../db/failures.server";
import { emailChangeTokens, passwordResetTokens, users } from "../db/schema.server";
import { enqueueMailQuery, enqueueMailWhereQueries } from "../mail/outbox.server";
import { securityNoticeMail } from "../mail/security-mail.server";
import { emailChangeMail } from "../mail/templates.server";
import { checkCurrentPassword, type CurrentPasswordCheck } from "./current-password.server";
import { consume, rateLimitsFor } from "./rate-limit.server";
import { hashToken, randomToken } from "./tokens.server";

// A new e-mail address (docs/features/accounts.md): asked for with the current password, it takes
// effect only when the link mailed to it is used (ADR 005: opening the link spends nothing; the
// page's button does). The old address is told at once, and again once the change is made.

/** As long as a password reset link: the change is asked for by someone signed in, and done within minutes. */
export const EMAIL_CHANGE_TOKEN_TTL_MS = 30 * 60 * 1000;

type Services = Pick<AppLoadContext, "db" | "env" | "passwords">;

export type EmailChangeRequest =
  | { ok: true }
  | Exclude<CurrentPasswordCheck, { ok: true }>
  | { ok: false; reason: "too-many-changes"; retryAfterSeconds: number }
  | { ok: false; reason: "same-address" };

/**
 * Asks for a change of the user's address to `newEmail` after the current password: one batch
 * replaces any change waiting with this one, queues the link to the new address, and the notice to
 * the current one. An address another account holds gets the same answer, the same waiting change
 * and the same notice, but no mail: the batch's mail to it is queued and taken back in the same
 * transaction (`enqueueMailWhereQueries`), so neither the answer nor its time says the address is
 * taken, and that address's owner hears nothing. Its link would never be sent, so it never works.
 */
export async function requestEmailChange(
  context: Services,
  user: { id: string; email: string },
  newEmail: string,
  password: string,
): Promise<EmailChangeRequest> {
  const { db, env } = context;
  if (newEmail === user.email) return { ok: false, reason: "same-address" };
  const checked = await checkCurrentPassword(context, user.id, password);
  if (!checked.ok) return checked;
  const limit = await consume(db, rateLimitsFor(env).emailChangeByAccount, user.id);
  if (!limit.allowed) return { ok: false, reason: "too-many-changes", retryAfterSeconds: limit.retryAfterSeconds };
  const token = randomToken();
  const now = Date.now();
  const free = sql`not exists (select 1 from users where users.email = ${newEmail})`;
  await db.batch([
    db.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, user.id)),
    db
      .insert(emailChangeTokens)
      .values({ tokenHash: hashToken(token), userId: user.id, newEmail, expiresAt: new Date(now + EMAIL_CHANGE_TOKEN_TTL_MS), createdAt: new Date(now) }),
    ...enqueueMailWhereQueries(db, emailChangeMail(newEmail, env.APP_ORIGIN, token), free, now),
    enqueueMailQuery(db, securityNoticeMail(user.email, env.APP_ORIGIN, "email-change-requested", [`The new address: ${newEmail}`]), now),
  ]);
  return { ok: true };
}

/** The change of `owner` (a session subquery or a user id) waiting for its link, if any: the new address and until when. */
export function pendingEmailChangeQuery(db: Database, owner: SQL | string, now: number) {
  return db
    .select({ newEmail: emailChangeTokens.newEmail, expiresAt: emailChangeTokens.expiresAt })
    .from(emailChangeTokens)
    .where(
      and(
        typeof owner === "string" ? eq(emailChangeTokens.userId, owner) : sql`${emailChangeTokens.userId} = ${owner}`,
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, new Date(now)),
      ),
    )
    .orderBy(desc(emailChangeTokens.createdAt))
    .limit(1);
}

/** A usable link's change: the account's address now, the new one, and whether another account holds the new one meanwhile. */
export function emailChangeTokenQuery(db: Database, tokenHash: string, now: number) {
  return db
    .select({
      userId: emailChangeTokens.userId,
      email: users.email,
      newEmail: emailChangeTokens.newEmail,
      taken: sql<number>`exists (select 1 from users as holder where holder.email = ${emailChangeTokens.newEmail})`,
    })
    .from(emailChangeTokens)
    .innerJoin(users, eq(users.id, emailChangeTokens.userId))
    .where(and(eq(emailChangeTokens.tokenHash, tokenHash), isNull(emailChangeTokens.usedAt), gt(emailChangeTokens.expiresAt, new Date(now))))
    .limit(1);
}

export type EmailChangeOutcome = { ok: true; userId: string; newEmail: string } | { ok: false; reason: "invalid" | "taken" };

/**
 * Makes the change of a link, in one batch guarded by the token (valid, unused, unexpired) and by
 * the new address being free: the token is spent, the address changed, the account's password
 * reset links (mailed to the old address) and other waiting changes voided, and the old address
 * told. "taken" when another account holds the new address by now (it registered meanwhile):
 * nothing changes and the link stays unspent.
 */
export async function confirmEmailChange(context: Pick<AppLoadContext, "db" | "env">, token: string): Promise<EmailChangeOutcome> {
  const { db, env } = context;
  const tokenHash = hashToken(token);
  const now = Date.now();
  const [row] = await emailChangeTokenQuery(db, tokenHash, now);
  if (!row) return { ok: false, reason: "invalid" };
  if (row.taken) return { ok: false, reason: "taken" };
  // This request's mark on the token it spends: the batch's other statements act only where it holds.
  const usedBy = randomToken(16);
  const spentHere = sql`(SELECT user_id FROM email_change_tokens WHERE token_hash = ${tokenHash} AND used_by = ${usedBy})`;
  const notice = securityNoticeMail(row.email, env.APP_ORIGIN, "email-changed", [`The new address: ${row.newEmail}`]);
  try {
    const [spent] = await db.batch([
      db
        .update(emailChangeTokens)
        .set({ usedAt: new Date(now), usedBy })
        .where(
          and(
            eq(emailChangeTokens.tokenHash, tokenHash),
            isNull(emailChangeTokens.usedAt),
            gt(emailChangeTokens.expiresAt, new Date(now)),
            sql`not exists (select 1 from users where users.email = email_change_tokens.new_email)`,
          ),
        )
        .returning({ userId: emailChangeTokens.userId }),
      db
        .update(users)
        .set({
          email: sql`(SELECT new_email FROM email_change_tokens WHERE token_hash = ${tokenHash} AND used_by = ${usedBy})`,
          emailConfirmedAt: new Date(now),
        })
        .where(sql`${users.id} = ${spentHere}`),
      db.delete(passwordResetTokens).where(sql`${passwordResetTokens.userId} = ${spentHere}`),
      db.delete(emailChangeTokens).where(and(sql`${emailChangeTokens.userId} = ${spentHere}`, isNull(emailChangeTokens.usedAt))),
      ...enqueueMailWhereQueries(db, notice, sql`exists ${spentHere}`, now),
    ]);
    return spent.length > 0 ? { ok: true, userId: row.userId, newEmail: row.newEmail } : { ok: false, reason: "invalid" };
  } catch (error) {
    // The guard above keeps the batch from it; should two accounts' links race to one address, the index refuses the second.
    if (isUniqueFailure(error, "users.email")) return { ok: false, reason: "taken" };
    throw error;
  }
}
