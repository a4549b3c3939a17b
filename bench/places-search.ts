import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { generatePlaces, insertPlaces } from '../apps/server/src/db/seed/catalogue.ts';
import { Random } from '../apps/server/src/db/seed/random.ts';
import { createMailer } from '../apps/server/src/platform/mailer.ts';
import { hashPassword } from '../apps/server/src/platform/passwords.ts';
import { ms, percentile, type BenchResult } from './support.ts';

const PLACE_COUNT = 100_000;
const SEED = 515151;
const REQUESTS_PER_CASE = 200;
const WARM_UP_REQUESTS = 10;
const CASE_TIME_LIMIT_MS = 6_000;
export const BENCH_EMAIL = 'bench.dispatcher@courier.ie';
export const BENCH_PASSWORD = 'bench-password';

/** Sends requests one after another (warm-up first); the samples stop at a count or a time limit. */
export async function measureRequests(
  request: () => Promise<void>,
  options: { count?: number; limitMs?: number } = {},
): Promise<number[]> {
  for (let i = 0; i < WARM_UP_REQUESTS; i++) await request();
  const samples: number[] = [];
  const started = performance.now();
  while (
    samples.length < (options.count ?? REQUESTS_PER_CASE) &&
    performance.now() - started < (options.limitMs ?? CASE_TIME_LIMIT_MS)
  ) {
    const t0 = performance.now();
    await request();
    samples.push(performance.now() - t0);
  }
  return samples;
}

export function latencyResult(bench: string, name: string, samples: number[], note?: string): BenchResult {
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(samples, p)) as [number, number, number];
  return {
    bench,
    case: name,
    summary: `p50 ${ms(p50)}  p95 ${ms(p95)}  p99 ${ms(p99)}`,
    metrics: {
      p50: Number(p50.toFixed(2)),
      p95: Number(p95.toFixed(2)),
      p99: Number(p99.toFixed(2)),
      requests: samples.length,
    },
    ok: true,
    note: note ?? `${samples.length} requests`,
  };
}

/** The app on a scratch database (PGlite in a temp folder, or the given PostgreSQL database), signed in as a DISPATCHER + ACCOUNTS user. */
export async function withBenchApp<T>(
  engine: { databaseUrl?: string },
  seed: (database: Database) => Promise<void>,
  use: (context: { address: string; token: string; database: Database }) => Promise<T>,
): Promise<T> {
  const dataDir = engine.databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'courier-bench-companies-area-'));
  const database = await openDatabase({ databaseUrl: engine.databaseUrl, dataDir });
  try {
    await database.migrate();
    await database.db.insert(users).values({
      firstName: 'Bench',
      lastName: 'Staff',
      email: BENCH_EMAIL,
      passwordHash: await hashPassword(BENCH_PASSWORD),
      roles: ['DISPATCHER', 'ACCOUNTS'],
    });
    await seed(database);
    await database.db.execute(sql`analyze`);
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
        payload: { email: BENCH_EMAIL, password: BENCH_PASSWORD },
      });
      if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
      const token = (login.json() as { accessToken: string }).accessToken;
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      return await use({ address, token, database });
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** GET /api/place/search over real HTTP with 100,000 places (issue 3 budget: fast with a text-search index). */
export async function benchPlaceSearch(engine: { label: string; databaseUrl?: string }): Promise<BenchResult[]> {
  const bench = `place search, ${engine.label}`;
  const results: BenchResult[] = [];
  try {
    const rows = generatePlaces(new Random(SEED), PLACE_COUNT);
    const someEircode = rows[4242]?.postCode ?? 'D02 X285';
    const started = performance.now();
    await withBenchApp(
      engine,
      async (database) => {
        await insertPlaces(database.db, rows);
        results.push({
          bench,
          case: `insert ${PLACE_COUNT.toLocaleString('en-IE')} places`,
          summary: ms(performance.now() - started),
          metrics: { seedMs: Math.round(performance.now() - started) },
          ok: true,
        });
      },
      async ({ address, token }) => {
        const cases: [string, string][] = [
          ["a surname 'murphy'", 'murphy'],
          ["street and town 'main street cork'", 'main street cork'],
          [`an eircode '${someEircode}'`, someEircode],
          [`an eircode without its space '${someEircode.replace(' ', '')}'`, someEircode.replace(' ', '')],
          ["three letters 'kel'", 'kel'],
          ["no match 'zzzqqq'", 'zzzqqq'],
        ];
        for (const [name, query] of cases) {
          let found = 0;
          const samples = await measureRequests(async () => {
            const response = await fetch(`${address}/api/place/search?query=${encodeURIComponent(query)}`, {
              headers: { authorization: `Bearer ${token}` },
            });
            const body = (await response.json()) as unknown[];
            if (response.status !== 200) throw new Error(`GET /api/place/search answered ${response.status}`);
            found = body.length;
          });
          results.push(latencyResult(bench, name, samples, `${samples.length} requests, ${found} results (max 20)`));
        }
      },
    );
  } catch (error) {
    results.push({
      bench,
      case: 'run',
      summary: 'failed',
      metrics: {},
      ok: false,
      note: error instanceof Error ? error.message : String(error),
    });
  }
  return results;
}
