import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { migrationsFolder, openDatabase, type Database, type Db } from '../db/client.ts';
import { createMailer } from '../platform/mailer.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** Every server test runs on PGlite, and on a real PostgreSQL too when TEST_DATABASE_URL names one. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  /** The real app, not yet ready: a test may still add routes before the first request. */
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export interface TestDatabase {
  database: Database;
  /** Set for PostgreSQL: the throw-away database's URL. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

async function withAdminClient<T>(baseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Every file under the migrations folder, hashed: a new migration makes a new template. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty PGlite data directory, made once and kept in the temp folder: creating a PGlite
 * from scratch (initdb inside WASM) takes ~3 s, loading this dump ~0.5 s.
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `courier-pglite-template-${migrationsHash()}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({ dataDir: null });
    await database.migrate();
    const dump = await database.dumpDataDir?.();
    await database.close();
    if (!dump) throw new Error('PGlite could not dump its data directory');
    // Write then rename, so a parallel test file never reads half a template.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/** A fresh, migrated database: PGlite in memory, or a throw-away database on the TEST_DATABASE_URL server. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: null, loadDataDir: await migratedPgliteTemplate() });
    await database.migrate(); // a no-op on the template; keeps the path honest if the template is stale
    return { database, databaseUrl: undefined, close: () => database.close() };
  }

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set, so there is no PostgreSQL server to test on.');
  const name = `test_${randomBytes(8).toString('hex')}`;
  await withAdminClient(baseUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const database = await openDatabase({ databaseUrl, dataDir: null });
  const drop = () =>
    withAdminClient(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    await drop();
    throw error;
  }
  return {
    database,
    databaseUrl,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/**
 * The real app (buildApp) on a fresh database, without the web app. `env` overrides configuration
 * variables, e.g. `{ SESSION_TTL_MINUTES: '1' }`. Messages go to the outbox table (no SMTP).
 */
export async function createTestApp(kind: DatabaseKind, options: { env?: NodeJS.ProcessEnv } = {}): Promise<TestApp> {
  const testDatabase = await createTestDatabase(kind);
  const { database } = testDatabase;
  const config = loadConfig({ WEB_DIST: '', DATABASE_URL: testDatabase.databaseUrl, ...options.env });
  const mailer = createMailer();
  const app = await buildApp({ database, config, mailer }, { checkResponses: true });
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await testDatabase.close();
    },
  };
}
