/**
 * Wraps a D1 binding so that each call that reaches the database (a statement's run/all/first/raw,
 * a batch, an exec) counts as one round trip. Pages promise at most one; tests and the benchmark
 * read the count from the X-D1-Round-Trips response header outside production.
 */
export interface CountingD1 {
  binding: D1Database;
  roundTrips: () => number;
}

const EXECUTING_METHODS = new Set(["run", "all", "first", "raw"]);

export function countRoundTrips(d1: D1Database): CountingD1 {
  let count = 0;
  const originals = new WeakMap<object, D1PreparedStatement>();

  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof value !== "function") return value;
        if (property === "bind") {
          return (...values: unknown[]) => wrapStatement(target.bind(...values));
        }
        if (typeof property === "string" && EXECUTING_METHODS.has(property)) count++;
        return (value as (...args: unknown[]) => unknown).bind(target);
      },
    });
    originals.set(proxy, statement);
    return proxy;
  };

  const binding = new Proxy(d1, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property === "prepare") return (query: string) => wrapStatement(target.prepare(query));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          count++;
          return target.batch(statements.map((s) => originals.get(s) ?? s));
        };
      }
      if (property === "exec") {
        return (query: string) => {
          count++;
          return target.exec(query);
        };
      }
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });

  return { binding, roundTrips: () => count };
}
