import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, exists, gt, isNull, sql } from "drizzle-orm";
import { type RateLimitDecision } from "~/domain/rate-limits";
import type { Database } from "../db/client.server";
import {
  emailChangeTokens,
  emailConfirmationTokens,
  knownDevices,
  loadoutShares,
  mailOutbox,
  passkeys,
  passwordResetTokens,
  recoveryCodes,
  resellTrackers,
  sessions,
  stickerCrafts,
  userFavorites,
  userLoadouts,
  userLoadoutSlots,
  users,
  userTotp,
} from "../db/schema.server";
import { enqueueMailQuery, enqueueMailWhereQueries, type MailMessage } from "../mail/outbox.server";
import { alreadyRegisteredMail, confirmationMail, passwordResetMail } from "../mail/templates.server";
import { DUMMY_PASSWORD_HASH } from "./password.server";
import { checkCurrentPassword, type CurrentPasswordCheck } from "./current-password.server";
import { clear, consume, hit, peek, rateLimitsFor } from "./rate-limit.server";
import { revokeOtherSessionsQuery } from "./session.server";
import { hashToken, randomToken } from "./tokens.server";
import { verifySecondFactor, type SecondFactorCheck } from "./two-factor.server";

/** What the account functions use: the database, the password hasher and the settings (origin, limits). */
export type AccountServices = Pick<AppLoadContext, "db" | "env" | "passwords">;

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
export const CONFIRMATION_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

export function findUserByEmailQuery(db: Database, email: string) {
  return db.select().from(users).where(eq(users.email, email)).limit(1);
}

// ---------------------------------------------------------------- register and confirm

export type RegisterResult = { ok: true } | { ok: false; rateLimited: RateLimitDecision };

/**
 * Creates an unconfirmed account and queues its confirmation mail in one batch. An e-mail that
 * already has an account gets a notice instead, so the answer reveals nothing.
 */
export async function register(context: AccountServices, email: string, password: string, ip: string): Promise<RegisterResult> {
  const { db, env } = context;
  const limit = await consume(db, rateLimitsFor(env).registerByIp, ip);
  if (!limit.allowed) return { ok: false, rateLimited: limit };
  const passwordHash = await context.passwords.hash(password);
  const [existing] = await findUserByEmailQuery(db, email);
  if (existing) {
    await enqueueMailQuery(db, alreadyRegisteredMail(email, env.APP_ORIGIN));
    return { ok: true };
  }
  const userId = crypto.randomUUID();
  const token = randomToken();
  const now = Date.now();
  await db.batch([
    db.insert(users).values({ id: userId, email, passwordHash }),
    db.insert(emailConfirmationTokens).values({ tokenHash: hashToken(token), userId, expiresAt: new Date(now + CONFIRMATION_TOKEN_TTL_MS) }),
    enqueueMailQuery(db, confirmationMail(email, env.APP_ORIGIN, token), now),
  ]);
  return { ok: true };
}

/** Queues a fresh confirmation mail for an unconfirmed account (at most one per 5 minutes). */
export async function resendConfirmation(context: Pick<AccountServices, "db" | "env">, email: string): Promise<RateLimitDecision> {
  const { db, env } = context;
  const limit = await consume(db, rateLimitsFor(env).resendConfirmation, email);
  if (!limit.allowed) return limit;
  const [user] = await findUserByEmailQuery(db, email);
  if (!user || user.emailConfirmedAt) return limit;
  const token = randomToken();
  const now = Date.now();
  await db.batch([
    db.insert(emailConfirmationTokens).values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(now + CONFIRMATION_TOKEN_TTL_MS) }),
    enqueueMailQuery(db, confirmationMail(email, env.APP_ORIGIN, token), now),
  ]);
  return limit;
}

export function confirmationTokenQuery(db: Database, tokenHash: string, now: number) {
  return db
    .select({ userId: emailConfirmationTokens.userId })
    .from(emailConfirmationTokens)
    .where(and(eq(emailConfirmationTokens.tokenHash, tokenHash), isNull(emailConfirmationTokens.usedAt), gt(emailConfirmationTokens.expiresAt, new Date(now))))
    .limit(1);
}

/** Spends a confirmation token and confirms its account (one batch); false when the token is not valid. */
export async function confirmEmail(db: Database, token: string): Promise<boolean> {
  const tokenHash = hashToken(token);
  const now = Date.now();
  // This request's own mark on the token it spends: two requests can share a millisecond (Workers' clock stands still between I/O).
  const usedBy = randomToken(16);
  const [spent] = await db.batch([
    db
      .update(emailConfirmationTokens)
      .set({ usedAt: new Date(now), usedBy })
      .where(
        and(eq(emailConfirmationTokens.tokenHash, tokenHash), isNull(emailConfirmationTokens.usedAt), gt(emailConfirmationTokens.expiresAt, new Date(now))),
      )
      .returning({ userId: emailConfirmationTokens.userId }),
    db
      .update(users)
      .set({ emailConfirmedAt: new Date(now) })
      .where(
        and(
          isNull(users.emailConfirmedAt),
          sql`${users.id} = (SELECT user_id FROM email_confirmation_tokens WHERE token_hash = ${tokenHash} AND used_by = ${usedBy})`,
        ),
      ),
  ]);
  return spent.length > 0;
}

