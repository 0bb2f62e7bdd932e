import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashToken, randomToken } from "~/server/auth/tokens.server";
import { login, post, signedInUser } from "./helpers";

// Workers' clock stands still between I/O, so two requests can run in one millisecond. A batch's
// later statements find the row its first statement spent by the request's own random mark, never
// by "time = now" (docs/features/accounts.md): here the clock is held still to make that happen.

afterEach(() => {
  vi.useRealTimers();
});

describe("a reset link posted twice in one millisecond", () => {
  it("sets the password of the post that spent the link; the other, refused, changes nothing", async () => {
    const { email } = await signedInUser("same-ms-reset");
    const token = randomToken();
    const { id } = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!;
    await env.DB.prepare("INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)")
      .bind(hashToken(token), id, Date.now() + 600_000, Date.now())
      .run();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now());
    const passwords = ["First-Passw0rd!", "Second-Passw0rd!"];
    // Both read the link before either spends it, then each writes in its own batch.
    const answers = await Promise.all(
      passwords.map((password) => post(`/reset-password?token=${token}`, { token, newPassword: password, confirmPassword: password })),
    );
    vi.useRealTimers();
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    const [winner, loser] = statuses[0] === 302 ? passwords : [...passwords].reverse();
    expect((await login(email, winner!)).headers.get("Set-Cookie")).toMatch(/skinvault_session=/);
    expect((await login(email, loser!)).headers.get("Set-Cookie") ?? "").not.toMatch(/skinvault_session=[^;]+;/);
  });
});
