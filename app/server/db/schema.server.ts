import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
// Relative: vite.config.ts loads this file (through workers/dev-load-context.ts), where "~" does not resolve.
import { CRATE_KINDS } from "../../domain/crates.ts";
import { CURRENCY_CODES } from "../../domain/currency.ts";
import { MARKETS } from "../../domain/market-fees.ts";
import { MARKET_ITEM_KINDS } from "../../domain/market-names.ts";
import { PRICE_MARKETS } from "../../domain/markets.ts";
import { VARIANTS } from "../../domain/variants.ts";
import type { ContractRow } from "../../domain/trade-up.ts";
import { WEARS } from "../../domain/wear.ts";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

// ---------------------------------------------------------------- catalogue

export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  position: integer("position").notNull(),
});

export const weapons = sqliteTable(
  "weapons",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull().unique(),
    category: text("category")
      .notNull()
      .references(() => categories.name),
    image: text("image"),
  },
  (t) => [index("weapons_category_name_idx").on(t.category, t.name)],
);

export const skins = sqliteTable(
  "skins",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Lower-case name with everything but letters and digits removed; what search matches on. */
    searchKey: text("search_key").notNull(),
    image: text("image").notNull(),
    description: text("description"),
    weapon: text("weapon")
      .notNull()
      .references(() => weapons.name),
    rarity: text("rarity").notNull(),
    rarityColor: text("rarity_color").notNull(),
    minFloat: real("min_float").notNull(),
    maxFloat: real("max_float").notNull(),
    stattrak: integer("stattrak", { mode: "boolean" }).notNull(),
    souvenir: integer("souvenir", { mode: "boolean" }).notNull(),
    lastPriceUpdate: integer("last_price_update", { mode: "timestamp_ms" }),
    /** 'demo' for seeded prices, or the feed's name once a price job has written them. */
    priceSource: text("price_source").notNull().default("demo"),
  },
  (t) => [index("skins_weapon_name_idx").on(t.weapon, t.name), index("skins_name_idx").on(t.name)],
);

export const skinWears = sqliteTable(
  "skin_wears",
  {
    skinId: text("skin_id")
      .notNull()
      .references(() => skins.id, { onDelete: "cascade" }),
    wear: text("wear", { enum: WEARS }).notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
    priceCents: integer("price_cents").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.skinId, t.wear] }), check("skin_wears_price_check", sql`${t.priceCents} >= 0`)],
);

/** StatTrak and Souvenir prices, written by the price job beside the normal prices in skin_wears. */
export const skinVariantPrices = sqliteTable(
  "skin_variant_prices",
  {
    skinId: text("skin_id")
      .notNull()
      .references(() => skins.id, { onDelete: "cascade" }),
    variant: text("variant", { enum: ["stattrak", "souvenir"] }).notNull(),
    wear: text("wear", { enum: WEARS }).notNull(),
    priceCents: integer("price_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.skinId, t.variant, t.wear] }), check("skin_variant_prices_price_check", sql`${t.priceCents} >= 0`)],
);

/**
 * Each market's price of the day beside the default one: the market's stored price at the day's last
 * price run, while not stale; null where the market had none that day. Columns, not a row per market:
 * the history keeps its rows (docs/features/price-feed.md, "History per market").
 */
const marketHistoryColumns = () => ({
  steamCents: integer("steam_cents"),
  skinportCents: integer("skinport_cents"),
  csfloatCents: integer("csfloat_cents"),
  buff163Cents: integer("buff163_cents"),
});

/** Each market's column in price_history and item_price_history. */
export const HISTORY_MARKET_COLUMNS = {
  steam: "steamCents",
  skinport: "skinportCents",
  csfloat: "csfloatCents",
  buff163: "buff163Cents",
} as const satisfies Record<(typeof PRICE_MARKETS)[number], keyof ReturnType<typeof marketHistoryColumns>>;

/** One price per skin, variant, wear and UTC day (the day's latest price); see the retention rule in app/domain. */
export const priceHistory = sqliteTable(
  "price_history",
  {
    skinId: text("skin_id")
      .notNull()
      .references(() => skins.id, { onDelete: "cascade" }),
    variant: text("variant", { enum: ["normal", "stattrak", "souvenir"] })
      .notNull()
      .default("normal"),
    wear: text("wear", { enum: WEARS }).notNull(),
    /** UTC calendar day, YYYY-MM-DD. */
    day: text("day").notNull(),
    /** The default price: the cheapest listing across the markets. */
    priceCents: integer("price_cents").notNull(),
    ...marketHistoryColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.skinId, t.variant, t.wear, t.day] }),
    index("price_history_day_idx").on(t.day),
    check("price_history_price_check", sql`${t.priceCents} >= 0`),
  ],
);

