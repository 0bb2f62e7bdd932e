import { and, count, eq, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { recoveryCodes, sessions, userTotp } from "../db/schema.server";
import { enqueueMailQuery, enqueueMailWhereQueries, type MailMessage } from "../mail/outbox.server";
import { clear, hit, peek, rateLimitsFor } from "./rate-limit.server";
import { matchingTotpStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from "./totp.server";
import { randomToken } from "./tokens.server";

/** The second factor of `owner` (a session subquery or a user id) and how many recovery codes are left. */
export function twoFactorQueries(db: Database, owner: SQL | string) {
  const ofOwner = (column: typeof userTotp.userId | typeof recoveryCodes.userId) => (typeof owner === "string" ? eq(column, owner) : sql`${column} = ${owner}`);
  return [
    db.select({ secret: userTotp.secret, enabledAt: userTotp.enabledAt }).from(userTotp).where(ofOwner(userTotp.userId)).limit(1),
    db
      .select({ left: count() })
      .from(recoveryCodes)
      .where(and(ofOwner(recoveryCodes.userId), isNull(recoveryCodes.usedAt))),
  ] as const;
}

export interface TwoFactorState {
  enabled: boolean;
  /** The key of a setup begun and not yet confirmed: shown (QR code and text) until a code confirms it. */
  pendingSecret: string | null;
  recoveryCodesLeft: number;
}

export function toTwoFactorState([totp, codes]: [{ secret: string; enabledAt: Date | null }[], { left: number }[]]): TwoFactorState {
  const row = totp[0];
  return { enabled: Boolean(row?.enabledAt), pendingSecret: row && !row.enabledAt ? row.secret : null, recoveryCodesLeft: codes[0]?.left ?? 0 };
}

/** Whether the account has the second factor on (asked after the password, before any session). */
export async function hasSecondFactor(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return Boolean(row?.enabledAt);
}

/** Begins (or begins again) a setup with a fresh key; an account with the factor on keeps it: false. */
export async function startTotpSetup(db: Database, userId: string): Promise<boolean> {
  const started = await db
    .insert(userTotp)
    .values({ userId, secret: newTotpSecret() })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secret: sql`excluded.secret`, lastUsedStep: null }, setWhere: isNull(userTotp.enabledAt) })
    .returning({ userId: userTotp.userId });
  return started.length > 0;
}

/** Drops a setup not yet confirmed. */
export async function cancelTotpSetup(db: Database, userId: string): Promise<void> {
  await db.delete(userTotp).where(and(eq(userTotp.userId, userId), isNull(userTotp.enabledAt)));
}

export type SecondFactorCheck = { ok: true } | { ok: false; reason: "wrong-code" } | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

type CodeContext = { db: Database; env: { RATE_LIMIT_MULTIPLIER?: string } };

const limitsOf = (env: CodeContext["env"], userId: string) => {
  const limits = rateLimitsFor(env);
  return [
    [limits.secondFactorByAccount, userId],
    [limits.secondFactorByAccountDaily, userId],
  ] as const;
};

/** Refuses before checking when the account's wrong codes reached a limit; counts a wrong one after. */
async function withCodeLimits(context: CodeContext, userId: string, check: () => Promise<boolean>): Promise<SecondFactorCheck> {
  const checks = limitsOf(context.env, userId);
  const blocked = (await peek(context.db, checks)).filter((decision) => !decision.allowed);
  if (blocked.length > 0) return { ok: false, reason: "rate-limited", retryAfterSeconds: Math.max(...blocked.map((d) => d.retryAfterSeconds)) };
  if (await check()) {
    // As a right password does for its pair: a right code clears the 15-minute count (the day's stays).
    await clear(context.db, checks[0][0], userId);
    return { ok: true };
  }
  await Promise.all(checks.map(([rule, id]) => hit(context.db, rule, id)));
  return { ok: false, reason: "wrong-code" };
}

/**
 * Spends a code of the TOTP key (enabled, or the setup's with `pending`): the step is written only
 * if it is later than the last used one, in the same statement, so two requests with one code
 * cannot both pass.
 */
