import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { generateCompanies, insertCompanies } from '../apps/server/src/db/seed/companies.ts';
import { Random } from '../apps/server/src/db/seed/random.ts';
import { createMailer } from '../apps/server/src/platform/mailer.ts';
import { hashPassword } from '../apps/server/src/platform/passwords.ts';
import { ms, percentile, type BenchResult } from './support.ts';

const COMPANY_COUNT = 10_000;
const SEED = 424242;
const REQUESTS_PER_CASE = 300;
const WARM_UP_REQUESTS = 10;
/** Each case stops early after this long, so a slow engine cannot blow the time budget. */
const CASE_TIME_LIMIT_MS = 10_000;
const EMAIL = 'bench.accounts@courier.ie';
const PASSWORD = 'bench-password';

interface ListCase {
  name: string;
  body: { size: number; skip: number; searchQuery?: string; useExactMatch?: boolean };
}

/** 10,000 generated companies and one ACCOUNTS user; returns an account code that exists, for the code searches. */
async function seed(database: Database): Promise<{ accountCode: string; seedMs: number }> {
  const started = performance.now();
  await database.migrate();
  const generated = generateCompanies({
    random: new Random(SEED),
    count: COMPANY_COUNT,
    anchor: new Date(),
    salesRepIds: [],
  });
  await insertCompanies(database.db, generated);
  await database.db.insert(users).values({
    firstName: 'Bench',
    lastName: 'Accounts',
    email: EMAIL,
    passwordHash: await hashPassword(PASSWORD),
    roles: ['ACCOUNTS'],
  });
  // Fresh planner statistics, as autovacuum would have by the time a real table held this much.
  await database.db.execute(sql`analyze`);
  const accountCode = generated.map((g) => g.company.accountCode).find((code): code is string => Boolean(code));
  if (!accountCode) throw new Error('the generator produced no account codes');
  return { accountCode, seedMs: performance.now() - started };
}

async function measure(options: {
  url: string;
  token: string;
  body: ListCase['body'];
}): Promise<{ samples: number[]; count: number }> {
  const request = async () => {
    const started = performance.now();
    const response = await fetch(options.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(options.body),
    });
    const payload = (await response.json()) as { count?: number; message?: string };
    if (response.status !== 200)
      throw new Error(`POST /api/company answered ${response.status}: ${payload.message ?? ''}`);
    return { ms: performance.now() - started, count: payload.count ?? 0 };
  };
  for (let i = 0; i < WARM_UP_REQUESTS; i++) await request();
  const samples: number[] = [];
  let count = 0;
  const started = performance.now();
  while (samples.length < REQUESTS_PER_CASE && performance.now() - started < CASE_TIME_LIMIT_MS) {
    const result = await request();
    samples.push(result.ms);
    count = result.count;
  }
  return { samples, count };
}

/** POST /api/company over real HTTP against one engine (PGlite in a temp folder, or a PostgreSQL database). */
export async function benchCompanyList(engine: { label: string; databaseUrl?: string }): Promise<BenchResult[]> {
  const dataDir = engine.databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'courier-bench-companies-'));
  const database = await openDatabase({ databaseUrl: engine.databaseUrl, dataDir });
  const results: BenchResult[] = [];
  try {
    const { accountCode, seedMs } = await seed(database);
    results.push({
      bench: `company list, ${engine.label}`,
      case: `migrate + insert ${COMPANY_COUNT.toLocaleString('en-IE')} companies`,
      summary: ms(seedMs),
      metrics: { seedMs: Math.round(seedMs) },
      ok: true,
    });

    const config = loadConfig({
      ...process.env,
      DATABASE_URL: engine.databaseUrl ?? '',
      WEB_DIST: '',
      DEMO_DATA: '0',
      SMTP_URL: '',
    });
    const app = await buildApp({
      database,
      config,
      mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom }),
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: EMAIL, password: PASSWORD },
      });
      if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
      const token = (login.json() as { accessToken: string }).accessToken;
      const address = await app.listen({ port: 0, host: '127.0.0.1' });

      const cases: ListCase[] = [
        { name: 'first page, no search (size 10)', body: { size: 10, skip: 0 } },
        { name: "contains 'liffey'", body: { size: 10, skip: 0, searchQuery: 'liffey' } },
        {
          name: `account-code prefix '${accountCode.slice(0, 5)}'`,
          body: { size: 10, skip: 0, searchQuery: accountCode.slice(0, 5) },
        },
        {
          name: `exact match '${accountCode}'`,
          body: { size: 10, skip: 0, searchQuery: accountCode, useExactMatch: true },
        },
        { name: 'deep page (skip 9,000)', body: { size: 10, skip: 9_000 } },
      ];
      for (const listCase of cases) {
        const { samples, count } = await measure({ url: `${address}/api/company`, token, body: listCase.body });
        const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(samples, p)) as [number, number, number];
        results.push({
          bench: `company list, ${engine.label}`,
          case: listCase.name,
          summary: `p50 ${ms(p50)}  p95 ${ms(p95)}  p99 ${ms(p99)}`,
          metrics: {
            p50: Number(p50.toFixed(2)),
            p95: Number(p95.toFixed(2)),
            p99: Number(p99.toFixed(2)),
            requests: samples.length,
            matching: count,
          },
          ok: true,
          note: `${samples.length} requests, ${count.toLocaleString('en-IE')} matching`,
        });
      }
    } finally {
      await app.close();
    }
  } catch (error) {
    results.push({
      bench: `company list, ${engine.label}`,
      case: 'run',
      summary: 'failed',
      metrics: {},
      ok: false,
      note: error instanceof Error ? error.message : String(error),
    });
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
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