/** State of each scheduled price feed: the last run's counts and error, and a lease so runs do not overlap. */
export const priceFeedRuns = sqliteTable("price_feed_runs", {
  feed: text("feed").primaryKey(),
  leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
  lastRunAt: integer("last_run_at", { mode: "timestamp_ms" }),
  lastSuccessAt: integer("last_success_at", { mode: "timestamp_ms" }),
  lastError: text("last_error"),
  matched: integer("matched").notNull().default(0),
  unmatched: integer("unmatched").notNull().default(0),
  unchanged: integer("unchanged").notNull().default(0),
});

/**
 * The European Central Bank's euro reference rates, one row per currency the site shows (EUR is 1):
 * how many units of it one euro buys, as published, and the day they were published for. Written
 * by the rates job (app/server/jobs/rates-job.server.ts); 'demo' rows come from the local seed.
 */
export const exchangeRates = sqliteTable(
  "exchange_rates",
  {
    currency: text("currency", { enum: CURRENCY_CODES }).primaryKey(),
    perEuro: real("per_euro").notNull(),
    /** The ECB's day, YYYY-MM-DD. */
    rateDate: text("rate_date").notNull(),
    /** 'ecb', or 'demo' for the seed's rates. */
    source: text("source").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("exchange_rates_rate_check", sql`${t.perEuro} > 0`)],
);

/** The game's keys, which open the cases that need one (cs2-lib's "key" items). */
export const caseKeys = sqliteTable("case_keys", {
  id: integer("id").primaryKey(),
  /** The name without the game's "Key | " prefix, e.g. "CS:GO Case Key". */
  name: text("name").notNull().unique(),
  image: text("image"),
  /** The market's price in cents (0 = no data), written by the price job; see docs/features/price-feed.md. */
  priceCents: integer("price_cents").notNull().default(0),
  lastPriceUpdate: integer("last_price_update", { mode: "timestamp_ms" }),
  /** 'demo' for seeded prices, or the feed's name once a price job has written them. */
  priceSource: text("price_source").notNull().default("demo"),
});

export { CRATE_KINDS, type CrateKind } from "../../domain/crates.ts";

/** Containers: weapon cases, keyless cases, souvenir packages and sticker capsules (cs2-lib's "case" items); `kind` is `crateKind`. */
export const crates = sqliteTable(
  "crates",
  {
    id: integer("id").primaryKey(),
    /** The name without the game's "Container | " prefix, which is also its market name. */
    name: text("name").notNull().unique(),
    image: text("image"),
    /** The URL segment of the container's page; set by the catalogue seed. */
    slug: text("slug"),
    kind: text("kind", { enum: CRATE_KINDS }).notNull().default("weapon_case"),
    /** The key that opens it; null when it needs none (keyless cases, souvenir packages, most capsules). */
    keyId: integer("key_id").references(() => caseKeys.id),
    /** The market's price in cents (0 = no data), written by the price job; see docs/features/price-feed.md. */
    priceCents: integer("price_cents").notNull().default(0),
    lastPriceUpdate: integer("last_price_update", { mode: "timestamp_ms" }),
    /** 'demo' for seeded prices, or the feed's name once a price job has written them. */
    priceSource: text("price_source").notNull().default("demo"),
  },
  (t) => [uniqueIndex("crates_slug_idx").on(t.slug)],
);

