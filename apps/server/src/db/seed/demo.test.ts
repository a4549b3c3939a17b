import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@courier/domain/auth/roles';
import { toIsoDay } from '@courier/domain/common/dates';
import { INVOICE_FINALISE_RUN_KIND } from '@courier/domain/invoicing/finalise-schemas';
import { rowsOf, type Db } from '../client.ts';
import {
  backgroundRuns,
  bookingJobs,
  bookingTasks,
  bookings,
  companies,
  companyExtendedSettings,
  companySettings,
  companyUsers,
  driverEquipment,
  driverPaySettings,
  drivers,
  invoiceDocuments,
  invoicePeriods,
  jobPriceAdjustments,
  jobStatusEvents,
  setCalls,
  users,
} from '../schema/index.ts';
import { demoInvoicingOf } from '../../test/demo-invoicing.ts';
import { bearer, signInAs } from '../../test/factories.ts';
import {
  createTestApp,
  createTestDatabase,
  databaseKinds,
  type TestApp,
  type TestDatabase,
} from '../../test/test-app.ts';
import { DEMO_COMPANY_COUNT, seedDemoData, seedDemoDataIfEmpty } from './demo.ts';
import { DEMO_DRIVER_COUNT } from './drivers.ts';
import type { TrackingEventsResponse } from '@courier/domain/customer/tracking';

/** What must come out the same on every machine: names, codes, billing bases, active flags, in order. */
function demoCompanies(db: Db) {
  return db
    .select({
      name: companies.name,
      accountCode: companies.accountCode,
      billingBasis: companies.billingBasis,
      active: companies.active,
    })
    .from(companies)
    .orderBy(asc(companies.id));
}

/** The invoice periods and how many jobs each holds, in id order: what must also come out the same. */
function demoInvoicePeriods(db: Db) {
  return db
    .select({
      companyId: invoicePeriods.companyId,
      identifier: invoicePeriods.identifier,
      status: invoicePeriods.status,
      start: invoicePeriods.start,
      end: invoicePeriods.end,
      invoiceNumbers: invoicePeriods.invoiceNumbers,
      jobs: sql<number>`(select count(*) from ${bookingJobs} where ${bookingJobs.invoicePeriodId} = ${invoicePeriods.id})`.mapWith(
        Number,
      ),
    })
    .from(invoicePeriods)
    .orderBy(asc(invoicePeriods.id));
}

async function rowCount(db: Db, table: typeof users | typeof companies): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

