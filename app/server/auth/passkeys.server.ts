// The passkeys' rows: the security page's list, adding one, removing one, and the writes of a
// sign-in. The ceremonies around them (options, checks, the challenge cookie) are passkey-ceremony.server.ts.
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { ACCOUNT_LIMITS } from "~/domain/limits";
import type { Database } from "../db/client.server";
import { belowLimit } from "../db/limits.server";
import { passkeyChallenges, passkeys, users } from "../db/schema.server";
import { enqueueMailWhereQueries, type MailMessage } from "../mail/outbox.server";
import { knownDeviceWrites } from "./known-devices.server";
import { newSessionQueries } from "./session.server";

/** What the security page shows of a passkey: its handle (the row's id), name, and when it was added and last used. */
export interface PasskeyView {
  handle: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** The passkeys of `owner` (a session subquery or a user id), newest first. */
export function passkeysQuery(db: Database, owner: SQL | string) {
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, owner))
    .orderBy(desc(passkeys.createdAt), passkeys.id);
}

export function toPasskeyViews(rows: Awaited<ReturnType<typeof passkeysQuery>>): PasskeyView[] {
  return rows.map((row) => ({ handle: row.id, name: row.name, createdAt: row.createdAt.getTime(), lastUsedAt: row.lastUsedAt?.getTime() ?? null }));
}

/** A fresh handle for a passkey row: 16 random bytes as hex. */
export function newPasskeyHandle(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The credentials a new registration must not make again (WebAuthn's `excludeCredentials`), and how many the account has. */
export function ownCredentials(db: Database, userId: string) {
  return db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
}

/**
 * A sign-in's reads, in one round trip: the stored passkey of the credential id, with its account's
 * address (for the rate limits), or null; and whether the ceremony's challenge was spent already.
 */
export async function signInState(db: Database, credentialId: string, challenge: string) {
  const [[row], spent] = await db.batch([
    db
      .select({
        id: passkeys.id,
        userId: passkeys.userId,
        email: users.email,
        publicKey: passkeys.publicKey,
        counter: passkeys.counter,
        transports: passkeys.transports,
      })
      .from(passkeys)
      .innerJoin(users, eq(users.id, passkeys.userId))
      .where(eq(passkeys.credentialId, credentialId))
      .limit(1),
    db.select({ challenge: passkeyChallenges.challenge }).from(passkeyChallenges).where(eq(passkeyChallenges.challenge, challenge)).limit(1),
  ]);
  return { passkey: row ?? null, challengeSpent: spent.length > 0 };
}

export type StoredPasskey = NonNullable<Awaited<ReturnType<typeof signInState>>["passkey"]>;

/** A spent challenge's row, with the request that spends it: `spentHere` holds in the same batch only for that request. */
function spendChallenge(db: Database, challenge: string, expiresAt: number) {
  const spentBy = newPasskeyHandle();
  return {
    query: db
      .insert(passkeyChallenges)
      .values({ challenge, spentBy, expiresAt: new Date(expiresAt) })
      .onConflictDoNothing()
      .returning({ challenge: passkeyChallenges.challenge }),
    spentHere: sql`exists (select 1 from ${passkeyChallenges} where ${passkeyChallenges.challenge} = ${challenge} and ${passkeyChallenges.spentBy} = ${spentBy})`,
  };
}

export interface NewPasskey {
  userId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string | null;
  name: string;
}

export type AddPasskeyOutcome = "added" | "challenge-spent" | "already-added" | "limit";

/**
 * Adds a checked passkey in one batch: its challenge is spent, and only where this request spent
 * it, the account has fewer than its most passkeys and the credential is new, the row goes in and
 * the notice mail is queued. Two requests with one challenge cannot both add.
 */
export async function addPasskey(
  db: Database,
  passkey: NewPasskey,
  challenge: { value: string; expiresAt: number },
  mail: MailMessage,
): Promise<AddPasskeyOutcome> {
  const now = Date.now();
  const id = newPasskeyHandle();
  const spend = spendChallenge(db, challenge.value, challenge.expiresAt);
  const isNew = sql`not exists (select 1 from ${passkeys} where ${passkeys.credentialId} = ${passkey.credentialId})`;
  const [spent, added] = await db.batch([
    spend.query,
    db
      .insert(passkeys)
      .select((qb) =>
        qb
          .select({
            id: sql<string>`${id}`.as("id"),
            userId: users.id,
            credentialId: sql<string>`${passkey.credentialId}`.as("credential_id"),
            publicKey: sql<string>`${passkey.publicKey}`.as("public_key"),
            counter: sql<number>`${passkey.counter}`.as("counter"),
            transports: sql<string | null>`${passkey.transports}`.as("transports"),
            name: sql<string>`${passkey.name}`.as("name"),
            createdAt: sql<number>`${now}`.as("created_at"),
            lastUsedAt: sql<null>`null`.as("last_used_at"),
          })
          .from(users)
          .where(and(eq(users.id, passkey.userId), spend.spentHere, isNew, belowLimit(passkeys.userId, passkey.userId, ACCOUNT_LIMITS.passkeys))),
      )
      .returning({ id: passkeys.id }),
    ...enqueueMailWhereQueries(db, mail, sql`exists (select 1 from ${passkeys} where ${passkeys.id} = ${id})`, now),
  ]);
  if (added.length > 0) return "added";
  if (spent.length === 0) return "challenge-spent";
  const [owned] = await db.select({ userId: passkeys.userId }).from(passkeys).where(eq(passkeys.credentialId, passkey.credentialId)).limit(1);
  return owned ? "already-added" : "limit";
}

/**
 * The writes of a checked sign-in, in one batch: the challenge is spent, and only where this request
 * spent it and the passkey's counter is still the one checked, the counter and "last used" move and
 * a session starts. Answers the session's id, or null (the challenge was used, or another sign-in
 * with the passkey came first).
 */
export async function recordPasskeySignIn(
  db: Database,
  passkey: StoredPasskey,
  newCounter: number,
  challenge: { value: string; expiresAt: number },
  device: string,
  origin: string,
): Promise<string | null> {
  const now = Date.now();
  const spend = spendChallenge(db, challenge.value, challenge.expiresAt);
  // This request spent its challenge (its own mark) and the passkey moved on to its counter.
  const used = sql`${spend.spentHere} and exists (select 1 from ${passkeys} where ${passkeys.id} = ${passkey.id} and ${passkeys.lastUsedAt} = ${now} and ${passkeys.counter} = ${newCounter})`;
  const session = newSessionQueries(db, passkey.userId, device, now, used);
  const [, updated] = await db.batch([
    spend.query,
    db
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: new Date(now) })
      .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter), spend.spentHere))
      .returning({ id: passkeys.id }),
    ...session.queries,
    // Its device joins the account's known ones, and a new one is mailed about, as at a password sign-in.
    ...knownDeviceWrites(db, origin, { userId: passkey.userId, email: passkey.email }, device, now, used),
  ]);
  return updated.length > 0 ? session.id : null;
}

/** Removes one of the user's passkeys, named by its handle, and queues the notice mail, in one batch: false when the user has no passkey of that handle. */
export async function removePasskey(db: Database, userId: string, handle: string, mail: MailMessage): Promise<boolean> {
  const own = and(eq(passkeys.id, handle), eq(passkeys.userId, userId));
  const [, , removed] = await db.batch([
    ...enqueueMailWhereQueries(db, mail, sql`exists (select 1 from ${passkeys} where ${own})`),
    db.delete(passkeys).where(own).returning({ id: passkeys.id }),
  ]);
  return removed.length > 0;
}
