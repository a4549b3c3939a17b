import { count, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { backgroundRuns, tariffCodes, tariffs, users, zones } from '../apps/server/src/db/schema/index.ts';
import { increaseRunHandler } from '../apps/server/src/features/pricing/increase-run-handler.ts';
import { startIncrease } from '../apps/server/src/features/pricing/start-increase.ts';
import { createBackgroundRunner } from '../apps/server/src/platform/background/runner.ts';
import { withEngineDatabase } from './bench-app.ts';
import { failedRun, ms, type BenchResult } from './support.ts';

const TARIFF_COUNT = 50_000;
const SECRET = 'bench-secret';

/** 50,000 customer tariffs of four levels each, one per (account, zone). */
async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({
      firstName: 'Bench',
      lastName: 'Pricing',
      email: 'bench.pricing@courier.ie',
      passwordHash: 'x',
      roles: ['PRICING'],
    })
    .returning();
  const [code] = await db.insert(tariffCodes).values({ code: 'DOM', name: 'Domestic Overnight' }).returning();
  const zoneNames = ['IRELAND', 'DUBLIN', 'NORTHERN IRELAND', 'IRISH ISLANDS', 'UK MAINLAND'];
  await db.insert(zones).values(zoneNames.map((name) => ({ name, countries: ['IE'] })));
  if (!user || !code) throw new Error('seed failed');
  const pricing = [
    { upTo: 2, basic: 7.5, basicPer: 2, then: 0, thenPer: 0 },
    { upTo: 10, basic: 9.75, basicPer: 5, then: 0.9, thenPer: 1 },
    { upTo: 30, basic: 15, basicPer: 10, then: 0.7, thenPer: 1 },
    { upTo: 9999, basic: 33.75, basicPer: 30, then: 2.5, thenPer: 5 },
  ];
  const rows = Array.from({ length: TARIFF_COUNT }, (_, i) => ({
    account: i < zoneNames.length ? null : `B${String(Math.floor(i / zoneNames.length)).padStart(6, '0')}`,
    zone: zoneNames[i % zoneNames.length] ?? 'IRELAND',
    service: 'DOM',
    tariffCodeId: code.id,
    pricing,
  }));
  for (let start = 0; start < rows.length; start += 2000)
    await db.insert(tariffs).values(rows.slice(start, start + 2000));
  await db.execute(sql`analyze`);
  return user.id;
}

/** A price increase over 50,000 tariffs: queue it through the use case, then time the background runner doing it. */
export async function benchPriceIncrease(engine: { label: string; databaseUrl?: string }): Promise<BenchResult[]> {
  const bench = `price increase, ${engine.label}`;
  try {
    return await withEngineDatabase(engine, 'courier-bench-increase-', async (database) => {
      await database.migrate();
      const userId = await seed(database.db);
      const queued = performance.now();
      const run = await startIncrease(database.db, {
        kind: 'price-increase',
        userId,
        secret: SECRET,
        input: {
          sharedSecret: SECRET,
          percentIncrease: 3.5,
          resetIncreaeRanStatus: false,
          includeAccounts: '',
          excludeAccounts: '',
          lowTurnoverAccounts: '',
          excludeSetCallAccounts: '',
        },
      });
      const queueMs = performance.now() - queued;
      const started = performance.now();
      await createBackgroundRunner({
        db: database.db,
        handlers: { 'price-increase': increaseRunHandler() },
      }).runUntilIdle();
      const runMs = performance.now() - started;
      const [job] = await database.db.select().from(backgroundRuns).where(eq(backgroundRuns.id, run.id));
      const [increased] = await database.db
        .select({ value: count() })
        .from(tariffs)
        .where(eq(tariffs.priceIncreaseRan, true));
      const ok = job?.status === 'completed' && increased?.value === TARIFF_COUNT;
      return [
        {
          bench,
          case: `${TARIFF_COUNT.toLocaleString('en-IE')} tariffs, batches of 250, with the log`,
          summary: `${ms(runMs)} (${Math.round(TARIFF_COUNT / (runMs / 1000)).toLocaleString('en-IE')} tariffs/s); queueing ${ms(queueMs)}`,
          metrics: {
            runMs: Math.round(runMs),
            queueMs: Math.round(queueMs),
            tariffs: TARIFF_COUNT,
            increased: increased?.value ?? 0,
          },
          ok,
          note: ok ? undefined : `job ${job?.status}, ${increased?.value} increased, ${job?.failure ?? ''}`,
        },
      ];
    });
  } catch (error) {
    return [failedRun(bench, error)];
  }
}
