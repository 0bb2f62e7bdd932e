// What the script tests share: the project's wrangler.toml copied into a folder of the test's own
// (only its paths made absolute, so wrangler reads `.dev.vars` and keeps its local state beside the
// copy), and `wrangler dev` serving the built Worker from there.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { wranglerCommand } from "../../scripts/package-bin.ts";

export const root = fileURLToPath(new URL("../../", import.meta.url));
export const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Writes the project's wrangler.toml into `dir` with absolute paths; answers the copy's path. */
export function projectConfigIn(dir: string): string {
  const toml = readFileSync(join(root, "wrangler.toml"), "utf8")
    .replace(/^main = "(?:\.\/)?(.+)"$/m, (_, path: string) => `main = ${JSON.stringify(join(root, path))}`)
    .replace(/^directory = "(?:\.\/)?(.+)"$/m, (_, path: string) => `directory = ${JSON.stringify(join(root, path))}`)
    .replace(/^migrations_dir = "(.+)"$/m, (_, path: string) => `migrations_dir = ${JSON.stringify(join(root, path))}`);
  const config = join(dir, "wrangler.toml");
  writeFileSync(config, toml);
  return config;
}

/** Runs a wrangler command to its end (in the config's folder); fails with its output. */
export function wrangler(config: string, args: string[]): string {
  const result = spawnSync(...wranglerCommand([...args, "--config", config]), { env, encoding: "utf8", cwd: dirname(config), maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** `wrangler dev` of `config` on `port`, answering once the Worker does; `stop` waits for its exit. */
export async function startWranglerDev(config: string, port: number, extraArgs: string[] = []): Promise<{ stop: () => Promise<void> }> {
  const inspectorPort = await freePort();
  const child = spawn(
    ...wranglerCommand([
      "dev",
      "--config",
      config,
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--show-interactive-dev-session=false",
      ...extraArgs,
    ]),
    { env, cwd: dirname(config), stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  for (let tries = 0; ; tries++) {
    const up = await fetch(`http://localhost:${port}/robots.txt`).then(
      async (response) => {
        await response.body?.cancel();
        return true;
      },
      () => false,
    );
    if (up) return { stop };
    if (tries > 120 || child.exitCode !== null) {
      await stop();
      throw new Error(`wrangler dev did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
