import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * Prepared queries for the hot reads (every request's session, the lists): Drizzle builds each query
 * once, with placeholders, instead of on every request (a fifth of the server's CPU under a mixed read
 * load went to rebuilding them). On PostgreSQL each is a named statement, parsed once per connection;
 * PGlite runs the same text. Plans stay per execution (plan_cache_mode, db/client.ts), as before.
 *
 * Only for `db` itself: a prepared query runs outside any transaction.
 */
const queriesOf = new WeakMap<Db, Map<string, unknown>>();
/** Shapes kept per database (filters combine freely); beyond it a query is still prepared, just not kept. */
const MAX_KEPT = 500;

/**
 * The query of `key` on `db`, built by `build` the first time. `key` must determine the SQL text
 * (the statement's name is taken from it, and PostgreSQL holds one text per name).
 */
export function preparedQuery<T>(db: Db, key: string, build: (name: string) => T): T {
  let queries = queriesOf.get(db);
  if (!queries) queriesOf.set(db, (queries = new Map()));
  const kept = queries.get(key) as T | undefined;
  if (kept !== undefined) return kept;
  const query = build(`q_${createHash('sha1').update(key).digest('hex').slice(0, 24)}`);
  if (queries.size < MAX_KEPT) queries.set(key, query);
  return query;
}

const dialect = new PgDialect();

/** A condition with its values lifted out as placeholders (p1, p2, ...); `text` is its SQL, the key of its shape. */
export interface LiftedCondition {
  text: string;
  /** The condition with placeholders, for building the prepared query (once per shape). */
  template: () => SQL | undefined;
  values: Record<string, unknown>;
}

/**
 * Lifts the values out of a condition built with values (a filter's WHERE): the same SQL text with
 * placeholders, and the values to fill them. Two filters of one shape (which fields are set, how many
 * statuses) give the same text, so one prepared query serves both.
 */
export function liftValues(condition: SQL | undefined, prefix = 'p'): LiftedCondition {
  if (!condition) return { text: '', template: () => undefined, values: {} };
  const { sql: text, params } = dialect.sqlToQuery(condition);
  const values: Record<string, unknown> = {};
  params.forEach((value, index) => (values[`${prefix}${index + 1}`] = value));
  return {
    text,
    values,
    // Drizzle writes every value as $n (never inline, and a condition holds no literal '$n'); each becomes placeholder <prefix>n.
    template: () =>
      sql.join(
        text
          .split(/\$(\d+)/)
          .map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql.placeholder(`${prefix}${part}`))),
      ),
  };
}
