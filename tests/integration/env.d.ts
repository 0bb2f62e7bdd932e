/// <reference types="@cloudflare/vitest-pool-workers/types" />
import type { D1Migration } from "@cloudflare/vitest-pool-workers";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      TEST_SEED: string[];
      TEST_PRICE_SEED: string[];
      TEST_NODE_HASH: string;
      TEST_NODE_HASH_PASSWORD: string;
      TEST_MAIL_PROVIDER: string;
      TEST_PRICE_FEED: string;
      TEST_EXCHANGE_RATES: string;
      TEST_DEFAULT_VARS: Record<string, string>;
    }
  }
}
