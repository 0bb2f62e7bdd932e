import type { BatchItem } from "drizzle-orm/batch";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { knownDevices, users } from "../db/schema.server";
import { enqueueMailWhereQueries } from "../mail/outbox.server";
import { securityNoticeMail } from "../mail/security-mail.server";
import { randomToken } from "./tokens.server";

/** A moment as the new-sign-in mail writes it: "2026-12-02 14:05 UTC" (the reader's zone is not known). */
export function mailTime(at: number): string {
  return `${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * What a sign-in writes besides its session (in the session's batch): its device joins the
 * account's known devices, and when it was not among them and the account knew another, a mail
 * tells the account of the new sign-in, with the device, the time and the way to the sessions. The
 * mail's condition is read when the batch runs (the row made by this batch, told by this sign-in's
 * random id, and another row), so two sign-ins from one new device at once mail once, and the first
 * sign-in of an account (after registering: no device known) mails nobody.
 */
export async function knownDeviceQueries(db: Database, origin: string, userId: string, device: string, now: number): Promise<BatchItem<"sqlite">[]> {
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return account ? knownDeviceWrites(db, origin, { userId, email: account.email }, device, now) : [];
}

/**
 * `knownDeviceQueries`' writes for an account whose address is known, written only where
 * `condition` holds when the batch runs (a passkey's sign-in: only if its challenge was spent by
 * this request and the passkey's counter moved on).
 */
export function knownDeviceWrites(
  db: Database,
  origin: string,
  account: { userId: string; email: string },
  device: string,
  now: number,
  condition: SQL = sql`1`,
): BatchItem<"sqlite">[] {
  const { userId } = account;
  const signIn = randomToken(16);
  const ofUser = sql`${knownDevices.userId} = ${userId}`;
  const madeHere = sql`exists (select 1 from ${knownDevices} where ${ofUser} and ${knownDevices.device} = ${device} and ${knownDevices.firstSignIn} = ${signIn})`;
  const knewAnother = sql`exists (select 1 from ${knownDevices} where ${ofUser} and ${knownDevices.device} <> ${device})`;
  const mail = securityNoticeMail(account.email, origin, "new-sign-in", [`${device}, ${mailTime(now)}.`]);
  return [
    db
      .insert(knownDevices)
      .select((qb) =>
        qb
          .select({
            userId: users.id,
            device: sql<string>`${device}`.as("device"),
            firstSeenAt: sql<number>`${now}`.as("first_seen_at"),
            firstSignIn: sql<string>`${signIn}`.as("first_sign_in"),
          })
          .from(users)
          .where(and(eq(users.id, userId), condition)),
      )
      .onConflictDoNothing(),
    ...enqueueMailWhereQueries(db, mail, sql`${madeHere} and ${knewAnother}`, now),
  ];
}
