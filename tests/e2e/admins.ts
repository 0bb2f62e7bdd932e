// Admin addresses for end-to-end tests: tests/e2e/serve.ts adds them to ADMIN_EMAILS, and the
// `admin` fixture gives each test running at once its own (by Playwright's parallel index), so
// tests never share, or delete, each other's admin.
export const ADMIN_SLOTS = 64;
const PER_WORKER = 4;

/** The `n`-th admin address of the worker with parallel index `worker`. */
export function e2eAdminEmail(worker: number, n = 0): string {
  const slot = worker * PER_WORKER + n;
  if (n >= PER_WORKER || slot >= ADMIN_SLOTS) throw new Error(`no e2e admin address for worker ${worker}, admin ${n}`);
  return `e2e-admin-${slot}@e2e.test`;
}

export const E2E_ADMIN_EMAILS = Array.from({ length: ADMIN_SLOTS }, (_, slot) => `e2e-admin-${slot}@e2e.test`);