async function spendTotpCode(db: Database, userId: string, code: string, pending: boolean): Promise<boolean> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  if (!row || Boolean(row.enabledAt) === pending) return false;
  const step = matchingTotpStep(row.secret, code, Date.now(), row.lastUsedStep);
  if (step === null) return false;
  const spent = await db
    .update(userTotp)
    .set({ lastUsedStep: step, ...(pending ? { enabledAt: new Date() } : {}) })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step))))
    .returning({ userId: userTotp.userId });
  return spent.length > 0;
}

/** Spends one of the account's unused recovery codes. */
async function spendRecoveryCode(db: Database, userId: string, typed: string): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.codeHash, recoveryCodeHash(typed)), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .returning({ codeHash: recoveryCodes.codeHash });
  return spent.length > 0;
}

/** Checks a second-factor code at sign-in (or a password reset): a TOTP code once, or a recovery code once. */
export function verifySecondFactor(context: CodeContext, userId: string, code: string): Promise<SecondFactorCheck> {
  const typed = code.trim();
  return withCodeLimits(context, userId, () =>
    /^\d{6}$/.test(typed) ? spendTotpCode(context.db, userId, typed, false) : spendRecoveryCode(context.db, userId, typed),
  );
}

export type ConfirmSetupResult = { ok: true; recoveryCodes: string[] } | Exclude<SecondFactorCheck, { ok: true }>;

/**
 * Confirms a setup with a code of its key, in one batch whose every statement holds only if this
 * request's update turned the factor on (a second submission of the same code writes nothing): the
 * factor is on, ten fresh recovery codes replace any old ones (their hashes stored; the codes are
 * answered once, to show), every other session ends, and the notice mail is queued.
 */
export async function confirmTotpSetup(
  context: CodeContext,
  userId: string,
  keepSessionId: string | null,
  code: string,
  mail: MailMessage,
): Promise<ConfirmSetupResult> {
  const { db } = context;
  const now = Date.now();
  let step: number | null = null;
  const checked = await withCodeLimits(context, userId, async () => {
    const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
    step = row && !row.enabledAt ? matchingTotpStep(row.secret, code.trim(), now, row.lastUsedStep) : null;
    return step !== null;
  });
  if (!checked.ok || step === null) return checked.ok ? { ok: false, reason: "wrong-code" } : checked;
  // This request's own mark: a second confirmation in the same millisecond must not replace the codes shown by the first.
  const enabledBy = randomToken(16);
  const turnedOnHere = sql`exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId} and ${userTotp.enabledBy} = ${enabledBy})`;
  const codes = newRecoveryCodes();
  const [enabled] = await db.batch([
    db
      .update(userTotp)
      .set({ enabledAt: new Date(now), enabledBy, lastUsedStep: step })
      .where(and(eq(userTotp.userId, userId), isNull(userTotp.enabledAt)))
      .returning({ userId: userTotp.userId }),
    db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), turnedOnHere)),
    ...codes.map((plain) =>
      db.insert(recoveryCodes).select((qb) =>
        qb
          .select({
            codeHash: sql<string>`${recoveryCodeHash(plain)}`.as("code_hash"),
            userId: userTotp.userId,
            usedAt: sql<null>`null`.as("used_at"),
            createdAt: sql<number>`${now}`.as("created_at"),
          })
          .from(userTotp)
          .where(and(eq(userTotp.userId, userId), eq(userTotp.enabledBy, enabledBy))),
      ),
    ),
    keepSessionId
      ? db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), turnedOnHere))
      : db.delete(sessions).where(and(eq(sessions.userId, userId), turnedOnHere)),
    ...enqueueMailWhereQueries(db, mail, turnedOnHere, now),
  ]);
  if (enabled.length === 0) return { ok: false, reason: "wrong-code" };
  return { ok: true, recoveryCodes: codes };
}

/** Turns the factor off after a current code (or a recovery code): key and recovery codes go, and the notice mail is queued, in one batch. */
export async function disableTotp(context: CodeContext, userId: string, code: string, mail: MailMessage): Promise<SecondFactorCheck> {
  const { db } = context;
  const checked = await verifySecondFactor(context, userId, code);
  if (!checked.ok) return checked;
  await db.batch([
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.delete(userTotp).where(eq(userTotp.userId, userId)),
    enqueueMailQuery(db, mail),
  ]);
  return checked;
}
