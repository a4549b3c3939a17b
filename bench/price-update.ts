// PUT /api/pricing/update with 500 jobs (issue 11): on PostgreSQL with the booking scale data
// (50,000 bookings; BENCH_SCALE=1 for 500,000), over real HTTP, each save changing 500 jobs' charge
// and driver pay (split across their tasks), so every save writes 500 jobs, their tasks, their
// bookings' totals and about 2,000 price history rows in one transaction.
// Alone: `BENCH_DATABASE_URL=postgres://... node --import tsx bench/price-update.ts`.
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { bookingJobs, bookingTasks, invoicePeriods } from '../apps/server/src/db/schema/index.ts';
import { insertBenchUser, withListeningApp, withScratchDatabase } from './bench-app.ts';
import { generateBookingScale, scaleSize } from './bookings-scale.ts';
import { failedRun, latencyResult, measureRequests, type BenchResult } from './support.ts';

const BENCH = 'price update, PostgreSQL';
const EMAIL = 'bench.pricing@courier.ie';
const JOBS = 500;

export async function benchPriceUpdate(serverUrl: string): Promise<BenchResult[]> {
  try {
    return await withScratchDatabase(serverUrl, async (databaseUrl) => {
      const database = await openDatabase({ databaseUrl, dataDir: null });
      try {
        await database.migrate();
        const size = scaleSize();
        await generateBookingScale(database, size);
        await insertBenchUser(database, { email: EMAIL, lastName: 'Pricing', roles: ['PRICING'] });
        await database.db.execute(sql`analyze`);
        // Jobs a save may change: not in a finalised or invoiced period, no paid task.
        const jobs = await database.db
          .select({ id: bookingJobs.id, version: bookingJobs.version })
          .from(bookingJobs)
          .leftJoin(invoicePeriods, eq(invoicePeriods.id, bookingJobs.invoicePeriodId))
          .where(
            and(
              sql`coalesce(${invoicePeriods.status}, 'ACTIVE') in ('ACTIVE', 'IN_REVIEW')`,
              notExists(
                database.db
                  .select({ one: sql`1` })
                  .from(bookingTasks)
                  .where(and(eq(bookingTasks.jobId, bookingJobs.id), sql`${bookingTasks.payStatus} <> 'ACTIVE'`)),
              ),
            ),
          )
          .orderBy(asc(bookingJobs.id))
          .limit(JOBS);
        if (jobs.length < JOBS) throw new Error(`only ${jobs.length} editable jobs in the scale data`);
        const versions = new Map(jobs.map((job) => [job.id, job.version]));

        return await withListeningApp({ database, databaseUrl, email: EMAIL }, async ({ address, token }) => {
          let round = 0;
          const save = async () => {
            round += 1;
            const body = jobs.map((job) => ({
              jobId: job.id,
              version: versions.get(job.id),
              customerCharge: 40 + (round % 50),
              driverPay: 15 + (round % 7) / 100,
              note: `Bench round ${round}`,
            }));
            const response = await fetch(`${address}/api/pricing/update`, {
              method: 'PUT',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            });
            const answer = (await response.json()) as { id: number; version: number }[];
            if (response.status !== 200) throw new Error(`PUT /api/pricing/update answered ${response.status}`);
            for (const job of answer) versions.set(job.id, job.version);
          };
          const samples = await measureRequests(save, { warmUp: 3, count: 40, limitMs: 120_000 });
          return [
            latencyResult(
              BENCH,
              `${JOBS} jobs a save (charge and driver pay), ${size.bookings.toLocaleString('en-IE')} bookings`,
              samples,
              {
                note: `${samples.length} saves; each writes ${JOBS} jobs, their tasks, bookings and price history in one transaction`,
              },
            ),
          ];
        });
      } finally {
        await database.close();
      }
    });
  } catch (error) {
    return [failedRun(BENCH, error)];
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server.');
  for (const result of await benchPriceUpdate(url))
    console.log(
      `${result.ok ? 'ok  ' : 'FAIL'} ${result.bench} | ${result.case} | ${result.summary} | ${result.note ?? ''}`,
    );
}
