import { fillPlaceholders, sql, type Placeholder } from "drizzle-orm";
import { batchResultMapper, type PreparedRead } from "./batch-rows.server";
import type { Database } from "./client.server";

/**
 * A read query declared once as a shape: drizzle builds its SQL text the first time it is used
 * and never again; each request only binds its values. Drizzle's D1 batch would build the text of
 * every query on every request (`_prepare`, `sqlToQuery`: 5 to 8 % of a rendered page's CPU), and
 * its `.prepare()`d statements cannot go into a batch. A shape's reads go into the page's one batch
 * like any builder (`context.load([...])`) and answer the same rows, mapped by drizzle.
 */

/** What a placeholder of a shape may be given: a value D1 binds as it is. */
export type ShapeValue = string | number | null;

/** A select builder (what drizzle's `.prepare()` turns into a prepared query) and its rows' type. */
interface ShapeSource {
  prepare(): PreparedRead;
  readonly _: { readonly result: unknown };
}

/** A shape with its values in: one D1 statement of the request and how its answer becomes rows. */
export interface ShapedRead<Result> {
  readonly shapedStatement: D1PreparedStatement;
  readonly mapResult: (response: D1Result) => Result;
}

/**
 * Told apart from a drizzle builder by its field, not by `instanceof`: the Worker's load context
 * and the Remix server build each bundle their own copy of this module.
 */
export function isShapedRead(read: object): read is ShapedRead<unknown> {
  return "shapedStatement" in read;
}

export interface ReadShape<Name extends string, Result> {
  /** This read for one request: bound on the request's D1 binding (`db.$client`), so it is counted as the request's. */
  with(db: Database, ...values: [Name] extends [never] ? [] : [Record<Name, ShapeValue>]): ShapedRead<Result>;
}

interface BuiltShape {
  /** The SQL text, split where a slotted shape takes the request's part. */
  sqlParts: string[];
  params: unknown[];
  mapResult: (response: D1Result) => unknown;
}

/**
 * Declares a read by its placeholders' names and a builder that uses them:
 * `readShape(["name"], (db, { name }) => db.select(...).from(weapons).where(eq(weapons.name, name)))`,
 * then per request `shape.with(db, { name })`. A shape without placeholders: `readShape([], (db) => ...)`
 * and `shape.with(db)`. The builder runs once, on first use, with that request's `db`; only the SQL
 * text, its params (placeholders among them) and drizzle's result mapping (which depends on the
 * selected fields alone) are kept.
 */
export function readShape<const Name extends string, Source extends ShapeSource>(
  names: readonly Name[],
  build: (db: Database, placeholders: { readonly [N in Name]: Placeholder<N> }) => Source,
): ReadShape<Name, Source["_"]["result"]> {
  const shape = shapeOf(names, build, 1);
  return {
    with(db, ...values) {
      return shape.with(db, "", ...values);
    },
  };
}

/**
 * Where a slotted shape's SQL text takes the request's own part: `sql.raw(SHAPE_SLOT)` in the builder.
 * A comment, so the text drizzle builds around it is valid SQL as it stands.
 */
export const SHAPE_SLOT = "/* slot */";

export interface SlottedReadShape<Name extends string, Result> {
  /** As `ReadShape.with`, with `slotText` written where the builder put `SHAPE_SLOT`. */
  with(db: Database, slotText: string, ...values: [Name] extends [never] ? [] : [Record<Name, ShapeValue>]): ShapedRead<Result>;
}

/**
 * A shape with one part of its SQL text given per request: for a condition the caller writes as
 * SQL text itself, from parts it has checked, because its form differs from request to request.
 * Drizzle still builds the rest once. The builder must use `sql.raw(SHAPE_SLOT)` exactly once.
 */
export function slottedReadShape<const Name extends string, Source extends ShapeSource>(
  names: readonly Name[],
  build: (db: Database, placeholders: { readonly [N in Name]: Placeholder<N> }) => Source,
): SlottedReadShape<Name, Source["_"]["result"]> {
  return shapeOf(names, build, 2);
}

function shapeOf<const Name extends string, Source extends ShapeSource>(
  names: readonly Name[],
  build: (db: Database, placeholders: { readonly [N in Name]: Placeholder<N> }) => Source,
  sqlPartCount: 1 | 2,
): SlottedReadShape<Name, Source["_"]["result"]> {
  let built: BuiltShape | undefined;
  const buildOnce = (db: Database): BuiltShape => {
    const placeholders = Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as { [N in Name]: Placeholder<N> };
    const prepared = build(db, placeholders).prepare();
    const { sql: text, params } = prepared.getQuery();
    const sqlParts = sqlPartCount === 1 ? [text] : text.split(SHAPE_SLOT);
    if (sqlParts.length !== sqlPartCount) throw new Error(`A slotted shape's SQL must hold SHAPE_SLOT exactly once: ${text}`);
    return { sqlParts, params, mapResult: batchResultMapper(prepared) };
  };
  return {
    with(db, slotText, ...values) {
      built ??= buildOnce(db);
      const { sqlParts, params, mapResult } = built;
      return {
        shapedStatement: db.$client.prepare(sqlParts.join(slotText)).bind(...fillPlaceholders(params, values[0] ?? {})),
        mapResult,
      };
    },
  };
}