describe.each(databaseKinds)('demo data on %s', (kind) => {
  let t: TestApp;
  let second: TestDatabase;
  // Seeded as if it were 08:30 UTC today: before the noon the demo days count from, so today's work
  // would reach past 'now' unless the seed keeps it in the past.
  const seededAt = new Date();
  seededAt.setUTCHours(8, 30, 0, 0);
  beforeAll(async () => {
    [t, second] = await Promise.all([createTestApp(kind), createTestDatabase(kind)]);
    await seedDemoData(t.db, { now: seededAt, invoicing: demoInvoicingOf(t) });
    // The whole demo (4,500 bookings) takes a while on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await second?.close();
  });

  it(`makes ${DEMO_COMPANY_COUNT} companies, each with its settings and extended settings`, async () => {
    expect(DEMO_COMPANY_COUNT).toBeGreaterThanOrEqual(60);
    expect(await rowCount(t.db, companies)).toBe(DEMO_COMPANY_COUNT);
    const withSettings = await t.db
      .select({ id: companies.id })
      .from(companies)
      .innerJoin(companySettings, eq(companySettings.companyId, companies.id))
      .innerJoin(companyExtendedSettings, eq(companyExtendedSettings.companyId, companies.id));
    expect(withSettings).toHaveLength(DEMO_COMPANY_COUNT);
  });

  it('mixes all three billing bases, inactive companies and companies that may not book', async () => {
    const rows = await t.db
      .select({
        billingBasis: companies.billingBasis,
        active: companies.active,
        allowBooking: companySettings.cycloneAllowBooking,
      })
      .from(companies)
      .innerJoin(companySettings, eq(companySettings.companyId, companies.id));
    expect(new Set(rows.map((r) => r.billingBasis))).toEqual(new Set(['account', 'stripeCompany', 'stripe']));
    expect(rows.filter((r) => !r.active).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.active).length).toBeGreaterThan(rows.length / 2);
    expect(rows.filter((r) => !r.allowBooking).length).toBeGreaterThan(0);
  });

  it('prices account customers on a tariff code the header can name, and only them', async () => {
    const rows = await t.db
      .select({ id: companies.id, billingBasis: companies.billingBasis, tariffCode: companies.tariffCode })
      .from(companies);
    expect(rows.filter((r) => r.billingBasis === 'account').every((r) => r.tariffCode !== null)).toBe(true);
    expect(rows.filter((r) => r.billingBasis !== 'account').every((r) => r.tariffCode === null)).toBe(true);
    const account = rows.find((r) => r.billingBasis === 'account');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/company/${account?.id}`,
      headers: bearer(await signInAs(t, ['ACCOUNTS'])),
    });
    expect(['DOM', 'RAPC']).toContain(response.json<{ tariffCodeLabel: string }>().tariffCodeLabel);
  });

  it("puts every job of an account customer in a period of its own company holding the booking's day, and no other job in any", async () => {
    const bookingDay = sql`(${bookings.createdAt} at time zone 'Europe/Dublin')::date`;
    const isAccount = sql`${companies.billingBasis} = 'account'`;
    const [jobs] = await t.db
      .select({
        account: sql<number>`count(*) filter (where ${isAccount})`.mapWith(Number),
        misplaced:
          sql<number>`count(*) filter (where ${isAccount} and (${invoicePeriods.id} is null or ${invoicePeriods.companyId} <> ${bookings.companyId} or ${bookingDay} not between ${invoicePeriods.start} and ${invoicePeriods.end}))`.mapWith(
            Number,
          ),
        other: sql<number>`count(*) filter (where not ${isAccount})`.mapWith(Number),
        otherInPeriod:
          sql<number>`count(*) filter (where not ${isAccount} and ${bookingJobs.invoicePeriodId} is not null)`.mapWith(
            Number,
          ),
      })
      .from(bookingJobs)
      .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId))
      .innerJoin(companies, eq(companies.id, bookings.companyId))
      .leftJoin(invoicePeriods, eq(invoicePeriods.id, bookingJobs.invoicePeriodId));
    expect(jobs?.account).toBeGreaterThan(1000);
    expect(jobs?.other).toBeGreaterThan(500);
    expect(jobs).toMatchObject({ misplaced: 0, otherInPeriod: 0 });
  });

  it('gives each account customer back-to-back periods: older ones invoiced, the last ones in review, the running one active', async () => {
    // The day seedDemoData counts from: today at 12:00 UTC.
    const anchor = new Date();
    anchor.setUTCHours(12, 0, 0, 0);
    const today = toIsoDay(anchor);
    const rows = await t.db
      .select({
        period: invoicePeriods,
        accountCode: companies.accountCode,
        billingBasis: companies.billingBasis,
        interval: companyExtendedSettings.invoiceInterval,
      })
      .from(invoicePeriods)
      .innerJoin(companies, eq(companies.id, invoicePeriods.companyId))
      .innerJoin(companyExtendedSettings, eq(companyExtendedSettings.companyId, companies.id))
      .orderBy(asc(invoicePeriods.companyId), asc(invoicePeriods.start));
    expect(new Set(rows.map((row) => row.billingBasis))).toEqual(new Set(['account']));
    expect(new Set(rows.map((row) => row.period.status))).toEqual(
      new Set(['ACTIVE', 'IN_REVIEW', 'FINALISED', 'INVOICED']),
    );
    expect(new Set(rows.map((row) => row.interval))).toEqual(new Set(['W', 'M']));

    const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const byCompany = new Map<number, typeof rows>();
    for (const row of rows) byCompany.set(row.period.companyId, [...(byCompany.get(row.period.companyId) ?? []), row]);
    for (const [companyId, periods] of byCompany) {
      const last = periods.at(-1)?.period;
      expect(last, `company ${companyId}`).toMatchObject({ status: 'ACTIVE', invoiceNumbers: [] });
      expect(last && last.start <= today && today <= last.end, `company ${companyId} runs a period today`).toBe(true);
      periods.forEach(({ period, accountCode, interval }, i) => {
        expect(period.identifier).toMatch(
          interval === 'W'
            ? new RegExp(`^${accountCode}-\\d{4}-W\\d{2}$`)
            : new RegExp(`^${accountCode}-\\d{4}-\\d{2}$`),
        );
        const previous = periods[i - 1]?.period;
        if (previous) expect(period.start, period.identifier).toBe(nextDay(previous.end));
        if (i < periods.length - 1) expect(period.status, period.identifier).not.toBe('ACTIVE');
        // A finalised period with nothing charged has no invoice and is INVOICED at once (next test).
        if (period.status === 'FINALISED') expect(period.invoiceNumbers.length, period.identifier).toBeGreaterThan(0);
        if (period.status === 'INVOICED' || period.status === 'FINALISED')
          expect(period.finalisedAt, period.identifier).not.toBeNull();
        if (period.status === 'IN_REVIEW') expect(period.invoiceNumbers, period.identifier).toEqual([]);
      });
    }
    // Only the period just finished (the one before the running one) waits for accounts; earlier ones are invoiced.
    for (const periods of byCompany.values()) {
      periods.slice(0, -2).forEach(({ period }) => expect(period.status, period.identifier).toBe('INVOICED'));
      const justFinished = periods.at(-2)?.period;
      // Finalising one with nothing charged issues nothing and leaves nothing to send: INVOICED at once.
      const waiting =
        justFinished?.invoiceNumbers.length === 0 ? ['IN_REVIEW', 'INVOICED'] : ['IN_REVIEW', 'FINALISED'];
      if (justFinished) expect(waiting, justFinished.identifier).toContain(justFinished.status);
    }
    const numbers = rows.flatMap((row) => row.period.invoiceNumbers);
    expect(numbers.every((number) => /^INV-\d{7}$/.test(number))).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('issues an invoice for each type a finalised period charges something on, and none with nothing charged (spec 1 §5)', async () => {
    // What each finalised period charges, jobs plus adjustments, on each invoice it could get:
    // same-day work on the Ground one, the rest on the Overnight one, all of it on a single one.
    const charged = await t.db.execute(sql`
      with lines as (
        select j.invoice_period_id as period_id, b.type, j.customer_charge as amount
        from booking_jobs j join bookings b on b.id = j.booking_id
        union all
        select a.invoice_period_id, b.type, a.charge
        from job_price_adjustments a join booking_jobs j on j.id = a.job_id join bookings b on b.id = j.booking_id)
      select p.identifier, p.invoice_numbers as "invoiceNumbers", s.single_invoice as "singleInvoice",
             coalesce(sum(l.amount), 0) <> 0 as "single",
             coalesce(sum(l.amount) filter (where l.type = 'same_day'), 0) <> 0 as "ground",
             coalesce(sum(l.amount) filter (where l.type <> 'same_day'), 0) <> 0 as "overnight"
      from invoice_periods p
      join company_extended_settings s on s.company_id = p.company_id
      left join lines l on l.period_id = p.id
      where p.status in ('FINALISED', 'INVOICED')
      group by p.id, s.single_invoice`);
    type Charged = Record<'single' | 'ground' | 'overnight', boolean> & {
      identifier: string;
      invoiceNumbers: string[];
      singleInvoice: boolean;
    };
    const periods = rowsOf<Charged>(charged);
    const typesCharged = (period: Charged) =>
      (period.singleInvoice ? (['single'] as const) : (['ground', 'overnight'] as const)).filter(
        (type) => period[type],
      );
    expect(periods.length).toBeGreaterThan(300);
    for (const period of periods)
      expect(period.invoiceNumbers.length, period.identifier).toBe(typesCharged(period).length);
    // The demo has weeks with no work, finalised without an invoice, and weeks with work of one kind
    // only, for a company invoiced per kind: one invoice, whose type only the charges tell.
    expect(periods.some((period) => period.invoiceNumbers.length === 0)).toBe(true);
    expect(periods.some((period) => !period.singleInvoice && period.invoiceNumbers.length === 1)).toBe(true);

    // The list labels each issued invoice with its type, as its PDF prints it: never a type with nothing charged.
    const accounts = await signInAs(t, ['ACCOUNTS']);
    const listed = new Map<string, string[]>();
    for (let skip = 0; ; skip += 5000) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/invoice/periods?size=5000&skip=${skip}`,
        headers: bearer(accounts),
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<{ invoicePeriods: { identifier: string; invoices: { type: string }[] }[] }>();
      for (const period of page.invoicePeriods)
        listed.set(
          period.identifier,
          period.invoices.map((invoice) => invoice.type),
        );
      if (page.invoicePeriods.length < 5000) break;
    }
    for (const period of periods)
      expect(listed.get(period.identifier), period.identifier).toEqual(typesCharged(period));
    // Each number was issued as finalise issues it, with its document kept (the list reads types from
    // there, nothing else): one document a number, of the type listed.
    const documents = await t.db
      .select({ number: invoiceDocuments.number, type: invoiceDocuments.invoiceType })
      .from(invoiceDocuments)
      .orderBy(asc(invoiceDocuments.number));
    const numbers = periods.flatMap((period) =>
      period.invoiceNumbers.map((number, index) => ({ number, type: typesCharged(period)[index] })),
    );
    expect(documents).toEqual(numbers.sort((a, b) => a.number.localeCompare(b.number)));

    // Its PDF is that kept invoice with its charges: an Overnight invoice that is the period's only
    // number is not printed as its (empty) Ground one.
    const overnightOnly = periods.find(
      (period) => !period.singleInvoice && period.invoiceNumbers.length === 1 && period.overnight,
    );
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/invoice/document/${overnightOnly?.invoiceNumbers[0]}`,
      headers: bearer(accounts),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain('Invoice for Overnight work');
    expect(text).not.toContain('No charges on this invoice');
  });

  it('queues the finalise run that sends the FINALISED periods, so none stays FINALISED (decision 012)', async () => {
    const finalised = await t.db
      .select({ id: invoicePeriods.id })
      .from(invoicePeriods)
      .where(eq(invoicePeriods.status, 'FINALISED'))
      .orderBy(asc(invoicePeriods.id));
    expect(finalised.length).toBeGreaterThan(0);
    const runs = await t.db.select().from(backgroundRuns).where(eq(backgroundRuns.kind, INVOICE_FINALISE_RUN_KIND));
    expect(runs.map((run) => [run.status, run.params, run.total])).toEqual([
      ['queued', { ids: finalised.map((period) => period.id) }, finalised.length],
    ]);
  });

  it('gives every company at least one customer user, and the demo customer a company', async () => {
    const [linked] = await t.db.select({ value: count() }).from(companyUsers);
    expect(linked?.value ?? 0).toBeGreaterThanOrEqual(DEMO_COMPANY_COUNT);
    const [customer] = await t.db
      .select({ isAdmin: companyUsers.isAdmin })
      .from(companyUsers)
      .innerJoin(users, eq(users.id, companyUsers.userId))
      .where(eq(users.email, 'customer@demo.ie'));
    expect(customer).toEqual({ isAdmin: true });
  });

  it.each(ROLES.map((role) => [role]))('the %s demo login signs in with courier-demo', async (role) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `${role.toLowerCase()}@demo.ie`, password: 'courier-demo' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ roles: [role], accessToken: expect.any(String) });
  });

  it('seeds the same companies on every fresh database, and only into an empty one', async () => {
    expect(await seedDemoDataIfEmpty(second.database.db, { now: seededAt, invoicing: demoInvoicingOf(t) })).toBe(true);
    const first = await demoCompanies(t.db);
    expect(first).toHaveLength(DEMO_COMPANY_COUNT);
    expect(await demoCompanies(second.database.db)).toEqual(first);
    const periods = await demoInvoicePeriods(t.db);
    expect(periods.length).toBeGreaterThan(100);
    expect(await demoInvoicePeriods(second.database.db)).toEqual(periods);

    const usersBefore = await rowCount(second.database.db, users);
    expect(await seedDemoDataIfEmpty(second.database.db, { invoicing: demoInvoicingOf(t) })).toBe(false);
    expect(await rowCount(second.database.db, users)).toBe(usersBefore);
    expect(await rowCount(second.database.db, companies)).toBe(DEMO_COMPANY_COUNT);
  });
  it('never stamps demo work or sign-ins later than the moment it was seeded (issue 10)', async () => {
    const latest = (column: SQL, where: SQL = sql`true`) =>
      sql<string | null>`(max(${column}) filter (where ${where}))::text`;
    const [jobs] = await t.db
      .select({
        bookingCreated: latest(sql`${bookings.createdAt}`),
        jobCreated: latest(sql`${bookingJobs.createdAt}`),
        statusUpdate: latest(sql`${bookingJobs.lastStatusUpdate}`),
        collected: latest(sql`${bookingJobs.collectedAt}`),
        delivered: latest(sql`${bookingJobs.deliveryTime}`),
        deliveredEta: latest(
          sql`greatest(${bookingJobs.collectionEta}, ${bookingJobs.deliveryEta})`,
          sql`${bookingJobs.status} = 'delivered'`,
        ),
        settledCollection: latest(
          sql`${bookings.collectionTime}`,
          sql`${bookings.status} in ('delivered', 'cancelled', 'failed')`,
        ),
        recentUpdates:
          sql<number>`count(*) filter (where ${bookingJobs.lastStatusUpdate} > ${seededAt.toISOString()}::timestamptz - interval '1 day')`.mapWith(
            Number,
          ),
      })
      .from(bookingJobs)
      .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId));
    const [tasks] = await t.db.select({ completed: latest(sql`${bookingTasks.completedAt}`) }).from(bookingTasks);
    const [people] = await t.db
      .select({
        joined: latest(sql`${users.createdAt}`),
        // The customers' seeded sign-ins (this file signs in as the demo staff, which stamps theirs).
        lastLogin: latest(sql`${users.lastLoginDate}`, sql`${users.email} like '%@customer.demo.ie'`),
      })
      .from(users)
      // The demo's people, not the users this test file signs in with.
      .where(sql`${users.email} not like '%@test.ie'`);
    const stamps = { ...jobs, completed: tasks?.completed, ...people };
    for (const [name, value] of Object.entries(stamps)) {
      if (name === 'recentUpdates') continue;
      expect(value, name).not.toBeNull();
      expect(Date.parse(String(value)), `${name} ${String(value)}`).toBeLessThanOrEqual(seededAt.getTime());
    }
    // The demo still has work from the day before 'now', so the check above had something to check.
    expect(jobs?.recentUpdates).toBeGreaterThan(0);
  });

  it("tells each demo job's story as tracking events: booked, collected, then delivered, failed or cancelled (issue 14)", async () => {
    // Per job: its status, whether it was collected, and its events' statuses and times in order.
    const jobs = rowsOf<{
      status: string;
      collected: boolean;
      statuses: string[] | null;
      ordered: boolean;
      latest: string | null;
    }>(
      await t.db.execute(sql`
        select j.status, j.collected_at is not null as collected,
          array_agg(e.status order by e.at, e.id) filter (where e.id is not null) as statuses,
          coalesce(bool_and(e.at >= j.created_at), true) as ordered, max(e.at)::text as latest
        from ${bookingJobs} j left join ${jobStatusEvents} e on e.job_id = j.id
        group by j.id`),
    );
    expect(jobs.length).toBeGreaterThan(4000);
    const ending: Record<string, string[]> = { delivered: ['delivered'], failed: ['failed'], cancelled: ['cancelled'] };
    for (const job of jobs) {
      // A quote is not booked yet: no history.
      if (job.status === 'quote') {
        expect(job.statuses).toBeNull();
        continue;
      }
      expect(job.statuses, job.status).toEqual([
        'created',
        ...(job.collected ? ['collected'] : []),
        ...(ending[job.status] ?? []),
      ]);
      expect(job.ordered).toBe(true);
      expect(Date.parse(String(job.latest))).toBeLessThanOrEqual(seededAt.getTime());
    }
    // Events never run backwards within a job (created, collected, ending), and the list names who.
    const [backwards] = rowsOf<{ value: number }>(
      await t.db.execute(sql`
        select count(*)::int as value from ${jobStatusEvents} a join ${jobStatusEvents} b
          on a.job_id = b.job_id and a.id < b.id and a.at > b.at`),
    );
    expect(Number(backwards?.value)).toBe(0);

    const token = await signInAs(t, ['DISPATCHER']);
    const [delivered] = await t.db
      .select({
        reference: bookingJobs.reference,
        driverNumber: bookingJobs.driverNumber,
        signedBy: bookingJobs.signedBy,
      })
      .from(bookingJobs)
      .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId))
      .where(
        sql`${bookingJobs.status} = 'delivered' and ${bookings.type} = 'same_day' and ${bookings.setCallId} is null`,
      )
      .orderBy(asc(bookingJobs.id))
      .limit(1);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/tracking/events?jobReference=${delivered?.reference}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const { events } = response.json<TrackingEventsResponse>();
    expect(events.map((event) => [event.statusLabel, event.causedBy.kind])).toEqual([
      ['Delivered', 'driver'],
      ['Collected', 'driver'],
      ['Booked', expect.stringMatching(/^(user|system)$/)],
    ]);
    expect(events[0]?.causedBy.name).toBe(`Driver ${delivered?.driverNumber}`);
    expect(events[0]?.detail).toBe(`Signed for by ${delivered?.signedBy}`);
  });

  it("links demo SET_CALL bookings to one of their own company's set calls, booked by the set call run (issue 14)", async () => {
    const linked = await t.db
      .select({
        setCallId: bookings.setCallId,
        setCallDate: bookings.setCallDate,
        ownCompany: sql<boolean>`${setCalls.companyId} = ${bookings.companyId}`,
        tagged: sql<boolean>`'SET_CALL' = any(${bookingJobs.tags})`,
        causedBy: jobStatusEvents.causedBy,
      })
      .from(bookings)
      .innerJoin(setCalls, eq(setCalls.id, bookings.setCallId))
      .innerJoin(bookingJobs, eq(bookingJobs.bookingId, bookings.id))
      .innerJoin(
        jobStatusEvents,
        sql`${jobStatusEvents.jobId} = ${bookingJobs.id} and ${jobStatusEvents.status} = 'created'`,
      );
    expect(linked.length).toBeGreaterThan(10);
    expect(linked.every((row) => row.ownCompany && row.tagged && row.causedBy === 'Set call run')).toBe(true);
    // Before today only, so the day's own set call run still books today's.
    expect(linked.every((row) => String(row.setCallDate) < toIsoDay(seededAt))).toBe(true);
  });

  it("answers each company's own latest booking as its Last booking (issue 10)", async () => {
    const latestOwn = await t.db
      .select({ id: companies.id, lastBooking: sql<string | null>`max(${bookings.createdAt})::text` })
      .from(companies)
      .leftJoin(bookings, eq(bookings.companyId, companies.id))
      .groupBy(companies.id)
      .orderBy(asc(companies.id))
      .limit(12);
    expect(latestOwn.filter((row) => row.lastBooking !== null).length).toBeGreaterThan(6);
    const token = await signInAs(t, ['ACCOUNTS']);
    for (const row of latestOwn) {
      const response = await t.app.inject({ method: 'GET', url: `/api/company/${row.id}`, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      const answered = response.json<{ lastBooking: string | null }>().lastBooking;
      expect(answered && Date.parse(answered), `company ${row.id}`).toBe(
        row.lastBooking && Date.parse(row.lastBooking),
      );
    }
  });

  it('shows every price-editing guard on a fresh start: paid, pending and active pay, invoiced jobs, reviews with and without a reason, adjustments (issue 11)', async () => {
    const payStatuses = await t.db
      .select({ status: bookingTasks.payStatus, tasks: count() })
      .from(bookingTasks)
      .groupBy(bookingTasks.payStatus);
    expect(new Set(payStatuses.map((row) => row.status))).toEqual(new Set(['ACTIVE', 'PENDING_PAYMENT', 'PAID']));
    const [invoiced] = await t.db
      .select({ jobs: count() })
      .from(bookingJobs)
      .innerJoin(invoicePeriods, eq(invoicePeriods.id, bookingJobs.invoicePeriodId))
      .where(sql`${invoicePeriods.status} in ('FINALISED', 'INVOICED')`);
    expect(invoiced?.jobs).toBeGreaterThan(0);
    const [reviews] = await t.db
      .select({
        withReason: sql<number>`count(*) filter (where ${bookingJobs.needsSameDayReviewReason} is not null)`.mapWith(
          Number,
        ),
        withoutReason: sql<number>`count(*) filter (where ${bookingJobs.needsSameDayReviewReason} is null)`.mapWith(
          Number,
        ),
        carrier: sql<number>`count(*) filter (where ${bookingJobs.needsCarrierReview})`.mapWith(Number),
      })
      .from(bookingJobs)
      .where(sql`${bookingJobs.needsSameDayReview} or ${bookingJobs.needsCarrierReview}`);
    expect(reviews?.withReason).toBeGreaterThan(0);
    expect(reviews?.withoutReason).toBeGreaterThan(0);
    expect(reviews?.carrier).toBeGreaterThan(0);
    const [adjustments] = await t.db.select({ rows: count() }).from(jobPriceAdjustments);
    expect(adjustments?.rows).toBeGreaterThan(0);
  });
  it('keeps a driver register of about 150 with rooms, pay settings, equipment out and returned, and a few registrations missing (issue 13)', async () => {
    const rows = await t.db
      .select({
        driverNumber: drivers.driverNumber,
        vehicle: drivers.vehicle,
        phone: drivers.phone,
        plate: drivers.vehicleRegistration,
        rooms: drivers.rooms,
      })
      .from(drivers)
      .orderBy(asc(drivers.driverNumber));
    expect(rows).toHaveLength(DEMO_DRIVER_COUNT);
    // The catalogue's drivers, which bookings point at, are still there under their numbers.
    const numbers = new Set(rows.map((row) => row.driverNumber));
    for (let number = 100; number <= 241; number += 3) expect(numbers.has(number), `driver ${number}`).toBe(true);
    const [unknownDriver] = await t.db
      .select({ jobs: count() })
      .from(bookingJobs)
      .where(
        sql`${bookingJobs.driverNumber} is not null and ${bookingJobs.driverNumber} not in (select driver_number from drivers)`,
      );
    expect(unknownDriver?.jobs).toBe(0);
    const vehicles = new Set(rows.map((row) => row.vehicle));
    for (const vehicle of ['van', 'car', 'bike', 'top box bike']) expect(vehicles.has(vehicle), vehicle).toBe(true);
    expect(rows.every((row) => row.rooms.length > 0)).toBe(true);
    const missing = rows.filter(
      (row) => row.phone === '' || (['van', 'car', 'bike', 'top box bike'].includes(row.vehicle) && row.plate === ''),
    );
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.length).toBeLessThan(20);

    const [settings] = await t.db.select({ rows: count() }).from(driverPaySettings);
    expect(settings?.rows).toBeGreaterThan(DEMO_DRIVER_COUNT * 0.8);
    const [equipment] = await t.db
      .select({
        onLoan: sql<number>`count(*) filter (where ${driverEquipment.returnedDate} is null)`.mapWith(Number),
        returned: sql<number>`count(*) filter (where ${driverEquipment.returnedDate} is not null)`.mapWith(Number),
      })
      .from(driverEquipment);
    expect(equipment?.onLoan).toBeGreaterThan(0);
    expect(equipment?.returned).toBeGreaterThan(0);

    // The list answers them (every stored vehicle and room passes the response schema).
    const token = await signInAs(t, ['DISPATCHER']);
    const response = await t.app.inject({ method: 'GET', url: '/api/drivers', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(DEMO_DRIVER_COUNT);
  });
});
