// Test accounts for end-to-end tests, made through the running server's own account endpoints
// (plain HTTP, no browser): register, confirm with the link from the outbox, log in. The server
// writes every row, so nothing races its database; the fixture only reads the D1 file that
// wrangler dev keeps under .wrangler/e2e-state-PORT (the mailed link, the user's id).
//
// Why not insert the rows directly: workerd holds that SQLite file open and expects to be its only
// writer; a row written from outside while a request reads and then writes answered that request
// with SQLITE_BUSY_SNAPSHOT (a 500).
import { readdirSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";

export interface TestUser {
  id: string;
  /** Lower case, unique per test (admins: unique among the tests running at once). */
  email: string;
  /** The account's password; a test that changes it sets the new one here so clean-up can log in. */
  password: string;
  /** The session cookie of a live session of this user. */
  cookie: { name: string; value: string };
}

export const TEST_PASSWORD = "e2e-pass-1";
const root = fileURLToPath(new URL("../../", import.meta.url));
let ipCounter = 0;

/** A fresh client address per account, so registrations never meet the per-address rate limits. */
function fakeAddress(): string {
  const n = (process.pid * 997 + ipCounter++) % 16_000_000;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export class TestAccounts {
  private readonly created: TestUser[] = [];
  private readonly db: DatabaseSync;

  constructor(private readonly baseURL: string) {
    const dir = `${root}.wrangler/e2e-state-${new URL(baseURL).port}/v3/d1/miniflare-D1DatabaseObject`;
    const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
    if (!file) throw new Error(`no D1 database in ${dir}`);
    this.db = new DatabaseSync(`${dir}/${file}`, { readOnly: true });
  }

  /** POSTs a form the way a browser without JavaScript does; answers the response (redirects not followed). */
  private async post(path: string, fields: Record<string, string>, { cookie, ip }: { cookie?: string; ip?: string } = {}) {
    const headers: Record<string, string> = {};
    if (cookie) headers.Cookie = cookie;
    if (ip) headers["CF-Connecting-IP"] = ip;
    const response = await fetch(new URL(path, this.baseURL), { method: "POST", body: new URLSearchParams(fields), headers, redirect: "manual" });
    // Read to the end: a cancelled body makes workerd log a broken pipe, and bursts of logged
    // errors have brought wrangler dev down.
    await response.arrayBuffer();
    return response;
  }

  private async logIn(email: string, password: string, ip: string): Promise<TestUser["cookie"] | null> {
    const response = await this.post("/login?mode=login", { intent: "login", email, password }, { ip });
    const session = response.headers
      .getSetCookie()
      .map((header) => /^((?:__Host-)?skinvault_session)=([^;]+)/.exec(header))
      .find(Boolean);
    return response.status === 302 && session ? { name: session[1]!, value: session[2]! } : null;
  }

  /** A confirmed user with a live session, under a fresh address or `email` (an admin address from tests/e2e/admins.ts). */
  async create({ label = "user", email }: { label?: string; email?: string } = {}): Promise<TestUser> {
    email ??= `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
    const ip = fakeAddress();
    // An admin address is reused by later tests; a leftover of an aborted run goes first.
    if (this.userId(email)) await this.remove({ id: "", email, password: TEST_PASSWORD, cookie: { name: "", value: "" } });

    const registered = await this.post("/login?mode=register", { intent: "register", email, password: TEST_PASSWORD }, { ip });
    if (registered.status !== 302) throw new Error(`registering ${email} answered ${registered.status}`);
    const token = this.mailedToken(email, "/confirm-email");
    const confirmed = await this.post("/confirm-email", { intent: "confirm-email", token }, { ip });
    if (confirmed.status !== 302) throw new Error(`confirming ${email} answered ${confirmed.status}`);
    const cookie = await this.logIn(email, TEST_PASSWORD, ip);
    if (!cookie) throw new Error(`logging in as ${email} failed`);
    const user = { id: this.userId(email)!, email, password: TEST_PASSWORD, cookie };
    this.created.push(user);
    return user;
  }

  /** The token of the newest link to `path` in mail queued for `email`. */
  mailedToken(email: string, path: string): string {
    const rows = this.db.prepare('SELECT text FROM mail_outbox WHERE "to" = ? ORDER BY created_at DESC').all(email) as { text: string }[];
    for (const { text } of rows) {
      const match = new RegExp(`${path.replace(/[/?]/g, "\\$&")}\\?token=([A-Za-z0-9_-]+)`).exec(text);
      if (match) return match[1]!;
    }
    throw new Error(`no ${path} link mailed to ${email}`);
  }

  userId(email: string): string | undefined {
    return (this.db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: string } | undefined)?.id;
  }

  /** The rows that belong to `user`: the account, its sessions and tokens, and mail still queued for it. */
  rowsOf(user: TestUser): number {
    const row = this.db
      .prepare(
        `SELECT (SELECT count(*) FROM users WHERE id = ?1 OR email = ?2)
              + (SELECT count(*) FROM sessions WHERE user_id = ?1)
              + (SELECT count(*) FROM password_reset_tokens WHERE user_id = ?1)
              + (SELECT count(*) FROM email_confirmation_tokens WHERE user_id = ?1)
              + (SELECT count(*) FROM mail_outbox WHERE "to" = ?2 AND status = 'pending') AS n`,
      )
      .get(user.id, user.email) as { n: number };
    return row.n;
  }

  /**
   * Deletes the account the way its owner does (Profile, "Delete account"), which removes
   * everything that belongs to it; signs in again first when the test ended the session.
   */
  private async remove(user: TestUser): Promise<void> {
    const deleteAccount = (cookie: string) => this.post("/profile", { intent: "delete-account", confirm: "DELETE" }, { cookie });
    if (user.cookie.name) await deleteAccount(`${user.cookie.name}=${user.cookie.value}`);
    if (!this.userId(user.email)) return;
    const cookie = await this.logIn(user.email, user.password, fakeAddress());
    if (cookie) await deleteAccount(`${cookie.name}=${cookie.value}`);
    if (this.userId(user.email)) throw new Error(`could not delete the test account ${user.email} (password changed without updating user.password?)`);
  }

  /** Deletes every account made through this instance. */
  async cleanUp(): Promise<void> {
    for (const user of this.created.splice(0)) await this.remove(user);
  }

  close(): void {
    this.db.close();
  }
}