export const skinCrates = sqliteTable(
  "skin_crates",
  {
    skinId: text("skin_id")
      .notNull()
      .references(() => skins.id, { onDelete: "cascade" }),
    crateId: integer("crate_id")
      .notNull()
      .references(() => crates.id, { onDelete: "cascade" }),
    /** A rare special item (knife or gloves) of the case rather than one of its listed contents. */
    special: integer("special", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.skinId, t.crateId] }), index("skin_crates_crate_idx").on(t.crateId)],
);

/**
 * Vanilla knives: a knife with no finish (market name `★ Karambit`), which cs2-lib lists among a
 * weapon case's rare special items (docs/features/trade-ups.md, "Vanilla knives"). Not
 * a skin: no wear, no float, no page of its own; one normal and one StatTrak™ price.
 */
export const vanillaKnives = sqliteTable("vanilla_knives", {
  /** cs2-lib's item id of the knife (its base item, also `weapons.id`). */
  id: integer("id").primaryKey(),
  /** The knife's English name, e.g. "Karambit"; its market names are `★ Karambit` and `★ StatTrak™ Karambit`. */
  name: text("name").notNull().unique(),
  image: text("image"),
  /** The market's prices in cents (0 = no data), written by the price job; see docs/features/price-feed.md. */
  priceCents: integer("price_cents").notNull().default(0),
  stattrakPriceCents: integer("stattrak_price_cents").notNull().default(0),
  lastPriceUpdate: integer("last_price_update", { mode: "timestamp_ms" }),
  /** 'demo' for seeded prices, or the feed's name once a price job has written them. */
  priceSource: text("price_source").notNull().default("demo"),
});

/** Which weapon cases drop which vanilla knife, as a rare special item. */
export const crateVanillaKnives = sqliteTable(
  "crate_vanilla_knives",
  {
    crateId: integer("crate_id")
      .notNull()
      .references(() => crates.id, { onDelete: "cascade" }),
    knifeId: integer("knife_id")
      .notNull()
      .references(() => vanillaKnives.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.crateId, t.knifeId] }), index("crate_vanilla_knives_knife_idx").on(t.knifeId)],
);

/**
 * Each weapon case's expected value of one opening at the stored prices (`caseExpectedValues`),
 * worked out whenever prices change (the price job, the seed) so the list of cases reads 45 rows
 * instead of every case's items and prices (docs/decisions/086-stored-case-values.md).
 */
export const caseValues = sqliteTable("case_values", {
  crateId: integer("crate_id")
    .primaryKey()
    .references(() => crates.id, { onDelete: "cascade" }),
  /** Cents, with fractions: the list rounds it as the case's page does. */
  expectedCents: real("expected_cents").notNull(),
  /** The share of the case's odds whose items have a price, 0 to 1. */
  coverage: real("coverage").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** What a sticker capsule holds. */
export const crateStickers = sqliteTable(
  "crate_stickers",
  {
    crateId: integer("crate_id")
      .notNull()
      .references(() => crates.id, { onDelete: "cascade" }),
    stickerId: integer("sticker_id")
      .notNull()
      .references(() => stickers.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.crateId, t.stickerId] }), index("crate_stickers_sticker_idx").on(t.stickerId)],
);

export const collections = sqliteTable(
  "collections",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull().unique(),
    image: text("image"),
    /** The URL segment of the collection's page; set by the catalogue seed. */
    slug: text("slug"),
  },
  (t) => [uniqueIndex("collections_slug_idx").on(t.slug)],
);

export const skinCollections = sqliteTable(
  "skin_collections",
  {
    skinId: text("skin_id")
      .notNull()
      .references(() => skins.id, { onDelete: "cascade" }),
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.skinId, t.collectionId] }), index("skin_collections_collection_idx").on(t.collectionId)],
);