// ---------------------------------------------------------------- login

export type LoginResult =
  | { ok: true; userId: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "unconfirmed"; email: string }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/**
 * Checks e-mail and password. Failed attempts count per account and client address pair (the
 * strict limit: one address guessing one account), per account from anywhere (a higher ceiling in
 * two steps, 15 minutes then a day: the growing delay), and per address. So knowing someone's
 * e-mail does not let one attacker lock its owner out (docs/decisions/008-rate-limits-in-d1-without-lockout.md). An unknown e-mail still
 * costs one hash verification, so timing reveals nothing.
 */
export async function verifyLogin(context: AccountServices, email: string, password: string, ip: string): Promise<LoginResult> {
  const { db } = context;
  const limits = rateLimitsFor(context.env);
  const pair = `${email}|${ip}`;
  const checks = [
    [limits.loginByAccountAndIp, pair],
    [limits.loginByAccount, email],
    [limits.loginByAccountDaily, email],
    [limits.loginByIp, ip],
  ] as const;
  const blocked = (await peek(db, checks)).filter((decision) => !decision.allowed);
  if (blocked.length > 0) return { ok: false, reason: "rate-limited", retryAfterSeconds: Math.max(...blocked.map((d) => d.retryAfterSeconds)) };

  const [user] = await findUserByEmailQuery(db, email);
  const valid = await context.passwords.verify(user?.passwordHash ?? DUMMY_PASSWORD_HASH, password);
  if (!user || !valid) {
    await Promise.all(checks.map(([rule, id]) => hit(db, rule, id)));
    return { ok: false, reason: "invalid" };
  }
  await clear(db, limits.loginByAccountAndIp, pair);
  if (!user.emailConfirmedAt) return { ok: false, reason: "unconfirmed", email };
  return { ok: true, userId: user.id };
}

// ---------------------------------------------------------------- password reset

export type ResetRequestResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Queues a reset mail when the account exists. The answer is the same either way, and so is the
 * work: a token is made and hashed, and one batch of two conditional inserts (token and mail, each
 * `... SELECT ... WHERE` the account exists) goes to D1 whether the address has an account or not,
 * so the response time says nothing. A second request for an e-mail within 300 seconds, or too
 * many from one address, is refused.
 */
export async function requestPasswordReset(context: Pick<AccountServices, "db" | "env">, email: string, ip: string): Promise<ResetRequestResult> {
  const { db, env } = context;
  const limits = rateLimitsFor(env);
  const byIp = await consume(db, limits.resetByIp, ip);
  if (!byIp.allowed) return { ok: false, retryAfterSeconds: byIp.retryAfterSeconds };
  const byEmail = await consume(db, limits.resetByEmail, email);
  if (!byEmail.allowed) return { ok: false, retryAfterSeconds: byEmail.retryAfterSeconds };
  const token = randomToken();
  const tokenHash = hashToken(token);
  const now = Date.now();
  const mail = passwordResetMail(email, env.APP_ORIGIN, token);
  const ofEmail = eq(users.email, email);
  await db.batch([
    // An insert of a select names every column, in the table's order.
    db.insert(passwordResetTokens).select((qb) =>
      qb
        .select({
          tokenHash: sql<string>`${tokenHash}`.as("token_hash"),
          userId: users.id,
          expiresAt: sql<number>`${now + RESET_TOKEN_TTL_MS}`.as("expires_at"),
          usedAt: sql<null>`null`.as("used_at"),
          usedBy: sql<null>`null`.as("used_by"),
          createdAt: sql<number>`${now}`.as("created_at"),
        })
        .from(users)
        .where(ofEmail),
    ),
    ...enqueueMailWhereQueries(
      db,
      mail,
      exists(
        db
          .select({ one: sql`1` })
          .from(users)
          .where(ofEmail),
      ),
      now,
    ),
  ]);
  return { ok: true };
}

/** A usable reset link's account, and since when it has two-step sign-in on (null: off; the reset then asks for no code). */
export function resetTokenQuery(db: Database, tokenHash: string, now: number) {
  return db
    .select({ userId: passwordResetTokens.userId, secondFactorSince: userTotp.enabledAt })
    .from(passwordResetTokens)
    .leftJoin(userTotp, eq(userTotp.userId, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date(now))))
    .limit(1);
}

/** Whether a reset token is usable; reading spends nothing. */
export async function isResetTokenValid(db: Database, token: string): Promise<boolean> {
  const rows = await resetTokenQuery(db, hashToken(token), Date.now());
  return rows.length > 0;
}

export type ResetResult = { ok: true } | { ok: false; reason: "invalid" | "code-needed" } | Exclude<SecondFactorCheck, { ok: true }>;

