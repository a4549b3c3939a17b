import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { generateCompanies, insertCompanies } from '../apps/server/src/db/seed/companies.ts';
import { Random } from '../apps/server/src/db/seed/random.ts';
import { insertBenchUser, withEngineDatabase, withListeningApp } from './bench-app.ts';
import { failedRun, latencyResult, measureRequests, ms, type BenchResult } from './support.ts';

const COMPANY_COUNT = 10_000;
const SEED = 424242;
const REQUESTS_PER_CASE = 300;
/** Each case stops early after this long, so a slow engine cannot blow the time budget. */
const CASE_TIME_LIMIT_MS = 10_000;
const EMAIL = 'bench.accounts@courier.ie';

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
  await insertBenchUser(database, { email: EMAIL, lastName: 'Accounts', roles: ['ACCOUNTS'] });
  // Fresh planner statistics, as autovacuum would have by the time a real table held this much.
  await database.db.execute(sql`analyze`);
  const accountCode = generated.map((g) => g.company.accountCode).find((code): code is string => Boolean(code));
  if (!accountCode) throw new Error('the generator produced no account codes');
  return { accountCode, seedMs: performance.now() - started };
}

/** POST /api/company over real HTTP against one engine (PGlite in a temp folder, or a PostgreSQL database). */
export async function benchCompanyList(engine: { label: string; databaseUrl?: string }): Promise<BenchResult[]> {
  const bench = `company list, ${engine.label}`;
  const results: BenchResult[] = [];
  try {
    await withEngineDatabase(engine, 'courier-bench-companies-', async (database) => {
      const { accountCode, seedMs } = await seed(database);
      results.push({
        bench,
        case: `migrate + insert ${COMPANY_COUNT.toLocaleString('en-IE')} companies`,
        summary: ms(seedMs),
        metrics: { seedMs: Math.round(seedMs) },
        ok: true,
      });
      await withListeningApp(
        { database, databaseUrl: engine.databaseUrl, email: EMAIL },
        async ({ address, token }) => {
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
            let count = 0;
            const samples = await measureRequests(
              async () => {
                const response = await fetch(`${address}/api/company`, {
                  method: 'POST',
                  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                  body: JSON.stringify(listCase.body),
                });
                const payload = (await response.json()) as { count?: number; message?: string };
                if (response.status !== 200)
                  throw new Error(`POST /api/company answered ${response.status}: ${payload.message ?? ''}`);
                count = payload.count ?? 0;
              },
              { count: REQUESTS_PER_CASE, limitMs: CASE_TIME_LIMIT_MS },
            );
            results.push(
              latencyResult(bench, listCase.name, samples, {
                metrics: { matching: count },
                note: `${samples.length} requests, ${count.toLocaleString('en-IE')} matching`,
              }),
            );
          }
        },
      );
    });
  } catch (error) {
    results.push(failedRun(bench, error));
  }
  return results;
}
