import type { D1Migration } from "@cloudflare/vitest-pool-workers";
import type { Env } from "../../workers/load-context";

declare global {
  namespace Cloudflare {
    interface Env extends import("../../workers/load-context").Env {
      TEST_MIGRATIONS: D1Migration[];
      TEST_SEED: string[];
    }
  }
}
export type { Env };
