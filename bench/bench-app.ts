// The server side every HTTP bench shares: a database for the engine under test, a bench user, and
// the app listening on a free port with that user signed in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Role } from '@courier/domain/auth/roles';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig, type Config } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { createMailer } from '../apps/server/src/platform/mailer.ts';
import { hashPassword } from '../apps/server/src/platform/passwords.ts';

export const BENCH_PASSWORD = 'bench-password';

/** The engine's database, open for `use`: the given PostgreSQL database, or PGlite in a temp folder removed afterwards. */
export async function withEngineDatabase<T>(
  engine: { databaseUrl?: string },
  tempPrefix: string,
  use: (database: Database) => Promise<T>,
): Promise<T> {
  const dataDir = engine.databaseUrl ? null : mkdtempSync(path.join(tmpdir(), tempPrefix));
  const database = await openDatabase({ databaseUrl: engine.databaseUrl, dataDir });
  try {
    return await use(database);
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A user named 'Bench <lastName>' with BENCH_PASSWORD, to sign in as. */
export async function insertBenchUser(
  database: Database,
  user: { email: string; lastName: string; roles: Role[] },
): Promise<void> {
  await database.db.insert(users).values({
    firstName: 'Bench',
    lastName: user.lastName,
    email: user.email,
    passwordHash: await hashPassword(BENCH_PASSWORD),
    roles: user.roles,
  });
}

/** The app on `database`, listening on a free port, with `email` signed in; closed after `use`. */
export async function withListeningApp<T>(
  options: { database: Database; databaseUrl?: string; webDist?: string; email: string },
  use: (context: { address: string; token: string; config: Config }) => Promise<T>,
): Promise<T> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: options.databaseUrl ?? '',
    WEB_DIST: options.webDist ?? '',
    DEMO_DATA: '0',
    SMTP_URL: '',
  });
  const app = await buildApp({
    database: options.database,
    config,
    mailer: createMailer(),
  });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: options.email, password: BENCH_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
    const token = (login.json() as { accessToken: string }).accessToken;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return await use({ address, token, config });
  } finally {
    await app.close();
  }
}

/** A throw-away database on the PostgreSQL server of `serverUrl`, dropped after `use`. */
export async function withScratchDatabase<T>(serverUrl: string, use: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `courier_bench_${process.pid}_${Date.now()}`;
  const admin = await openDatabase({ databaseUrl: serverUrl, dataDir: null });
  try {
    await admin.db.execute(sql.raw(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      return await use(url.toString());
    } finally {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    }
  } finally {
    await admin.close();
  }
}
