/**
 * Rate-limit rules. A window starts at the first counted hit for a key and lasts `windowSeconds`;
 * within it at most `limit` hits are allowed.
 */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

export const RATE_LIMITS = {
  /** Failed logins for one account from one client address: the sixth within 15 minutes is refused. */
  loginByAccountAndIp: { name: "login-account-ip", limit: 5, windowSeconds: 15 * 60 },
  /** Failed logins for one account from anywhere: a higher ceiling, so one attacker cannot lock the owner out. */
  loginByAccount: { name: "login-account", limit: 20, windowSeconds: 15 * 60 },
  /** ... and its second step: past this the account waits out the day (the delay grows). */
  loginByAccountDaily: { name: "login-account-day", limit: 100, windowSeconds: 24 * 60 * 60 },
  /** Failed logins from one client address. */
  loginByIp: { name: "login-ip", limit: 50, windowSeconds: 15 * 60 },
  /**
   * Wrong second-factor codes (TOTP or recovery) for one account: past the password already, so
   * counted per account alone. Five in 15 minutes, then 30 a day: at three codes good at any moment,
   * guessing one takes about 30 years.
   */
  secondFactorByAccount: { name: "second-factor-account", limit: 5, windowSeconds: 15 * 60 },
  secondFactorByAccountDaily: { name: "second-factor-account-day", limit: 30, windowSeconds: 24 * 60 * 60 },
  /**
   * Wrong current passwords for one signed-in account (changing the password or the e-mail
   * address): a session alone, left open somewhere, must not be a way to guess the password.
   */
  currentPasswordByAccount: { name: "current-password-account", limit: 5, windowSeconds: 15 * 60 },
  /** Changes of e-mail address asked for by one account: each mails an address the player typed. */
  emailChangeByAccount: { name: "email-change-account", limit: 5, windowSeconds: 60 * 60 },
  /** Registrations from one client address. */
  registerByIp: { name: "register-ip", limit: 20, windowSeconds: 60 * 60 },
  /** Spec section 9: reset cooldown 300 seconds, one request per account. */
  resetByEmail: { name: "reset-email", limit: 1, windowSeconds: 300 },
  /** Reset requests from one client address. */
  resetByIp: { name: "reset-ip", limit: 20, windowSeconds: 60 * 60 },
  /** Confirmation mails sent again for one account. */
  resendConfirmation: { name: "resend-confirmation", limit: 1, windowSeconds: 300 },
  /** "Download my data" for one account: each reads everything the account holds. */
  accountDataByAccount: { name: "account-data-account", limit: 10, windowSeconds: 60 * 60 },
  /** Reports of published crafts from one client address. */
  craftReportByIp: { name: "craft-report-ip", limit: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;
export type RateLimits = Record<RateLimitName, RateLimitRule>;

/**
 * The limits in force: production's, with each limit multiplied by `RATE_LIMIT_MULTIPLIER` (a
 * positive whole number from the environment; test servers raise their limits with it). Anything
 * else, or nothing, means production's limits.
 */
export function rateLimitsWith(multiplier: string | undefined): RateLimits {
  const factor = Number(multiplier);
  if (!Number.isInteger(factor) || factor < 1) return RATE_LIMITS;
  return Object.fromEntries(Object.entries(RATE_LIMITS).map(([key, rule]) => [key, { ...rule, limit: rule.limit * factor }])) as RateLimits;
}

/** The `Retry-After` value for a 429 without a more precise one (a minute). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

export const RESET_RATE_LIMIT_MESSAGE = "Too many password reset attempts. Please wait a few minutes before trying again.";
export const SECOND_FACTOR_RATE_LIMIT_MESSAGE = "Too many wrong codes. Please wait a few minutes before trying again.";
export const ACCOUNT_DATA_RATE_LIMIT_MESSAGE = "Too many downloads of your data. Please try again within the hour.";
export const CURRENT_PASSWORD_RATE_LIMIT_MESSAGE = "Too many wrong passwords. Please wait a few minutes before trying again.";
export const EMAIL_CHANGE_RATE_LIMIT_MESSAGE =
  "You have asked for several changes of e-mail address in the last hour. Please wait a while before asking again.";
export const LOGIN_RATE_LIMIT_MESSAGE = "Too many login attempts. Please wait a few minutes before trying again.";
export const CRAFT_REPORT_RATE_LIMIT_MESSAGE = "You have sent several reports in the last hour. Please wait a while before you report another craft.";
export const REGISTER_RATE_LIMIT_MESSAGE = "Too many registration attempts. Please try again later.";

export interface RateLimitState {
  /** Hits counted in the current window (0 when there is none). */
  count: number;
  /** When the current window started (ms since epoch). */
  windowStart: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window ends (0 when allowed with no window). */
  retryAfterSeconds: number;
}

/** Whether a further hit is allowed, given the hits already counted. */
export function decide(rule: RateLimitRule, state: RateLimitState | null, now: number): RateLimitDecision {
  if (!state || state.windowStart + rule.windowSeconds * 1000 <= now) return { allowed: true, retryAfterSeconds: 0 };
  const retryAfterSeconds = Math.max(1, Math.ceil((state.windowStart + rule.windowSeconds * 1000 - now) / 1000));
  return { allowed: state.count < rule.limit, retryAfterSeconds };
}

/** Seconds as m:ss (spec: the cooldown is shown as m:ss). */
export function formatCooldown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
