import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { users } from "../db/schema.server";
import { hit, peek, rateLimitsFor } from "./rate-limit.server";

export type CurrentPasswordCheck = { ok: true } | { ok: false; reason: "wrong-password" } | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/**
 * Checks the signed-in user's current password before a change to the account (its password, its
 * e-mail address). Wrong ones count per account (`currentPasswordByAccount`): past the limit the
 * check refuses before hashing, so a session left open is no way to guess the password.
 */
export async function checkCurrentPassword(
  context: Pick<AppLoadContext, "db" | "env" | "passwords">,
  userId: string,
  password: string,
): Promise<CurrentPasswordCheck> {
  const { db } = context;
  const rule = rateLimitsFor(context.env).currentPasswordByAccount;
  const [decision] = await peek(db, [[rule, userId]]);
  if (decision && !decision.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: decision.retryAfterSeconds };
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (user && (await context.passwords.verify(user.passwordHash, password))) return { ok: true };
  await hit(db, rule, userId);
  return { ok: false, reason: "wrong-password" };
}