/** The game's stickers (from the catalogue package), which the admin's craft editor picks from. */
export const stickers = sqliteTable(
  "stickers",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    /** Lower-case name with everything but letters and digits removed; what the picker matches on. */
    searchKey: text("search_key").notNull(),
    image: text("image").notNull(),
    /** The event or collection as the game names it ("Community Sticker Capsule 1", "2014 EMS One Katowice"). */
    category: text("category"),
    /** The market's price in cents (0 = no data), written by the price job; see docs/features/price-feed.md. */
    priceCents: integer("price_cents").notNull().default(0),
    lastPriceUpdate: integer("last_price_update", { mode: "timestamp_ms" }),
    /** 'demo' for seeded prices, or the feed's name once a price job has written them. */
    priceSource: text("price_source").notNull().default("demo"),
  },
  (t) => [index("stickers_name_idx").on(t.name)],
);

/**
 * A skin's price on each market (per variant and wear), beside the default price of skin_wears /
 * skin_variant_prices (the cheapest of them the latest feed gave). `updated_at`: when a feed last
 * gave this price (rewritten when it changes, else at most MARKET_PRICE_REFRESH_MS behind).
 */
export const skinMarketPrices = sqliteTable(
  "skin_market_prices",
  {
    skinId: text("skin_id")
      .notNull()
      .references(() => skins.id, { onDelete: "cascade" }),
    variant: text("variant", { enum: ["normal", "stattrak", "souvenir"] }).notNull(),
    wear: text("wear", { enum: WEARS }).notNull(),
    market: text("market", { enum: PRICE_MARKETS }).notNull(),
    priceCents: integer("price_cents").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.skinId, t.variant, t.wear, t.market] }), check("skin_market_prices_price_check", sql`${t.priceCents} > 0`)],
);

/**
 * A sticker's, container's, key's or vanilla knife's (normal or StatTrak™) price on each market;
 * `item_id` as in item_price_history.
 */
export const itemMarketPrices = sqliteTable(
  "item_market_prices",
  {
    kind: text("kind", { enum: MARKET_ITEM_KINDS }).notNull(),
    itemId: integer("item_id").notNull(),
    market: text("market", { enum: PRICE_MARKETS }).notNull(),
    priceCents: integer("price_cents").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId, t.market] }), check("item_market_prices_price_check", sql`${t.priceCents} > 0`)],
);

/**
 * Daily price history of the catalogue's other market items (stickers, containers, keys, vanilla
 * knives' normal and StatTrak™ prices), the counterpart of price_history: one row per item and UTC
 * day, the day's latest price, the same retention. `item_id` is stickers.id, crates.id,
 * case_keys.id or vanilla_knives.id as `kind` says (no foreign key: catalogue rows are upserted,
 * never deleted).
 */
export const itemPriceHistory = sqliteTable(
  "item_price_history",
  {
    kind: text("kind", { enum: MARKET_ITEM_KINDS }).notNull(),
    itemId: integer("item_id").notNull(),
    /** UTC calendar day, YYYY-MM-DD. */
    day: text("day").notNull(),
    /** The default price: the cheapest listing across the markets. */
    priceCents: integer("price_cents").notNull(),
    ...marketHistoryColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId, t.day] }),
    index("item_price_history_day_idx").on(t.day),
    check("item_price_history_price_check", sql`${t.priceCents} >= 0`),
  ],
);

