import { env } from "cloudflare:test";

/**
 * Fault injection for the integration tests: the Worker's bindings with a D1 wrapper that makes one
 * call to the database fail as D1 fails (an error whose message starts with `D1_ERROR`), before the
 * call reaches the database, so it writes nothing. A call is one round trip: a statement's
 * run/all/first/raw, a batch (D1 runs a batch as one transaction, so it fails whole) or an exec.
 * Every session handed out by `withSession` is wrapped too, since the Worker queries through one.
 */
export interface FaultPlan {
  /** Fail the call with this number (1 is the request's first call to D1). */
  failCall?: number;
  /** Fail every call whose SQL (any statement of a batch) matches. */
  failWhen?: RegExp;
  /** Runs before each call reaches D1, with its SQL: e.g. another request's write slipping in between. */
  before?: (sql: string) => Promise<void>;
}

export interface FaultyBindings {
  env: typeof env;
  /** How many calls reached the wrapper so far (the failed one included). */
  calls: () => number;
  /** The SQL of the calls that were made to fail. */
  failed: () => string[];
}

export const INJECTED_FAULT = "D1_ERROR: injected fault: Network connection lost.";

const EXECUTING = new Set(["run", "all", "first", "raw"]);

export function withFaults(plan: FaultPlan = {}): FaultyBindings {
  let calls = 0;
  const failed: string[] = [];
  const sqlOf = new WeakMap<object, string>();
  const originals = new WeakMap<object, D1PreparedStatement>();

  async function call<T>(sql: string, run: () => Promise<T>): Promise<T> {
    calls++;
    await plan.before?.(sql);
    if (calls === plan.failCall || plan.failWhen?.test(sql)) {
      failed.push(sql);
      throw new Error(INJECTED_FAULT);
    }
    return run();
  }

  const wrapStatement = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== "function") return value;
        if (property === "bind") return (...values: unknown[]) => wrapStatement(target.bind(...values), sql);
        const method = (value as (...args: unknown[]) => Promise<unknown>).bind(target);
        if (typeof property === "string" && EXECUTING.has(property)) return (...args: unknown[]) => call(sql, () => method(...args));
        return method;
      },
    });
    sqlOf.set(proxy, sql);
    originals.set(proxy, statement);
    return proxy;
  };

  /** The database, or a session of it: both prepare and batch. */
  const wrapQueries = <T extends Pick<D1Database, "prepare" | "batch">>(target: T): T =>
    new Proxy(target, {
      get(inner, property) {
        const value = Reflect.get(inner, property, inner) as unknown;
        if (property === "prepare") return (query: string) => wrapStatement(inner.prepare(query), query);
        if (property === "batch") {
          return (statements: D1PreparedStatement[]) =>
            call(statements.map((s) => sqlOf.get(s) ?? "").join(";\n"), () => inner.batch(statements.map((s) => originals.get(s) ?? s)));
        }
        if (property === "exec") return (query: string) => call(query, () => (inner as unknown as D1Database).exec(query));
        if (property === "withSession") {
          return (constraint?: string) => wrapQueries((inner as unknown as D1Database).withSession(constraint) as unknown as D1Database);
        }
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(inner) : value;
      },
    });

  return { env: { ...env, DB: wrapQueries(env.DB) }, calls: () => calls, failed: () => [...failed] };
}

export const INJECTED_R2_FAULT = "injected R2 fault: unreachable";

/**
 * The Worker's bindings with R2 failing as it fails when unreachable: every call of the named
 * methods of the `IMAGES` bucket rejects (with `INJECTED_R2_FAULT`); the others reach the real bucket.
 */
export function withFailingImages(methods: readonly (keyof R2Bucket)[] = ["list", "delete"]): typeof env {
  const failing = new Set<PropertyKey>(methods);
  const bucket = new Proxy(env.IMAGES, {
    get(target, property) {
      if (failing.has(property)) return () => Promise.reject(new Error(INJECTED_R2_FAULT));
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { ...env, IMAGES: bucket };
}
