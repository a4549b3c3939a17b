import { count, eq, inArray } from 'drizzle-orm';
import { addDays, dublinToday, weekOf } from '@courier/domain/common/calendar-days';
import type { PayPeriod } from '@courier/domain/driver-pay/schemas';
import { backgroundRuns, outbox, payPeriods } from '../apps/server/src/db/schema/index.ts';
import {
  DRIVER_DOCUMENTS_RUN_KIND,
  driverDocumentsRunHandler,
} from '../apps/server/src/features/driver-pay/send-driver-documents.ts';
import { createBackgroundRunner } from '../apps/server/src/platform/background/runner.ts';
import { createMailer } from '../apps/server/src/platform/mailer.ts';
import { messageRunHandlers } from '../apps/server/src/platform/message-runs.ts';
import { seedPayDrivers } from './pay-seed.ts';
import { withBenchApp } from './places-search.ts';
import { failedRun, latencyResult, measureRequests, ms, type BenchResult } from './support.ts';

const DRIVERS = 300;
const TASKS = 30_000;

/**
 * Issue 13's budgets: a pay week for 300 drivers with 30,000 tasks computed and loaded over HTTP
 * (the first load makes the periods; then p50/p95), and finalising 300 periods with their documents
 * (finalise, then the proformas printed and e-mailed by the background run).
 */
export async function benchDriverPay(engine: { label: string; databaseUrl?: string }): Promise<BenchResult[]> {
  const bench = `driver pay, ${engine.label}`;
  const results: BenchResult[] = [];
  const week = weekOf(addDays(dublinToday(), -7));
  try {
    await withBenchApp(
      engine,
      (database) =>
        seedPayDrivers(database.db, {
          week,
          count: DRIVERS,
          firstNumber: 5001,
          tasksPerDriver: TASKS / DRIVERS,
          tag: 'week',
        }),
      async ({ address, token, database: open }) => {
        const get = async () => {
          const response = await fetch(`${address}/api/pay/period?start=${week.start}&end=${week.end}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const body = (await response.json()) as PayPeriod[];
          if (response.status !== 200) throw new Error(`GET /pay/period answered ${response.status}`);
          return body;
        };
        const first = performance.now();
        const periods = await get();
        const firstMs = performance.now() - first;
        results.push({
          bench,
          case: `first load of a week: ${DRIVERS} drivers, ${TASKS.toLocaleString('en-IE')} tasks (periods made)`,
          summary: ms(firstMs),
          metrics: { firstMs: Math.round(firstMs), periods: periods.length },
          ok: periods.length === DRIVERS,
        });
        const samples = await measureRequests(get, { warmUp: 3, count: 40, limitMs: 60_000 });
        results.push(
          latencyResult(bench, `GET /api/pay/period, ${DRIVERS} active periods recomputed from their tasks`, samples),
        );

        // Finalise: the week ends, goes to review, accounts finalise every period, then send the proformas.
        const ids = periods.map((period) => period.id);
        await open.db.update(payPeriods).set({ status: 'IN_REVIEW' }).where(inArray(payPeriods.id, ids));
        const started = performance.now();
        const finalise = await fetch(`${address}/api/pay/period/finalise`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ ids }),
        });
        await finalise.arrayBuffer();
        const finaliseMs = performance.now() - started;
        const send = await fetch(`${address}/api/pay/period/send-driver-document`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ payPeriodIds: ids, documentType: 'driver_proforma' }),
        });
        const { runId } = (await send.json()) as { runId: number };
        const documentsStarted = performance.now();
        await createBackgroundRunner({
          db: open.db,
          handlers: {
            [DRIVER_DOCUMENTS_RUN_KIND]: driverDocumentsRunHandler({
              mailer: createMailer(),
              supplier: { name: 'Bench', address: ['Dublin'], vatNumber: 'IE1', email: 'a@b.ie', phone: '1' },
            }),
            // The e-mails the run queues, held in the outbox (counted below).
            ...messageRunHandlers({ smtpUrl: undefined, from: 'bench@courier.ie' }),
          },
        }).runUntilIdle();
        const documentsMs = performance.now() - documentsStarted;
        const [run] = await open.db.select().from(backgroundRuns).where(eq(backgroundRuns.id, runId));
        const [pending] = await open.db
          .select({ value: count() })
          .from(payPeriods)
          .where(eq(payPeriods.status, 'PENDING_PAYMENT'));
        const [mails] = await open.db.select({ value: count() }).from(outbox);
        const ok = finalise.status === 200 && pending?.value === DRIVERS && mails?.value === DRIVERS;
        results.push({
          bench,
          case: `finalise ${DRIVERS} periods, then print and e-mail their ${DRIVERS} proformas`,
          summary: `finalise ${ms(finaliseMs)}; documents ${ms(documentsMs)} (${ms(documentsMs / DRIVERS)} each, run ${run?.status})`,
          metrics: {
            finaliseMs: Math.round(finaliseMs),
            documentsMs: Math.round(documentsMs),
            perDocumentMs: Math.round((documentsMs / DRIVERS) * 10) / 10,
          },
          ok,
          note: ok ? undefined : `finalise ${finalise.status}, ${pending?.value} pending, ${mails?.value} e-mails`,
        });
      },
    );
  } catch (error) {
    results.push(failedRun(bench, error));
  }
  return results;
}
