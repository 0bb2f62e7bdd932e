// Admin addresses for end-to-end tests: tests/e2e/serve.ts adds them to ADMIN_EMAILS, and the
// `admin` fixture gives each test running at once its own (by Playwright's parallel index), so
// tests never share, or delete, each other's admin. Each worker also has one admin of its own for
// the tests that only read pages (the `sharedAccount` fixture), kept until the worker ends.
export const ADMIN_SLOTS = 64;
const PER_WORKER = 4;
const WORKERS = ADMIN_SLOTS / PER_WORKER;

/** The `n`-th admin address of the worker with parallel index `worker`. */
export function e2eAdminEmail(worker: number, n = 0): string {
  const slot = worker * PER_WORKER + n;
  if (n >= PER_WORKER || slot >= ADMIN_SLOTS) throw new Error(`no e2e admin address for worker ${worker}, admin ${n}`);
  return `e2e-admin-${slot}@e2e.test`;
}

/** The admin address the worker with parallel index `worker` shares among its read-only tests. */
export function e2eSharedAdminEmail(worker: number): string {
  if (worker >= WORKERS) throw new Error(`no shared e2e admin address for worker ${worker}`);
  return `e2e-admin-shared-${worker}@e2e.test`;
}

export const E2E_ADMIN_EMAILS = [
  ...Array.from({ length: ADMIN_SLOTS }, (_, slot) => `e2e-admin-${slot}@e2e.test`),
  ...Array.from({ length: WORKERS }, (_, worker) => e2eSharedAdminEmail(worker)),
];
