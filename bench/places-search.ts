import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { generatePlaces, insertPlaces } from '../apps/server/src/db/seed/catalogue.ts';
import { Random } from '../apps/server/src/db/seed/random.ts';
import { insertBenchUser, withEngineDatabase, withListeningApp } from './bench-app.ts';
import { failedRun, latencyResult, measureRequests, ms, type BenchResult } from './support.ts';

const PLACE_COUNT = 100_000;
const SEED = 515151;
const BENCH_EMAIL = 'bench.dispatcher@courier.ie';

/** The app on a scratch database (PGlite in a temp folder, or the given PostgreSQL database), signed in as a DISPATCHER + ACCOUNTS user. */
export async function withBenchApp<T>(
  engine: { databaseUrl?: string },
  seed: (database: Database) => Promise<void>,
  use: (context: { address: string; token: string; database: Database }) => Promise<T>,
): Promise<T> {
  return withEngineDatabase(engine, 'courier-bench-companies-area-', async (database) => {
    await database.migrate();
    await insertBenchUser(database, { email: BENCH_EMAIL, lastName: 'Staff', roles: ['DISPATCHER', 'ACCOUNTS'] });
    await seed(database);
    await database.db.execute(sql`analyze`);
    return withListeningApp({ database, databaseUrl: engine.databaseUrl, email: BENCH_EMAIL }, ({ address, token }) =>
      use({ address, token, database }),
    );
  });
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
          results.push(
            latencyResult(bench, name, samples, { note: `${samples.length} requests, ${found} results (max 20)` }),
          );
        }
      },
    );
  } catch (error) {
    results.push(failedRun(bench, error));
  }
  return results;
}
