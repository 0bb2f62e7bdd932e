import Argon2, { Argon2Type } from "@phi-ag/argon2";
// wrangler bundles .wasm imports as compiled WebAssembly modules (vite/client types it loosely).
import argon2Wasm from "@phi-ag/argon2/argon2.wasm";
import { ARGON2_PARAMS, type PasswordService } from "../app/server/password.server";

let instance: Promise<Argon2> | undefined;

/** Compiled once per isolate from the bundled module (workerd refuses runtime compilation). */
function argon2(): Promise<Argon2> {
  instance ??= WebAssembly.instantiate(argon2Wasm as WebAssembly.Module).then((i) => new Argon2(i));
  return instance;
}

export const wasmPasswordService: PasswordService = {
  async hash(password) {
    return (await argon2()).hash(password, { ...ARGON2_PARAMS, type: Argon2Type.Argon2id }).encoded;
  },
  async verify(hash, password) {
    return (await argon2()).tryVerify(hash, password, Argon2Type.Argon2id).success;
  },
};
