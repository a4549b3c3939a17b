import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoicePeriodStatus } from '@courier/domain/invoicing/enums';
import { MAX_FINALISE_IDS } from '@courier/domain/invoicing/finalise-schemas';
import { backgroundRuns, companyExtendedSettings, invoicePeriods } from '../../db/schema/index.ts';
import { createBackgroundRunner } from '../../platform/background/runner.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { bearer, createCompany, createUser, signIn } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { FINALISE_RUN_KIND, finaliseRunHandler } from './finalise.ts';

/*
 * The list's ways to finalise many periods at once (spec 1 §2 'Invoice list'): 'Finalise for date
 * range' (POST /api/invoice/finalise-for-user: every period in review ending on or before the
 * Invoice Date) and 'Finalise All N Invoices' (POST /api/invoice/finalise-all: every period in review
 * the list's filters match, exactly the N shown), and GET /api/invoice/finalise-runs/current, which
 * lets the list follow a run again after the user went elsewhere. Periods without jobs: finalising
 * one issues no invoice but still makes it INVOICED, which is all these tests look at.
 */
describe.each(databaseKinds)('finalising by date and by the list’s filters on %s', (kind) => {
  let t: TestApp;
  let accounts: string;
  let accountsId: number;
  let companyNumber = 0;
  // No e-mail is sent for periods without charges; the runner still needs a mailer.
  const mailer: Mailer = { send: async () => {} };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const user = await createUser(t.db, { roles: ['ACCOUNTS'] });
    accountsId = user.id;
    accounts = await signIn(t, user);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown, token = accounts) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });
  const get = (url: string, token = accounts) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const statusesOf = async (ids: number[]) =>
    (
      await t.db
        .select({ status: invoicePeriods.status })
        .from(invoicePeriods)
        .where(inArray(invoicePeriods.id, ids))
        .orderBy(asc(invoicePeriods.id))
    ).map((row) => row.status);
  const runAll = () =>
    createBackgroundRunner({
      db: t.db,
      handlers: { [FINALISE_RUN_KIND]: finaliseRunHandler({ mailer, supplier: t.config.invoiceSupplier }) },
      backoff: { firstMs: 0, maxMs: 0 },
      onError: () => {},
    }).runUntilIdle();

  /** A company invoiced weekly or monthly, with periods of these statuses and [start, end] days; ids in that order. */
  async function companyWithPeriods(
    interval: 'W' | 'M',
    periods: [InvoicePeriodStatus, string, string][],
  ): Promise<{ companyId: number; name: string; ids: number[] }> {
    const n = ++companyNumber;
    const name = `Shannon Haulage ${kind} ${n}`;
    const company = await createCompany(t.db, { company: { name, accountCode: `SHN${n}`, billingBasis: 'account' } });
    await t.db
      .update(companyExtendedSettings)
      .set({ invoiceInterval: interval })
      .where(eq(companyExtendedSettings.companyId, company.id));
    const ids: number[] = [];
    for (const [index, [status, start, end]] of periods.entries()) {
      const [row] = await t.db
        .insert(invoicePeriods)
        .values({ companyId: company.id, identifier: `SHN${n}-${index}`, status, start, end })
        .returning({ id: invoicePeriods.id });
      ids.push(row!.id);
    }
    return { companyId: company.id, name, ids };
  }

  describe('Finalise for date range', () => {
    it('takes every period in review ending on or before the Invoice Date, of the chosen intervals', async () => {
      // The Invoice Date is a Sunday, as the screen's default is: October's monthly periods ended days before.
      const monthly = await companyWithPeriods('M', [
        ['IN_REVIEW', '2026-09-01', '2026-09-30'], // waited a month: still due
        ['IN_REVIEW', '2026-10-01', '2026-10-31'], // ended a week before the date
        ['ACTIVE', '2026-11-01', '2026-11-30'], // still running
      ]);
      const weekly = await companyWithPeriods('W', [
        ['IN_REVIEW', '2026-10-26', '2026-11-01'],
        ['IN_REVIEW', '2026-11-02', '2026-11-08'], // ends on the date itself
        ['IN_REVIEW', '2026-11-09', '2026-11-15'], // after the date
      ]);

      const started = await post('/api/invoice/finalise-for-user', {
        endDate: '2026-11-08',
        weekly: false,
        monthly: true,
      });
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json().count).toBeGreaterThanOrEqual(2);
      await runAll();
      expect(await statusesOf(monthly.ids)).toEqual(['INVOICED', 'INVOICED', 'ACTIVE']);
      expect(await statusesOf(weekly.ids)).toEqual(['IN_REVIEW', 'IN_REVIEW', 'IN_REVIEW']);

      // The list's non-classic view shows what the button takes: pending, ending on or before the date.
      const list = await get(
        `/api/invoice/periods?pending=true&monthly=false&end=2026-11-08&companyId=${weekly.companyId}`,
      );
      expect(list.json().invoicePeriods.map((p: { id: number }) => p.id)).toEqual([weekly.ids[1], weekly.ids[0]]);

      expect(
        (await post('/api/invoice/finalise-for-user', { endDate: '2026-11-08', weekly: true, monthly: false }))
          .statusCode,
      ).toBe(200);
      await runAll();
      expect(await statusesOf(weekly.ids)).toEqual(['INVOICED', 'INVOICED', 'IN_REVIEW']);
    });

    it('says so with 409 when nothing is due by the date', async () => {
      const response = await post('/api/invoice/finalise-for-user', {
        endDate: '2000-01-02',
        weekly: true,
        monthly: true,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        'No invoice periods ending on or before 02/01/00 are ready to send for the chosen intervals.',
      );
    });
  });

  describe('Finalise All N Invoices', () => {
    it("finalises exactly the periods in review the list's filters match", async () => {
      const chosen = await companyWithPeriods('W', [
        ['IN_REVIEW', '2026-06-01', '2026-06-07'],
        ['IN_REVIEW', '2026-06-08', '2026-06-14'],
        ['FINALISED', '2026-06-15', '2026-06-21'],
        ['ACTIVE', '2026-06-22', '2026-06-28'],
      ]);
      const other = await companyWithPeriods('M', [['IN_REVIEW', '2026-06-01', '2026-06-30']]);
      const filters = { pending: true, weekly: true, monthly: true, search: chosen.name };
      const shown = await get(
        `/api/invoice/periods?pending=true&status=IN_REVIEW&search=${encodeURIComponent(chosen.name)}`,
      );
      expect(shown.json().count).toBe(2);

      const started = await post('/api/invoice/finalise-all', { ...filters, count: 2 });
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json()).toMatchObject({ count: 2 });
      await runAll();
      expect(await statusesOf(chosen.ids)).toEqual(['INVOICED', 'INVOICED', 'FINALISED', 'ACTIVE']);
      expect(await statusesOf(other.ids)).toEqual(['IN_REVIEW']);
      const run = (await get(`/api/invoice/finalise-runs/${started.json().runId}`)).json();
      expect(run).toMatchObject({ status: 'completed', total: 2, done: 2 });
    });

    it('takes the interval and date filters too', async () => {
      const weekly = await companyWithPeriods('W', [['IN_REVIEW', '2025-03-03', '2025-03-09']]);
      const monthly = await companyWithPeriods('M', [
        ['IN_REVIEW', '2025-02-01', '2025-02-28'],
        ['IN_REVIEW', '2025-03-01', '2025-03-31'],
      ]);
      const response = await post('/api/invoice/finalise-all', {
        weekly: false,
        endFrom: '2025-02-01',
        endTo: '2025-03-09',
        count: 1,
      });
      expect(response.statusCode, response.body).toBe(200);
      await runAll();
      expect(await statusesOf(monthly.ids)).toEqual(['INVOICED', 'IN_REVIEW']);
      expect(await statusesOf(weekly.ids)).toEqual(['IN_REVIEW']);
    });

    it('queues nothing when the list no longer holds the N it showed, and says how many it holds now', async () => {
      const { name, ids } = await companyWithPeriods('M', [
        ['IN_REVIEW', '2024-01-01', '2024-01-31'],
        ['IN_REVIEW', '2024-02-01', '2024-02-29'],
      ]);
      const runsBefore = await t.db.select({ id: backgroundRuns.id }).from(backgroundRuns);
      const changed = await post('/api/invoice/finalise-all', { search: name, count: 3 });
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toMatchObject({
        error: 'STATE_CONFLICT',
        message:
          'The list has changed: 2 invoice periods are ready to send now, not 3. Check the list and finalise again.',
      });
      const none = await post('/api/invoice/finalise-all', { search: `${name} and nobody else`, count: 1 });
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toBe('No invoice periods in this list are ready to send any more.');
      expect(await t.db.select({ id: backgroundRuns.id }).from(backgroundRuns)).toHaveLength(runsBefore.length);
      expect(await statusesOf(ids)).toEqual(['IN_REVIEW', 'IN_REVIEW']);
    });

    it.each([
      [{}, 'body.count', 'count must be the number of invoice periods the list showed.'],
      [{ count: 0 }, 'body.count', 'There are no invoice periods to finalise.'],
      [{ count: 1.5 }, 'body.count', 'count must be a whole number.'],
      [
        { count: 1, status: 'ACTIVE' },
        'body.status',
        'Only invoice periods in review (Ready to send) can be finalised.',
      ],
      [{ count: 1, weekly: 'yes' }, 'body.weekly', 'weekly must be true or false.'],
      [{ count: 1, endFrom: '2026-02-30' }, 'body.endFrom', 'endFrom must be a date (yyyy-MM-dd).'],
      [{ count: 1, size: 10 }, 'body', undefined],
    ])('answers 400 for %j', async (body, field, message) => {
      const response = await post('/api/invoice/finalise-all', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().details[0].field).toBe(field);
      if (message) expect(response.json().details[0].message).toBe(message);
    });

    it(`takes more periods than one id list may hold (${MAX_FINALISE_IDS})`, async () => {
      const company = await createCompany(t.db, { company: { name: 'Corrib Couriers', accountCode: 'COR' } });
      const howMany = MAX_FINALISE_IDS + 1;
      const rows = Array.from({ length: howMany }, (_, index) => {
        const day = new Date(Date.UTC(2000, 0, 1 + index)).toISOString().slice(0, 10);
        return {
          companyId: company.id,
          identifier: `COR-${index}`,
          status: 'IN_REVIEW' as const,
          start: day,
          end: day,
        };
      });
      const inserted = await t.db.insert(invoicePeriods).values(rows).returning({ id: invoicePeriods.id });
      // The id list the screen used to gather stops at the cap.
      expect((await post('/api/invoice/finalise', { ids: inserted.map((row) => row.id) })).statusCode).toBe(400);

      const started = await post('/api/invoice/finalise-all', { companyId: company.id, count: howMany });
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json().count).toBe(howMany);
      const [run] = await t.db.select().from(backgroundRuns).where(eq(backgroundRuns.id, started.json().runId));
      expect(run?.total).toBe(howMany);
      expect((run?.params as { ids: number[] }).ids).toEqual(inserted.map((row) => row.id).sort((a, b) => a - b));
      // Its first step takes the first batch of those periods (the ids go as one array parameter).
      const handler = finaliseRunHandler({ mailer, supplier: t.config.invoiceSupplier, batchSize: 3 });
      await t.db.transaction(async (tx) => {
        const step = await handler.step({ tx, run: run!, log: async () => {} });
        expect(step).toMatchObject({ done: 3, finished: false });
      });
      expect(await statusesOf(inserted.slice(0, 4).map((row) => row.id))).toEqual([
        'INVOICED',
        'INVOICED',
        'INVOICED',
        'IN_REVIEW',
      ]);
      // Not left queued for the other tests' runners: 5,000 periods take a while.
      await t.db.delete(backgroundRuns).where(eq(backgroundRuns.id, run!.id));
      await t.db.delete(invoicePeriods).where(eq(invoicePeriods.companyId, company.id));
    });
  });

  describe('the run in progress', () => {
    it("answers the signed-in user's unfinished finalise run, and none once it has finished", async () => {
      expect((await get('/api/invoice/finalise-runs/current')).json()).toEqual({ run: null });
      const { name } = await companyWithPeriods('W', [['IN_REVIEW', '2023-05-01', '2023-05-07']]);
      const started = await post('/api/invoice/finalise-all', { search: name, count: 1 });
      const { runId } = started.json<{ runId: number }>();

      const current = await get('/api/invoice/finalise-runs/current');
      expect(current.statusCode).toBe(200);
      expect(current.json()).toEqual({
        run: { id: runId, status: 'queued', total: 1, done: 0, errors: 0, error: null, finishedAt: null },
      });
      // Someone else's run is theirs to follow.
      const colleague = await signIn(t, await createUser(t.db, { roles: ['ACCOUNTS'] }));
      expect((await get('/api/invoice/finalise-runs/current', colleague)).json()).toEqual({ run: null });
      const [row] = await t.db.select().from(backgroundRuns).where(eq(backgroundRuns.id, runId));
      expect(row?.createdBy).toBe(accountsId);

      await runAll();
      expect((await get('/api/invoice/finalise-runs/current')).json()).toEqual({ run: null });
    });

    it.each([['DISPATCHER'], ['PRICING']])('refuses %s', async (role) => {
      const token = await signIn(t, await createUser(t.db, { roles: [role] }));
      expect((await get('/api/invoice/finalise-runs/current', token)).statusCode).toBe(403);
      expect((await post('/api/invoice/finalise-all', { count: 1 }, token)).statusCode).toBe(403);
    });
  });
});
