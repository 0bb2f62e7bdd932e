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
  /** Failed logins for one account: the sixth in a row within 15 minutes is refused. */
  loginByEmail: { name: "login-email", limit: 5, windowSeconds: 15 * 60 },
  /** Failed logins from one client address. */
  loginByIp: { name: "login-ip", limit: 50, windowSeconds: 15 * 60 },
  /** Registrations from one client address. */
  registerByIp: { name: "register-ip", limit: 20, windowSeconds: 60 * 60 },
  /** Spec section 9: reset cooldown 300 seconds, one request per account. */
  resetByEmail: { name: "reset-email", limit: 1, windowSeconds: 300 },
  /** Reset requests from one client address. */
  resetByIp: { name: "reset-ip", limit: 20, windowSeconds: 60 * 60 },
  /** Confirmation mails sent again for one account. */
  resendConfirmation: { name: "resend-confirmation", limit: 1, windowSeconds: 300 },
} as const satisfies Record<string, RateLimitRule>;

export const RESET_RATE_LIMIT_MESSAGE = "Too many password reset attempts. Please wait a few minutes before trying again.";
export const LOGIN_RATE_LIMIT_MESSAGE = "Too many login attempts. Please wait a few minutes before trying again.";
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
