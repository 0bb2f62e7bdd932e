import initialize from "@phi-ag/argon2/node";
import { describe, expect, it } from "vitest";
import { DUMMY_PASSWORD_HASH } from "~/server/auth/password.server";
import { createWasmPasswordService } from "../../workers/argon2-service";
import { nodePasswordService } from "../../workers/node-password";

// The Worker's service over the same WASM binary, here loaded by the package's Node entry.
const instance = initialize();
const wasmService = createWasmPasswordService(() => instance);
const wasmHash = (password: string) => wasmService.hash(password);
const wasmVerify = (hash: string, password: string) => wasmService.verify(hash, password);

describe("argon2id hashes", () => {
  it("are PHC strings with the OWASP parameters", async () => {
    expect(await wasmHash("correct horse")).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(await nodePasswordService.hash("correct horse")).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("made by the WASM build verify with @node-rs/argon2", async () => {
    const hash = await wasmHash("Ünïcode pässword 🔑");
    expect(await nodePasswordService.verify(hash, "Ünïcode pässword 🔑")).toBe(true);
    expect(await nodePasswordService.verify(hash, "other")).toBe(false);
  });

  it("made by @node-rs/argon2 verify with the WASM build", async () => {
    const hash = await nodePasswordService.hash("Ünïcode pässword 🔑");
    expect(await wasmVerify(hash, "Ünïcode pässword 🔑")).toBe(true);
    expect(await wasmVerify(hash, "Ünïcode pässword")).toBe(false);
    for (const password of ["ascii only", "", "日本語のパスワード"]) {
      expect(await wasmVerify(await nodePasswordService.hash(password), password)).toBe(true);
    }
  });

  it("the dummy hash for unknown e-mails is a valid hash with the same cost", async () => {
    expect(DUMMY_PASSWORD_HASH).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await wasmVerify(DUMMY_PASSWORD_HASH, "")).toBe(false);
  });
});
