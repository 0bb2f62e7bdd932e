import type Argon2 from "@phi-ag/argon2";
import { Argon2Type } from "@phi-ag/argon2";
import { ARGON2_PARAMS, type PasswordService } from "../app/server/auth/password.server";

/**
 * @phi-ag/argon2 0.5 copies the password to WASM memory as UTF-8 but passes `password.length`
 * (UTF-16 code units) as its byte length, so a non-ASCII password would be cut short and not
 * match hashes made elsewhere. It reads the text through string conversion and the length through
 * `.length`, so handing it the text with its UTF-8 byte length makes it hash every byte.
 */
function utf8Password(password: string): string {
  const bytes = new TextEncoder().encode(password).length;
  return { toString: () => password, length: bytes } as unknown as string;
}

/** The argon2id password service over a WASM instance (the Worker's, or the Node build in tests). */
export function createWasmPasswordService(argon2: () => Promise<Argon2>): PasswordService {
  return {
    async hash(password) {
      return (await argon2()).hash(utf8Password(password), { ...ARGON2_PARAMS, type: Argon2Type.Argon2id }).encoded;
    },
    async verify(hash, password) {
      return (await argon2()).tryVerify(hash, utf8Password(password), Argon2Type.Argon2id).success;
    },
  };
}