/**
 * Spends the token, sets the new password, confirms the e-mail (the link proved it), ends every
 * session of the user and voids the user's other reset links (an older mail must not set the
 * password again) and any change of e-mail address waiting, in one batch guarded by the token: all
 * or nothing, and only once. An account with two-step sign-in on also needs `code`, a current code
 * of its app or a recovery code, checked as at sign-in (each once, wrong ones counted): the mailbox
 * alone does not set the password. The code is checked after the token, so a made-up link cannot
 * use up the account's wrong codes.
 */
export async function resetPassword(
  context: Pick<AccountServices, "db" | "env" | "passwords">,
  token: string,
  newPassword: string,
  code: string | undefined,
): Promise<ResetResult> {
  const { db } = context;
  const tokenHash = hashToken(token);
  const [link] = await resetTokenQuery(db, tokenHash, Date.now());
  if (!link) return { ok: false, reason: "invalid" };
  if (link.secondFactorSince) {
    if (!code) return { ok: false, reason: "code-needed" };
    const checked = await verifySecondFactor(context, link.userId, code);
    if (!checked.ok) return checked;
  }
  const passwordHash = await context.passwords.hash(newPassword);
  const now = Date.now();
  // This request's own mark on the token it spends: two posts of one link can share a millisecond.
  const usedBy = randomToken(16);
  const spentBy = sql`(SELECT user_id FROM password_reset_tokens WHERE token_hash = ${tokenHash} AND used_by = ${usedBy})`;
  const [spent] = await db.batch([
    db
      .update(passwordResetTokens)
      .set({ usedAt: new Date(now), usedBy })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date(now))))
      .returning({ userId: passwordResetTokens.userId }),
    db
      .update(users)
      .set({ passwordHash, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now})` })
      .where(sql`${users.id} = ${spentBy}`),
    db.delete(sessions).where(sql`${sessions.userId} = ${spentBy}`),
    db.delete(passwordResetTokens).where(and(sql`${passwordResetTokens.userId} = ${spentBy}`, isNull(passwordResetTokens.usedAt))),
    db.delete(emailChangeTokens).where(sql`${emailChangeTokens.userId} = ${spentBy}`),
  ]);
  return spent.length > 0 ? { ok: true } : { ok: false, reason: "invalid" };
}

// ---------------------------------------------------------------- signed-in account

/**
 * Changes the password after checking the current one (wrong ones counted: `checkCurrentPassword`);
 * ends the user's sessions other than `keepSessionId`, voids the user's reset links (a reset mail
 * sent before cannot undo it) and any change of e-mail address waiting (one asked for by whoever
 * had the old password), and queues the `notice` mail, in one batch.
 */
export async function changePassword(
  context: AccountServices,
  userId: string,
  keepSessionId: string | null,
  currentPassword: string,
  newPassword: string,
  notice: MailMessage,
): Promise<CurrentPasswordCheck> {
  const { db } = context;
  const checked = await checkCurrentPassword(context, userId, currentPassword);
  if (!checked.ok) return checked;
  const passwordHash = await context.passwords.hash(newPassword);
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    revokeOtherSessionsQuery(db, userId, keepSessionId),
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
    db.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, userId)),
    enqueueMailQuery(db, notice),
  ]);
  return checked;
}

/**
 * Removes every row of the user in one batch (the terms promise account deletion); answers the
 * ids of the sticker crafts that went with it, whose images the caller removes from R2, and the
 * tokens of the share links that stopped working, whose kept pages the caller purges.
 */
export async function deleteAccount(db: Database, userId: string, email: string): Promise<{ craftIds: number[]; shareTokens: string[] }> {
  const [crafts, shares] = await db.batch([
    db.delete(stickerCrafts).where(eq(stickerCrafts.authorId, userId)).returning({ id: stickerCrafts.id }),
    db
      .delete(loadoutShares)
      .where(sql`${loadoutShares.loadoutId} IN (SELECT id FROM user_loadouts WHERE user_id = ${userId})`)
      .returning({ token: loadoutShares.token }),
    db.delete(userFavorites).where(eq(userFavorites.userId, userId)),
    db.delete(resellTrackers).where(eq(resellTrackers.userId, userId)),
    db.delete(userLoadoutSlots).where(sql`${userLoadoutSlots.loadoutId} IN (SELECT id FROM user_loadouts WHERE user_id = ${userId})`),
    db.delete(userLoadouts).where(eq(userLoadouts.userId, userId)),
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
    db.delete(emailConfirmationTokens).where(eq(emailConfirmationTokens.userId, userId)),
    db.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, userId)),
    db.delete(knownDevices).where(eq(knownDevices.userId, userId)),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.delete(userTotp).where(eq(userTotp.userId, userId)),
    db.delete(passkeys).where(eq(passkeys.userId, userId)),
    db.delete(mailOutbox).where(and(eq(mailOutbox.to, email), eq(mailOutbox.status, "pending"))),
    db.delete(users).where(eq(users.id, userId)),
  ]);
  return { craftIds: crafts.map((craft) => craft.id), shareTokens: shares.map((share) => share.token) };
}
