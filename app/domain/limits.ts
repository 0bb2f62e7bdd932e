/**
 * How much one account may keep. Far more than a player needs (no honest account meets them), they
 * bound what one account can make the database and its pages hold. Each is checked in the same
 * statement as the insert, so parallel requests cannot overshoot (README.md, "Limits").
 */
export const ACCOUNT_LIMITS = {
  loadouts: 100,
  trackers: 1000,
  favorites: 500,
  priceAlerts: 200,
  tradeUps: 200,
  passkeys: 20,
} as const;

export type LimitedKind = keyof typeof ACCOUNT_LIMITS;

/** 1000 as "1,000". */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ",");

export const LIMIT_MESSAGES: Record<LimitedKind, string> = {
  loadouts: `You have ${count(ACCOUNT_LIMITS.loadouts)} loadouts, the most an account can keep. Delete one to create another.`,
  trackers: `You have ${count(ACCOUNT_LIMITS.trackers)} resell trackers, the most an account can keep. Delete one to add another.`,
  favorites: `You have ${count(ACCOUNT_LIMITS.favorites)} favourites, the most an account can keep. Remove one to add another.`,
  priceAlerts: `You have ${count(ACCOUNT_LIMITS.priceAlerts)} price alerts, the most an account can keep. Remove one to set another.`,
  tradeUps: `You have ${count(ACCOUNT_LIMITS.tradeUps)} saved trade-ups, the most an account can keep. Delete one to save another.`,
  passkeys: `You have ${count(ACCOUNT_LIMITS.passkeys)} passkeys, the most an account can keep. Remove one to add another.`,
};
