import { count, eq, inArray, sql } from 'drizzle-orm';
import { defaultScheduleEntry } from '@courier/domain/companies/set-call-schedule';
import { backgroundRuns, bookings, places, setCalls } from '../apps/server/src/db/schema/index.ts';
import {
  SET_CALL_RUN_KIND,
  setCallRunHandlers,
} from '../apps/server/src/features/companies/set-call-run/run-handler.ts';
import { enqueueRun } from '../apps/server/src/platform/background/enqueue.ts';
import { createBackgroundRunner } from '../apps/server/src/platform/background/runner.ts';
import { createBookingCatalogue } from '../apps/server/src/test/booking-factories.ts';
import { createCompany } from '../apps/server/src/test/factories.ts';
import { withEngineDatabase } from './bench-app.ts';
import { failedRun, ms, type BenchResult } from './support.ts';

const SET_CALLS = 5000;
/** A Wednesday that is no Irish public holiday. */
const DAY = '2026-11-25';

/**
 * Issue 14's budget: the set-call run for 5,000 active set calls (every weekday, tariff-priced),
 * from the queued run to 5,000 bookings with their jobs and stops; then the same day again, which
 * must book nothing more.
 */
export async function benchSetCallRun(engine: { label: string; databaseUrl?: string }): Promise<BenchResult[]> {
  const bench = `set-call run, ${engine.label}`;
  try {
    return await withEngineDatabase(engine, 'courier-bench-set-calls-', async (database) => {
      await database.migrate();
      const { db } = database;
      const catalogue = await createBookingCatalogue(db);
      const company = await createCompany(db, { company: { name: 'Bench Set Calls', accountCode: 'BSC001' } });
      const placeIds = (
        await db
          .select({ placeId: places.placeId })
          .from(places)
          .where(inArray(places.id, [catalogue.places.a, catalogue.places.b]))
      ).map((row) => row.placeId);
      const schedule = [1, 2, 3, 4, 5].map((day) => defaultScheduleEntry(day));
      const rows = Array.from({ length: SET_CALLS }, (_, index) => ({
        companyId: company.id,
        active: true,
        serviceId: catalogue.services.bikeStandard,
        collectionPlaceId: placeIds[0],
        deliveryPlaceId: placeIds[1],
        collectionPhone: '01 555 0101',
        deliveryPhone: '01 555 0202',
        reference: `SC-REF-${index}`,
        schedule,
      }));
      for (let start = 0; start < rows.length; start += 1000)
        await db.insert(setCalls).values(rows.slice(start, start + 1000));
      await db.execute(sql`analyze`);

      const run = async () => {
        const queued = await db.transaction((tx) => enqueueRun(tx, { kind: SET_CALL_RUN_KIND, params: { day: DAY } }));
        const started = performance.now();
        await createBackgroundRunner({ db, handlers: setCallRunHandlers() }).runUntilIdle();
        const elapsed = performance.now() - started;
        const [row] = await db.select().from(backgroundRuns).where(eq(backgroundRuns.id, queued.id));
        const [made] = await db.select({ value: count() }).from(bookings);
        return { elapsed, status: row?.status, bookings: made?.value ?? 0 };
      };
      const first = await run();
      const again = await run();
      const ok = first.status === 'completed' && first.bookings === SET_CALLS && again.bookings === SET_CALLS;
      return [
        {
          bench,
          case: `${SET_CALLS.toLocaleString('en-IE')} active set calls booked for one day, batches of 200`,
          summary: `${ms(first.elapsed)} (${Math.round(SET_CALLS / (first.elapsed / 1000)).toLocaleString('en-IE')} bookings/s); the same day again ${ms(again.elapsed)}, nothing booked twice`,
          metrics: { runMs: Math.round(first.elapsed), againMs: Math.round(again.elapsed), bookings: first.bookings },
          ok,
          note: ok ? undefined : `run ${first.status}, ${first.bookings} then ${again.bookings} bookings`,
        },
      ];
    });
  } catch (error) {
    return [failedRun(bench, error)];
  }
}
