/**
 * Password hashing: argon2id, PHC string, OWASP parameters (m=19456 KiB, t=2, p=1). The Worker
 * builds the service from the argon2 WASM module (workers/app.ts); `remix vite:dev` from
 * @node-rs/argon2 (workers/node-password.ts). Remix code only sees this interface.
 */
export interface PasswordService {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export const ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1, hashLength: 32 } as const;

/**
 * A valid hash of a random password nobody knows: a login for an unknown e-mail verifies against
 * it, so answering takes as long as for a known account.
 */
export const DUMMY_PASSWORD_HASH = "$argon2id$v=19$m=19456,t=2,p=1$kuZuHqJJjVtV+BYr0sourw$/RYgJlK3vojPVTlsDNwDhvBnbmaerL48dbt03L805GI";