// ---------------------------------------------------------------- accounts

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  /** Always stored lower-cased. */
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp_ms" }),
  /** The currency the player chose (docs/features/currency.md); null: the browser's choice, else US dollars. */
  currency: text("currency", { enum: CURRENCY_CODES }),
  createdAt: createdAt(),
});

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    /** Moved forward at most every few minutes (SESSION_SEEN_EVERY_MS), never by each page; null: not since it began. */
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    /** A rough device from the user agent at login ("Chrome on Windows"); never the agent itself. */
    device: text("device"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** A player's second factor (TOTP, RFC 6238): a row without `enabledAt` is a setup not yet confirmed by a code. */
export const userTotp = sqliteTable("user_totp", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The shared key, base32 as shown to the player: a TOTP check needs it itself, so it cannot be hashed. */
  secret: text("secret").notNull(),
  enabledAt: integer("enabled_at", { mode: "timestamp_ms" }),
  /** The confirming request's own random mark: its batch's later statements find the factor it turned on by it, not by the millisecond. */
  enabledBy: text("enabled_by"),
  /** The 30-second step of the last code accepted: a code of that step or an earlier one is never taken again. */
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

/** Single-use recovery codes of the second factor, stored as SHA-256 of the code. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * A player's passkeys (WebAuthn credentials, docs/features/accounts.md): each one's public key and
 * signature counter; the private key never leaves the player's device. `id` is the handle the
 * security page names it by.
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential's id as the browser gives it (base64url). */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter at the last sign-in (0 for authenticators that keep none). */
    counter: integer("counter").notNull().default(0),
    /** How the browser can reach the authenticator ("internal,hybrid"), comma-separated; null: unknown. */
    transports: text("transports"),
    /** The player's name for it, 1-60 characters (the device's label by default). */
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/**
 * Passkey challenges that were spent: a challenge travels in a signed cookie and is written here by
 * the request that checks a response against it, so it counts once (`spent_by` names that request).
 * Kept until the challenge would have expired anyway.
 */
export const passkeyChallenges = sqliteTable(
  "passkey_challenges",
  {
    challenge: text("challenge").primaryKey(),
    spentBy: text("spent_by").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("passkey_challenges_expires_idx").on(t.expiresAt)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    /** The spending request's own random mark (as `email_change_tokens.used_by`). */
    usedBy: text("used_by"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

export const emailConfirmationTokens = sqliteTable(
  "email_confirmation_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    /** The spending request's own random mark (as `email_change_tokens.used_by`). */
    usedBy: text("used_by"),
    createdAt: createdAt(),
  },
  (t) => [index("email_confirmation_tokens_user_idx").on(t.userId)],
);

/**
 * A change of e-mail address asked for on the security page, waiting for its link (sent to the new
 * address) to be used: single use, 30 minutes, stored as SHA-256 like the other mail links.
 */
export const emailChangeTokens = sqliteTable(
  "email_change_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Lower-cased, as `users.email`. */
    newEmail: text("new_email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    /** A random id of the request that used the link: the rest of its batch finds the row by it (two requests can share a millisecond). */
    usedBy: text("used_by"),
    createdAt: createdAt(),
  },
  (t) => [index("email_change_tokens_user_idx").on(t.userId)],
);

/**
 * The rough devices (`sessions.device` labels) an account has signed in from: a sign-in from one
 * not listed, on an account that has one listed, mails the account (docs/features/accounts.md).
 */
export const knownDevices = sqliteTable(
  "known_devices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    device: text("device").notNull(),
    firstSeenAt: integer("first_seen_at", { mode: "timestamp_ms" }).notNull(),
    /**
     * A random id of the sign-in that added the row, by which that sign-in's batch tells the row is
     * its own (two sign-ins can share a millisecond: Workers' clock stands still between I/O).
     */
    firstSignIn: text("first_sign_in").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.device] })],
);

