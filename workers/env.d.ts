// What `wrangler types` cannot read from wrangler.toml (README.md, "Configuration"): the secret only the
// `http` mail transport needs, which is not required. It merges into the generated `Env`
// (worker-configuration.d.ts, written by `npm run typegen`).
interface Env {
  MAIL_API_KEY?: string;
}

/** The Worker's `Env` under a name that `Cloudflare.Env` (the test pool's `env`) can extend. */
type WorkerEnv = Env;
