// What `wrangler types` cannot read from wrangler.toml (README.md, "Configuration"): variables that are
// unset by default and the secret only the `http` mail transport needs. They merge into the
// generated `Env` (worker-configuration.d.ts, written by `npm run typegen`).
interface Env {
  MAIL_API_KEY?: string;
  MAIL_API_URL?: string;
  MAIL_FROM?: string;
  MAIL_TIMEOUT_MS?: string;
  PRICE_FEED_URL?: string;
  PRICE_FEED_TIMEOUT_MS?: string;
  RATE_LIMIT_MULTIPLIER?: string;
}

/** The Worker's `Env` under a name that `Cloudflare.Env` (the test pool's `env`) can extend. */
type WorkerEnv = Env;
