import { count, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import {
  billingContacts,
  bookingJobs,
  bookings,
  companies,
  companyExtendedSettings,
  companySettings,
  invoiceDocuments,
  invoicePeriods,
  outbox,
  places,
  services,
} from '../apps/server/src/db/schema/index.ts';
import {
  FINALISE_RUN_KIND,
  finaliseRunHandler,
  requestFinalise,
} from '../apps/server/src/features/invoicing/finalise.ts';
import { loadInvoicePeriodData } from '../apps/server/src/features/invoicing/invoice-data.ts';
import { renderInvoicePdf } from '../apps/server/src/features/invoicing/invoice-pdf.ts';
import { createBackgroundRunner } from '../apps/server/src/platform/background/runner.ts';
import { createMailer } from '../apps/server/src/platform/mailer.ts';
import { messageRunHandlers } from '../apps/server/src/platform/message-runs.ts';
import { withEngineDatabase } from './bench-app.ts';
import { failedRun, ms, type BenchResult } from './support.ts';

const PERIODS = 1000;
const JOBS_PER_PERIOD = 5;
const PDF_LINES = 2000;

/**
 * PERIODS account companies, each with a monthly period in review holding JOBS_PER_PERIOD delivered
 * jobs and a billing contact; plus one company whose period holds PDF_LINES jobs. Set-based inserts.
 */
async function seed(db: Db): Promise<{ periodIds: number[]; bigPeriodId: number }> {
  const [service] = await db
    .insert(services)
    .values({ name: 'Van Standard', type: 'VAN', service: 'STANDARD', serviceCode: 'BENCH-VS' })
    .returning();
  const [from, to] = await db
    .insert(places)
    .values([
      { placeId: 'bench-a', name: 'Depot', city: 'Dublin 12' },
      { placeId: 'bench-b', name: 'Customer', city: 'Cork' },
    ])
    .returning();
  await db.execute(sql`
    insert into ${companies} (name, account_code, billing_basis)
    select 'Bench Company ' || n, 'BEN' || lpad(n::text, 5, '0'), 'account' from generate_series(1, ${PERIODS + 1}::int) n`);
  await db.execute(sql`insert into ${companySettings} (company_id) select id from ${companies}`);
  await db.execute(sql`
    insert into ${companyExtendedSettings} (company_id, discount_percent, surcharge_name_three, surcharge_rate_three, purchase_order_number)
    select id, 5, 'Fuel surcharge', 3.5, 'PO-' || id from ${companies}`);
  await db.execute(sql`
    insert into ${billingContacts} (company_id, name, email) select id, 'Accounts', 'accounts' || id || '@bench.ie' from ${companies}`);
  await db.execute(sql`
    insert into ${invoicePeriods} (company_id, identifier, status, start, "end")
    select id, account_code || '-2026-10', 'IN_REVIEW', '2026-10-01', '2026-10-31' from ${companies}`);
  await db.execute(sql`
    insert into ${bookings} (reference, company_id, service_id, type, status, created_at)
    select 'BB' || p.id || '-' || n, p.company_id, ${service!.id}, 'same_day', 'delivered',
           timestamptz '2026-10-01 09:00+00' + (n % 28) * interval '1 day'
    from ${invoicePeriods} p,
         generate_series(1, case when p.id = (select max(id) from ${invoicePeriods}) then ${PDF_LINES}::int else ${JOBS_PER_PERIOD}::int end) n`);
  await db.execute(sql`
    insert into ${bookingJobs} (booking_id, reference, status, customer_charge, invoice_period_id, collection_place_id, delivery_place_id)
    select b.id, b.reference || '-1', 'delivered', 10 + (b.id % 90) + 0.45, p.id, ${from!.id}, ${to!.id}
    from ${bookings} b join ${invoicePeriods} p on p.company_id = b.company_id`);
  await db.execute(sql`analyze`);
  const periods = await db.select({ id: invoicePeriods.id }).from(invoicePeriods).orderBy(invoicePeriods.id);
  const ids = periods.map((p) => p.id);
  return { periodIds: ids.slice(0, PERIODS), bigPeriodId: ids.at(-1)! };
}

/**
 * Issue 12's budgets: finalising 1,000 periods (numbers, PDFs, e-mail to the outbox, INVOICED),
 * total and per period; and one invoice PDF of 2,000 lines (time, size, memory growth).
 */
export async function benchInvoicing(engine: { label: string; databaseUrl?: string }): Promise<BenchResult[]> {
  const bench = `invoicing, ${engine.label}`;
  try {
    return await withEngineDatabase(engine, 'courier-bench-invoicing-', async (database) => {
      await database.migrate();
      const { periodIds, bigPeriodId } = await seed(database.db);
      const config = loadConfig({ WEB_DIST: '' });
      const mailer = createMailer();
      const results: BenchResult[] = [];

      // One PDF of 2,000 lines: load the period, print it.
      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      let peakHeap = heapBefore;
      const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 5);
      const pdfStarted = performance.now();
      const data = await loadInvoicePeriodData(database.db, bigPeriodId);
      const loadMs = performance.now() - pdfStarted;
      const pdf = await renderInvoicePdf(data, 'single', config.invoiceSupplier, {
        number: 'INV-BENCH',
        date: new Date(),
      });
      const pdfMs = performance.now() - pdfStarted;
      clearInterval(sampler);
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      results.push({
        bench,
        case: `one invoice PDF of ${PDF_LINES.toLocaleString('en-IE')} lines`,
        summary: `${ms(pdfMs)} (read ${ms(loadMs)}), ${(pdf.length / 1024).toFixed(0)} KB, heap +${((peakHeap - heapBefore) / 1048576).toFixed(1)} MB peak`,
        metrics: {
          totalMs: Math.round(pdfMs),
          loadMs: Math.round(loadMs),
          bytes: pdf.length,
          heapGrowthMb: Math.round(((peakHeap - heapBefore) / 1048576) * 10) / 10,
          lines: data.lines.length,
        },
        ok: data.lines.length === PDF_LINES && pdf.subarray(0, 5).toString() === '%PDF-',
      });

      // Finalise 1,000 periods through the use case and the runner (batches of 20 per step).
      const queued = performance.now();
      const { runId } = await requestFinalise(database.db, periodIds, null);
      const queueMs = performance.now() - queued;
      const started = performance.now();
      await createBackgroundRunner({
        db: database.db,
        handlers: {
          [FINALISE_RUN_KIND]: finaliseRunHandler({ mailer, supplier: config.invoiceSupplier }),
          // The e-mails the run queues, held in the outbox (counted below).
          ...messageRunHandlers({ smtpUrl: undefined, from: config.mailFrom }),
        },
      }).runUntilIdle();
      const runMs = performance.now() - started;
      const [invoiced] = await database.db
        .select({ value: count() })
        .from(invoicePeriods)
        .where(eq(invoicePeriods.status, 'INVOICED'));
      const [documents] = await database.db.select({ value: count() }).from(invoiceDocuments);
      const [mails] = await database.db.select({ value: count() }).from(outbox);
      const ok = invoiced?.value === PERIODS && documents?.value === PERIODS && mails?.value === PERIODS;
      results.push({
        bench,
        case: `finalise ${PERIODS.toLocaleString('en-IE')} periods of ${JOBS_PER_PERIOD} jobs (number, PDF, e-mail, run ${runId})`,
        summary: `${ms(runMs)} total, ${ms(runMs / PERIODS)} per period; queueing ${ms(queueMs)}`,
        metrics: {
          runMs: Math.round(runMs),
          perPeriodMs: Math.round((runMs / PERIODS) * 10) / 10,
          queueMs: Math.round(queueMs),
          invoiced: invoiced?.value ?? 0,
        },
        ok,
        note: ok ? undefined : `${invoiced?.value} invoiced, ${documents?.value} documents, ${mails?.value} e-mails`,
      });
      return results;
    });
  } catch (error) {
    return [failedRun(bench, error)];
  }
}