export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    claimedUntil: integer("claimed_until", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: integer("window_start", { mode: "timestamp_ms" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// ---------------------------------------------------------------- content

export const officialLoadouts = sqliteTable(
  "official_loadouts",
  {
    id: integer("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** The key of the form that created it: the same form posted twice creates one loadout (ADR 090). */
    formKey: text("form_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("official_loadouts_created_idx").on(t.createdAt),
    uniqueIndex("official_loadouts_creator_form_key_idx")
      .on(t.createdBy, t.formKey)
      .where(sql`${t.formKey} is not null`),
  ],
);

export const officialLoadoutSlots = sqliteTable(
  "official_loadout_slots",
  {
    loadoutId: integer("loadout_id")
      .notNull()
      .references(() => officialLoadouts.id, { onDelete: "cascade" }),
    slot: text("slot").notNull(),
    skinId: text("skin_id")
      .notNull()
      .references(() => skins.id),
    wear: text("wear", { enum: WEARS }),
  },
  (t) => [primaryKey({ columns: [t.loadoutId, t.slot] })],
);

export const userLoadouts = sqliteTable(
  "user_loadouts",
  {
    id: integer("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    budgetCents: integer("budget_cents"),
    /**
     * The budget as the player typed it (docs/features/currency.md): its currency, its amount in that
     * currency's minor units and the rate used (units a dollar bought). Null: typed in US dollars, or no budget.
     */
    budgetCurrency: text("budget_currency", { enum: CURRENCY_CODES }),
    budgetTypedMinor: integer("budget_typed_minor"),
    budgetRatePerUsd: real("budget_rate_per_usd"),
    /** Bumped on every save so concurrent edits cannot silently overwrite each other. */
    version: integer("version").notNull().default(1),
    /** The key of the form that created it: the same form posted twice creates one loadout (ADR 090). */
    formKey: text("form_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("user_loadouts_user_created_idx").on(t.userId, t.createdAt),
    uniqueIndex("user_loadouts_user_form_key_idx")
      .on(t.userId, t.formKey)
      .where(sql`${t.formKey} is not null`),
  ],
);

export const userLoadoutSlots = sqliteTable(
  "user_loadout_slots",
  {
    loadoutId: integer("loadout_id")
      .notNull()
      .references(() => userLoadouts.id, { onDelete: "cascade" }),
    slot: text("slot").notNull(),
    skinId: text("skin_id")
      .notNull()
      .references(() => skins.id),
    wear: text("wear", { enum: WEARS }),
  },
  (t) => [primaryKey({ columns: [t.loadoutId, t.slot] })],
);

/**
 * A user loadout's read-only link (at most one per loadout). The token is a random id of 192 bits,
 * kept as it is (not hashed) so the owner can copy the link again and a revoke can purge the
 * link's kept pages: docs/features/loadout-sharing.md. Goes with its loadout (and so its account).
 */
export const loadoutShares = sqliteTable("loadout_shares", {
  token: text("token").primaryKey(),
  loadoutId: integer("loadout_id")
    .notNull()
    .unique()
    .references(() => userLoadouts.id, { onDelete: "cascade" }),
  /** Whether the link shows the loadout's description and its budget: the owner's choice, hidden unless chosen (ADR 038). */
  showDescription: integer("show_description", { mode: "boolean" }).notNull().default(false),
  showBudget: integer("show_budget", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
});

export const stickerCrafts = sqliteTable(
  "sticker_crafts",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description"),
    ingameImage: text("ingame_image"),
    placementImage: text("placement_image"),
    skinId: text("skin_id")
      .notNull()
      .references(() => skins.id),
    externalCraftLink: text("external_craft_link"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** The key of the admin's form that created it (a submission's is its ticket's): posted twice, it creates one (ADR 090). */
    formKey: text("form_key"),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The player who submitted a community craft (null: an official craft); their account takes it along. */
    authorId: text("author_id").references(() => users.id, { onDelete: "cascade" }),
    /** Only published crafts are shown to everyone; pending and rejected ones to their author and admins. */
    status: text("status", { enum: ["pending", "published", "rejected"] })
      .notNull()
      .default("published"),
    rejectionReason: text("rejection_reason"),
    /** When the author last submitted it: the moderation queue's order. */
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("sticker_crafts_creator_form_key_idx")
      .on(t.createdBy, t.formKey)
      .where(sql`${t.formKey} is not null`),
    index("sticker_crafts_created_idx").on(t.createdAt),
    index("sticker_crafts_author_idx").on(t.authorId, t.status),
    index("sticker_crafts_status_submitted_idx").on(t.status, t.submittedAt),
  ],
);

/**
 * One row per submission or resubmission of a community craft: the daily limit counts them (a
 * deleted craft still counted that day), and each batch that submits finds its own row by id.
 */
export const craftSubmissions = sqliteTable(
  "craft_submissions",
  {
    id: text("id").primaryKey(),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    craftId: integer("craft_id").references(() => stickerCrafts.id, { onDelete: "set null" }),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }).notNull(),
    /** The key of the form that submitted: the same form posted twice submits once (ADR 090). */
    formKey: text("form_key"),
  },
  (t) => [
    index("craft_submissions_author_idx").on(t.authorId, t.submittedAt),
    uniqueIndex("craft_submissions_author_form_key_idx")
      .on(t.authorId, t.formKey)
      .where(sql`${t.formKey} is not null`),
  ],
);

/** Every moderation decision on a community craft: who, when, what (kept after the craft is gone). */
export const craftModerationLog = sqliteTable(
  "craft_moderation_log",
  {
    id: text("id").primaryKey(),
    craftId: integer("craft_id").references(() => stickerCrafts.id, { onDelete: "set null" }),
    craftName: text("craft_name").notNull(),
    adminId: text("admin_id").references(() => users.id, { onDelete: "set null" }),
    /** A decision (published, rejected, unpublished), a deletion, or open reports dismissed. */
    action: text("action", { enum: ["published", "rejected", "unpublished", "deleted", "dismissed"] }).notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("craft_moderation_log_created_idx").on(t.createdAt)],
);

/**
 * A visitor's report of a published craft (what is wrong with it), open until a moderator dismisses
 * it or takes the craft down; the reporter's account when they were signed in.
 */
export const craftReports = sqliteTable(
  "craft_reports",
  {
    id: text("id").primaryKey(),
    craftId: integer("craft_id")
      .notNull()
      .references(() => stickerCrafts.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("craft_reports_craft_idx").on(t.craftId, t.createdAt)],
);

export const stickerCraftStickers = sqliteTable(
  "sticker_craft_stickers",
  {
    id: integer("id").primaryKey(),
    craftId: integer("craft_id")
      .notNull()
      .references(() => stickerCrafts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    image: text("image"),
    priceCents: integer("price_cents"),
    externalLink: text("external_link"),
    position: integer("position").notNull(),
    lastUpdated: integer("last_updated", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("sticker_craft_stickers_craft_position_idx").on(t.craftId, t.position),
    check("sticker_craft_stickers_position_check", sql`${t.position} between 1 and 5`),
  ],
);

export const resellTrackers = sqliteTable(
  "resell_trackers",
  {
    id: integer("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    skinId: text("skin_id")
      .notNull()
      .references(() => skins.id),
    buyPriceCents: integer("buy_price_cents").notNull(),
    /**
     * The buy price as the player typed it (docs/features/currency.md): its currency, its amount in
     * that currency's minor units and the rate used (units a dollar bought). Null: typed in US dollars.
     */
    buyCurrency: text("buy_currency", { enum: CURRENCY_CODES }),
    buyTypedMinor: integer("buy_typed_minor"),
    buyRatePerUsd: real("buy_rate_per_usd"),
    wearValue: real("wear_value"),
    wear: text("wear", { enum: WEARS }).notNull(),
    notes: text("notes"),
    /** Calendar date the user bought the skin, YYYY-MM-DD. */
    boughtAt: text("bought_at").notNull(),
    /** Normal, StatTrak or Souvenir: which of the skin's prices the item has. */
    variant: text("variant", { enum: VARIANTS }).notNull().default("normal"),
    /** The sale, all set or all null: what the buyer paid, the date (YYYY-MM-DD), the market. */
    salePriceCents: integer("sale_price_cents"),
    soldAt: text("sold_at"),
    saleMarket: text("sale_market", { enum: MARKETS }),
    /** The player's own fee for this sale in basis points; null: the market's default. */
    saleFeeBasisPoints: integer("sale_fee_basis_points"),
    /** The fee the sale paid, worked out when it was recorded (later rule changes leave it). */
    saleFeeCents: integer("sale_fee_cents"),
    /**
     * The sale price as the player typed it, like the buy price's: its currency, minor units and rate,
     * and the fee the rule took from the typed price, in that currency's minor units. Null: typed in US dollars.
     */
    saleCurrency: text("sale_currency", { enum: CURRENCY_CODES }),
    saleTypedMinor: integer("sale_typed_minor"),
    saleRatePerUsd: real("sale_rate_per_usd"),
    saleFeeTypedMinor: integer("sale_fee_typed_minor"),
    /** The Steam asset id the tracker was imported from (a Steam inventory only; null from the form or a CSV). */
    steamAssetId: text("steam_asset_id"),
    /**
     * A random key (32 lowercase hex) the CSV export carries, so importing an export again finds the
     * trackers it lists (ADR 079). Every insert gets a new one unless an import keeps the CSV's.
     */
    exportKey: text("export_key")
      .notNull()
      .default(sql`(lower(hex(randomblob(16))))`),
    /**
     * The import form's key (ADR 090), the same on every tracker one import wrote; null from the
     * new-tracker form (its key is the export key) or an import posted without one.
     */
    importKey: text("import_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("resell_trackers_user_created_idx").on(t.userId, t.createdAt),
    // Many trackers share an import's key, so it cannot be unique: the import's insert checks it (ADR 090).
    index("resell_trackers_user_import_key_idx")
      .on(t.userId, t.importKey)
      .where(sql`${t.importKey} is not null`),
    // An asset is tracked once per account: importing the same inventory again cannot track it twice.
    uniqueIndex("resell_trackers_user_steam_asset_idx")
      .on(t.userId, t.steamAssetId)
      .where(sql`${t.steamAssetId} is not null`),
    // A CSV export imported again cannot track its rows twice.
    uniqueIndex("resell_trackers_user_export_key_idx").on(t.userId, t.exportKey),
  ],
);

/**
 * An inventory import's preview, read and kept for its Import step (ADR 096): the inventory's lines
 * as parsed (JSON), keyed by the preview form's key, which its form carries instead of the paste.
 * Short-lived: the cleanup job deletes it once expired; an owner keeps a few at once.
 */
export const importDrafts = sqliteTable(
  "import_drafts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    formKey: text("form_key").notNull(),
    lines: text("lines").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.formKey] }), index("import_drafts_expires_idx").on(t.expiresAt)],
);

export const userFavorites = sqliteTable(
  "user_favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    skinId: text("skin_id")
      .notNull()
      .references(() => skins.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.skinId] })],
);

/**
 * A price alert a favourite carries: mail the owner when the price of `wear` (and `variant`) drops
 * below `targetCents`. `lastPriceCents` is the price the job saw last, so a crossing (from at or
 * above the target to below it) mails once; rising back to the target re-arms it.
 */
export const priceAlerts = sqliteTable(
  "price_alerts",
  {
    userId: text("user_id").notNull(),
    skinId: text("skin_id").notNull(),
    wear: text("wear", { enum: WEARS }).notNull(),
    variant: text("variant", { enum: ["normal", "stattrak", "souvenir"] })
      .notNull()
      .default("normal"),
    targetCents: integer("target_cents").notNull(),
    /** The target as the player typed it (docs/features/currency.md): currency, minor units, rate. Null: typed in US dollars. */
    targetCurrency: text("target_currency", { enum: CURRENCY_CODES }),
    targetTypedMinor: integer("target_typed_minor"),
    targetRatePerUsd: real("target_rate_per_usd"),
    lastPriceCents: integer("last_price_cents"),
    lastNotifiedAt: integer("last_notified_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.skinId] }),
    foreignKey({ columns: [t.userId, t.skinId], foreignColumns: [userFavorites.userId, userFavorites.skinId] }).onDelete("cascade"),
    index("price_alerts_skin_idx").on(t.skinId, t.variant, t.wear),
    check("price_alerts_target_check", sql`${t.targetCents} > 0`),
  ],
);

/**
 * A trade-up contract a player saved ('My trade-ups' on the profile): its rows as JSON (the same
 * rows as the contract's URL), valued at today's prices when shown. At most
 * ACCOUNT_LIMITS.tradeUps an account, checked in the insert.
 */
export const savedTradeUps = sqliteTable(
  "saved_trade_ups",
  {
    id: integer("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    inputs: text("inputs", { mode: "json" }).$type<ContractRow[]>().notNull(),
    /** The key of the form that saved it: the same form posted twice saves once (ADR 090). */
    formKey: text("form_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("saved_trade_ups_user_created_idx").on(t.userId, t.createdAt),
    uniqueIndex("saved_trade_ups_user_form_key_idx")
      .on(t.userId, t.formKey)
      .where(sql`${t.formKey} is not null`),
  ],
);
