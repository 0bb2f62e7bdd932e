// Node-side password service (remix vite:dev, tooling, tests): the same argon2id PHC strings.
import { hash as argonHash, verify as argonVerify, type Options } from "@node-rs/argon2";
import { ARGON2_PARAMS, type PasswordService } from "../app/server/auth/password.server";

const options: Options = {
  // Algorithm.Argon2id: a const enum, which isolatedModules cannot import.
  algorithm: 2,
  memoryCost: ARGON2_PARAMS.memoryCost,
  timeCost: ARGON2_PARAMS.timeCost,
  parallelism: ARGON2_PARAMS.parallelism,
  outputLen: ARGON2_PARAMS.hashLength,
};

export const nodePasswordService: PasswordService = {
  hash: (password) => argonHash(password, options),
  async verify(hash, password) {
    try {
      return await argonVerify(hash, password);
    } catch {
      return false;
    }
  },
};
