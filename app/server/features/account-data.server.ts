// "Download my data" (docs/features/accounts.md): everything the site keeps of a player, as JSON,
// in one batch. Secrets stay out: the password's hash, the second factor's key and its recovery
// codes' hashes, sessions' ids, passkeys' keys and credential ids, the links' tokens, and the keys
// that make a post count once (form, import, export).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, getTableColumns, inArray, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  craftReports,
  emailChangeTokens,
  knownDevices,
  loadoutShares,
  passkeys,
  priceAlerts,
  resellTrackers,
  savedTradeUps,
  sessions,
  stickerCrafts,
  stickerCraftStickers,
  userFavorites,
  userLoadouts,
  userLoadoutSlots,
  users,
  userTotp,
} from "../db/schema.server";

/** A table's columns but those named: what a row of it says to its owner. */
function columnsWithout<T extends SQLiteTable>(table: T, ...left: string[]) {
  return Object.fromEntries(Object.entries(getTableColumns(table)).filter(([name]) => !left.includes(name))) as ReturnType<typeof getTableColumns<T>>;
}

/**
 * The data of `owner` (a user's id, or the request's session as `requestOwner` gives it, so the
 * session's look-up joins the same batch), each part a list of rows as stored (times as ISO
 * strings once serialised); null without a user.
 */
export async function loadAccountData(context: AppLoadContext, owner: string | SQL) {
  const { db } = context;
  const ownLoadouts = db.select({ id: userLoadouts.id }).from(userLoadouts).where(eq(userLoadouts.userId, owner));
  const ownCrafts = db.select({ id: stickerCrafts.id }).from(stickerCrafts).where(eq(stickerCrafts.authorId, owner));
  const [
    account,
    secondFactor,
    signedIn,
    devices,
    emailChange,
    ownPasskeys,
    favourites,
    trackers,
    alerts,
    loadouts,
    slots,
    shares,
    tradeUps,
    crafts,
    craftStickers,
    reports,
  ] = await context.load([
    db.select(columnsWithout(users, "passwordHash")).from(users).where(eq(users.id, owner)),
    db.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, owner)),
    db
      .select(columnsWithout(sessions, "id", "userId"))
      .from(sessions)
      .where(eq(sessions.userId, owner)),
    db
      .select(columnsWithout(knownDevices, "userId", "firstSignIn"))
      .from(knownDevices)
      .where(eq(knownDevices.userId, owner)),
    db
      .select(columnsWithout(emailChangeTokens, "tokenHash", "userId", "usedBy"))
      .from(emailChangeTokens)
      .where(eq(emailChangeTokens.userId, owner)),
    // What the security page shows of each: no key material, no credential id.
    db.select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt }).from(passkeys).where(eq(passkeys.userId, owner)),
    db.select(columnsWithout(userFavorites, "userId")).from(userFavorites).where(eq(userFavorites.userId, owner)),
    db
      .select(columnsWithout(resellTrackers, "userId", "exportKey", "importKey"))
      .from(resellTrackers)
      .where(eq(resellTrackers.userId, owner)),
    db.select(columnsWithout(priceAlerts, "userId")).from(priceAlerts).where(eq(priceAlerts.userId, owner)),
    db
      .select(columnsWithout(userLoadouts, "userId", "formKey"))
      .from(userLoadouts)
      .where(eq(userLoadouts.userId, owner)),
    db.select().from(userLoadoutSlots).where(inArray(userLoadoutSlots.loadoutId, ownLoadouts)),
    db.select().from(loadoutShares).where(inArray(loadoutShares.loadoutId, ownLoadouts)),
    db
      .select(columnsWithout(savedTradeUps, "userId", "formKey"))
      .from(savedTradeUps)
      .where(eq(savedTradeUps.userId, owner)),
    db
      .select(columnsWithout(stickerCrafts, "formKey", "createdBy"))
      .from(stickerCrafts)
      .where(eq(stickerCrafts.authorId, owner)),
    db.select().from(stickerCraftStickers).where(inArray(stickerCraftStickers.craftId, ownCrafts)),
    db.select(columnsWithout(craftReports, "reporterId")).from(craftReports).where(eq(craftReports.reporterId, owner)),
  ]);
  const [user] = account;
  if (!user) return null;
  return {
    account: { ...user, twoStepSignInSince: secondFactor[0]?.enabledAt ?? null },
    sessions: signedIn,
    knownDevices: devices,
    emailChanges: emailChange,
    passkeys: ownPasskeys,
    favourites,
    resellTrackers: trackers,
    priceAlerts: alerts,
    loadouts: loadouts.map((loadout) => ({
      ...loadout,
      slots: slots.filter((slot) => slot.loadoutId === loadout.id),
      share: shares.find((share) => share.loadoutId === loadout.id) ?? null,
    })),
    tradeUps,
    stickerCrafts: crafts.map((craft) => ({ ...craft, stickers: craftStickers.filter((sticker) => sticker.craftId === craft.id) })),
    craftReports: reports,
  };
}
