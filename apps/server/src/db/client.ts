import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever engine is underneath (PGlite or a PostgreSQL server). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or a transaction: use cases accept either so they compose inside one transaction. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed migrations. */
  migrate(): Promise<void>;
  /** PGlite only: the data directory as a tarball (used to make test templates). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Independent reads: all at once on the database (the pool spreads them over its connections), one
 * after another in a transaction. A transaction is one connection, where node-postgres only queues
 * a query sent while another runs, and warns that pg 9 will refuse it (seen at start-up with the
 * demo data, from the pay recompute). Each read is a function, so none starts before its turn.
 */
export async function readTogether<const T extends readonly (() => PromiseLike<unknown>)[]>(
  db: DbOrTx,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as never;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as never;
}

/** The rows of `db.execute(sql...)`: node-postgres answers { rows }, PGlite's driver may answer the array itself. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The pool's open connections. `pool.end()` resolves once it has asked every connection to close,
 * before their sockets have; whoever then drops the database or stops the server would cut live
 * connections (the pool reports 'terminating connection due to administrator command').
 * `allClosed` waits for the last one, for at most `limitMs`.
 */
function countConnections(pool: pg.Pool, limitMs = 5_000) {
  let open = 0;
  let waiting: (() => void) | null = null;
  pool.on('connect', () => open++);
  pool.on('remove', () => {
    open--;
    if (open === 0) waiting?.();
  });
  return {
    allClosed: () =>
      new Promise<void>((resolve) => {
        if (open === 0) return resolve();
        const timer = setTimeout(resolve, limitMs);
        waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
  };
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite under dataDir (in memory when dataDir is null). */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  /** A PGlite data directory dump to start from (tests start from a migrated template: ~0.5 s instead of ~3 s). */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    // jit=off: on the list's and CSV's queries JIT compilation cost more (hundreds of ms a query) than it saved.
    // No parallel workers: the server's answers are short queries from many requests at once, and a
    // query's workers take the cores the other requests need. At 500,000 bookings the unfiltered list
    // page took 76 ms with two workers and 30 ms without (p50; sorted by charge 108 → 38 ms).
    // force_custom_plan: the prepared hot queries (db/prepared.ts) are planned for their values on each
    // run, as unprepared ones are; a generic plan would choose one plan for a busy and a quiet company alike.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: '-c jit=off -c plan_cache_mode=force_custom_plan -c max_parallel_workers_per_gather=0',
    });
    // An idle client that loses its server must not crash the process.
    pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
    const connections = countConnections(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      close: async () => {
        await pool.end();
        await connections.allClosed();
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir ? path.join(options.dataDir, 'pglite') : undefined,
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
  });
  const database = drizzlePglite(client, { schema });
  return {
    db: database as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(database, { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
