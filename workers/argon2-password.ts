import Argon2 from "@phi-ag/argon2";
// wrangler bundles .wasm imports as compiled WebAssembly modules (workerd refuses runtime compilation).
import argon2Wasm from "@phi-ag/argon2/argon2.wasm";
import { createWasmPasswordService } from "./argon2-service";

let instance: Promise<Argon2> | undefined;

/** Instantiated once per isolate from the bundled module. */
function argon2(): Promise<Argon2> {
  instance ??= WebAssembly.instantiate(argon2Wasm as WebAssembly.Module).then((i) => new Argon2(i));
  return instance;
}

export const wasmPasswordService = createWasmPasswordService(argon2);
