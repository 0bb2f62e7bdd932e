/**
 * Errors of the database itself, told apart from bugs in our code: D1 unreachable, overloaded or
 * reset, a statement refused by a constraint. An action answers them with a message and a 503 (a
 * bug stays a 500). Drizzle wraps a failed query in an error of its own ("Failed query: ...") whose
 * `cause` is D1's, so the whole chain is read.
 */
const D1_FAILURE = /\bD1_|\bSQLITE_|\bD1 DB\b|Network connection lost/;
const FOREIGN_KEY_FAILURE = /FOREIGN KEY constraint failed/;

function messages(error: unknown): string[] {
  const found: string[] = [];
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) found.push(at.message);
  return found;
}

export function isDatabaseFailure(error: unknown): boolean {
  return messages(error).some((message) => D1_FAILURE.test(message));
}

/**
 * One line for the log: D1's own message and the statement it refused (drizzle's wrapper names it;
 * its parameters, which may hold e-mail addresses or password hashes, are left out).
 */
export function describeDatabaseFailure(error: unknown): string {
  const d1 = messages(error).find((message) => D1_FAILURE.test(message)) ?? String(error);
  const query = error instanceof Error && "query" in error && typeof error.query === "string" ? error.query : null;
  return query ? `${d1} (in: ${query.slice(0, 200)})` : d1;
}

/** A row that refers to one that is gone: for a signed-in write, usually the account deleted meanwhile. */
export function isForeignKeyFailure(error: unknown): boolean {
  return messages(error).some((message) => FOREIGN_KEY_FAILURE.test(message));
}

/** A write refused by a unique index on `column` ("table.column", as SQLite names it): the row exists already. */
export function isUniqueFailure(error: unknown, column: string): boolean {
  return messages(error).some((message) => message.includes("UNIQUE constraint failed:") && message.includes(column));
}

/**
 * A write keyed by its form (ADR 090): "repeated" when `column`'s unique index refuses the
 * key, the same form posted a second time, with nothing written. Without a key, failures pass on.
 */
export async function unlessRepeated<T>(write: Promise<T>, formKey: string | null, column: string): Promise<T | "repeated"> {
  try {
    return await write;
  } catch (error) {
    if (formKey !== null && isUniqueFailure(error, column)) return "repeated";
    throw error;
  }
}
