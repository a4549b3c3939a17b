import { isDeepStrictEqual } from 'node:util';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IncreaseRun } from '@courier/domain/pricing/schemas';
import type { PriceLevel } from '@courier/domain/pricing/tariff-engine';
import { auditLog, backgroundRunLog, backgroundRuns, tariffs, users } from '../../db/schema/index.ts';
import { createBackgroundRunner, type RunHandler } from '../../platform/background/runner.ts';
import { bearer, createCompany, signInAs } from '../../test/factories.ts';
import { createPricingCatalogue, createTariff, level, type PricingCatalogue } from '../../test/pricing-factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { increaseRunHandler, pricingRunHandlers } from './increase-run-handler.ts';

const SECRET = 'correct-authorisation-code';
const BATCH = 5;
const PRICING: PriceLevel[] = [
  level({ upTo: 5, basic: 10, basicPer: 5 }),
  level({ upTo: 9999, basic: 20, basicPer: 10, then: 0.85, thenPer: 1 }),
];
/** PRICING raised by 10 %, each price rounded to the cent. */
const PRICING_PLUS_10: PriceLevel[] = [
  level({ upTo: 5, basic: 11, basicPer: 5 }),
  level({ upTo: 9999, basic: 22, basicPer: 10, then: 0.94, thenPer: 1 }),
];

/** Levels as the log's CSV shows them: upTo first, in the editor's column order, quoted. */
const csvJson = (levels: PriceLevel[]) =>
  `"${JSON.stringify(levels.map(({ upTo, basic, basicPer, then, thenPer }) => ({ upTo, basic, basicPer, then, thenPer }))).replaceAll('"', '""')}"`;

describe.each(databaseKinds)('price and carrier increases on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let catalogue: PricingCatalogue;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PRICE_INCREASE_SECRET: SECRET } });
    catalogue = await createPricingCatalogue(t.db);
    for (const accountCode of ['ACME001', 'BRAY002', 'CORK003', 'DUNL004']) {
      await createCompany(t.db, { company: { name: `Company ${accountCode}`, accountCode, billingBasis: 'account' } });
    }
    token = await signInAs(t, ['PRICING']);
  });
  afterAll(() => t?.close());

  /** 12 base tariffs, 2 special tariffs each for ACME001 and BRAY002, 3 DPD carrier tariffs: a fresh set per test. */
  beforeEach(async () => {
    await t.db.delete(backgroundRuns);
    await t.db.delete(tariffs);
    const services = ['DOM', 'INT', 'TW48', 'PUR', 'RAPC', 'UKM9', 'UKM6', 'UKM2', 'CANC', 'FAIC'];
    for (const [i, service] of services.entries())
      await createTariff(t.db, {
        tariffCodeId: catalogue.codes.DOM,
        service,
        pricing: PRICING,
        description: `base ${i}`,
      });
    for (const zone of ['NORTHERN IRELAND', 'EU ZONE 1'])
      await createTariff(t.db, { tariffCodeId: catalogue.codes.INT, service: 'INT', zone, pricing: PRICING });
    for (const account of ['ACME001', 'BRAY002']) {
      for (const service of ['DOM', 'INT'])
        await createTariff(t.db, { tariffCodeId: catalogue.codes.DOM, service, account, pricing: PRICING });
    }
    for (const service of ['DOM', 'INT', 'UKM9'])
      await createTariff(t.db, {
        tariffCodeId: catalogue.codes.DOM,
        service,
        carrierId: catalogue.carriers.DPD,
        pricing: PRICING,
      });
  });

  const runner = (handlers: Record<string, RunHandler> = pricingRunHandlers({ batchSize: BATCH }), leaseMs?: number) =>
    createBackgroundRunner({ db: t.db, handlers, leaseMs, onError: () => {} });
  const priceIncrease = (payload: object, headers = bearer(token)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pricing/price-increase',
      headers,
      payload: { sharedSecret: SECRET, percentIncrease: 10, ...payload },
    });
  const carrierIncrease = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pricing/carrier-increase',
      headers: bearer(token),
      payload: { sharedSecret: SECRET, percentIncrease: 10, ...payload },
    });
  const run = async (id: number): Promise<IncreaseRun> =>
    (await t.app.inject({ method: 'GET', url: `/api/pricing/increases/${id}`, headers: bearer(token) })).json();
  const allTariffs = () => t.db.select().from(tariffs).orderBy(asc(tariffs.id));
  const increased = async () => (await allTariffs()).filter((row) => isDeepStrictEqual(row.pricing, PRICING_PLUS_10));
  const untouched = async () => (await allTariffs()).filter((row) => isDeepStrictEqual(row.pricing, PRICING));
  const downloadLog = async (run: IncreaseRun) => {
    const response = await t.app.inject({ method: 'GET', url: run.logUrl.logs, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${run.kind}-${run.id}-log.csv"`);
    return response.body.trimEnd().split('\r\n');
  };
  const changedIds = async (jobId: number) =>
    (
      await t.db
        .select({ entityId: backgroundRunLog.entityId })
        .from(backgroundRunLog)
        .where(eq(backgroundRunLog.runId, jobId))
        .orderBy(asc(backgroundRunLog.id))
    )
      .map((row) => row.entityId)
      .filter((id): id is string => id !== null)
      .map(Number);

  describe('the authorisation code', () => {
    it('a wrong code is a 403 and changes nothing: no run, no price, no status', async () => {
      const before = await allTariffs();
      const response = await priceIncrease({ sharedSecret: 'guess', resetIncreaeRanStatus: true });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'FORBIDDEN',
        message: 'The authorisation code is not correct. Nothing was changed.',
      });
      const carrier = await carrierIncrease({
        sharedSecret: `${SECRET}x`,
        serviceCodes: 'DOM',
        carrierId: catalogue.carriers.DPD,
      });
      expect(carrier.statusCode).toBe(403);
      await runner().runUntilIdle();
      expect(await allTariffs()).toEqual(before);
      expect(await t.db.select().from(backgroundRuns)).toEqual([]);
    });

    it('after 5 wrong codes refuses every code for that user with a 403 saying when to try again (not a 429, which signs out), and audits each wrong code', async () => {
      const guesser = await signInAs(t, ['PRICING']);
      const guesserId = (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(guesser) })).json<{
        uuid: string;
      }>().uuid;
      for (let guess = 1; guess <= 5; guess++) {
        const response = await priceIncrease({ sharedSecret: `guess ${guess}` }, bearer(guesser));
        expect(response.statusCode, `guess ${guess}`).toBe(403);
        expect(response.json<{ message: string }>().message).toBe(
          'The authorisation code is not correct. Nothing was changed.',
        );
      }
      const right = await priceIncrease({}, bearer(guesser));
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({
        error: 'FORBIDDEN',
        message: 'Too many wrong authorisation codes. Please try again in 15 minutes.',
      });
      expect(await t.db.select().from(backgroundRuns)).toEqual([]);

      const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.uuid, guesserId));
      const audited = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'wrong-code'), eq(auditLog.userId, user?.id ?? 0)));
      expect(audited).toHaveLength(5);
      expect(audited[0]).toMatchObject({ entityType: 'authorisation-code', after: { kind: 'price-increase' } });

      // Another user is not affected, and wrong codes older than 15 minutes no longer count.
      expect((await priceIncrease({})).statusCode).toBe(200);
      await t.db.delete(backgroundRuns);
      await t.db
        .update(auditLog)
        .set({ createdAt: sql`now() - interval '16 minutes'` })
        .where(eq(auditLog.userId, user?.id ?? 0));
      expect((await priceIncrease({}, bearer(guesser))).statusCode).toBe(200);
    });

    it('counts parallel wrong codes exactly: 5 answered as wrong, the rest as too many', async () => {
      const guesser = await signInAs(t, ['PRICING']);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => priceIncrease({ sharedSecret: `guess ${i}` }, bearer(guesser))),
      );
      expect(answers.map((response) => response.statusCode)).toEqual(Array(12).fill(403));
      const messages = answers.map((response) => response.json<{ message: string }>().message).sort();
      expect(messages).toEqual([
        ...Array(5).fill('The authorisation code is not correct. Nothing was changed.'),
        ...Array(7).fill('Too many wrong authorisation codes. Please try again in 15 minutes.'),
      ]);
    });

    it('answers a wrong code before looking at the scope: no scope error, whatever the scope', async () => {
      const guesser = await signInAs(t, ['PRICING']);
      const wrong = { error: 'FORBIDDEN', message: 'The authorisation code is not correct. Nothing was changed.' };
      const unknownAccount = await priceIncrease(
        { sharedSecret: 'guess', excludeAccounts: 'NOSUCH999', percentIncrease: 500 },
        bearer(guesser),
      );
      expect(unknownAccount.statusCode).toBe(403);
      expect(unknownAccount.json()).toEqual(wrong);
      const emptyScope = await t.app.inject({
        method: 'POST',
        url: '/api/pricing/carrier-increase',
        headers: bearer(guesser),
        payload: { sharedSecret: 'guess', serviceCodes: '', carrierId: 0 },
      });
      expect(emptyScope.statusCode).toBe(403);
      expect(emptyScope.json()).toEqual(wrong);
      const unknownCarrier = await t.app.inject({
        method: 'POST',
        url: '/api/pricing/carrier-increase',
        headers: bearer(guesser),
        payload: { sharedSecret: 'guess', serviceCodes: 'NOPE', carrierId: 999_999, percentIncrease: 10 },
      });
      expect(unknownCarrier.statusCode).toBe(403);
      expect(unknownCarrier.json()).toEqual(wrong);
    });

    it('without PRICE_INCREASE_SECRET configured every increase is refused with a clear 403', async () => {
      const unconfigured = await createTestApp(kind);
      try {
        const response = await unconfigured.app.inject({
          method: 'POST',
          url: '/api/pricing/price-increase',
          headers: bearer(await signInAs(unconfigured, ['PRICING'])),
          payload: { sharedSecret: '', percentIncrease: 5 },
        });
        expect(response.statusCode).toBe(400); // an empty code is bad input before it is a wrong one
        const refused = await unconfigured.app.inject({
          method: 'POST',
          url: '/api/pricing/price-increase',
          headers: bearer(await signInAs(unconfigured, ['PRICING'])),
          payload: { sharedSecret: 'anything', percentIncrease: 5 },
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toBe('SWITCHED_OFF');
        expect(refused.json().message).toBe(
          'Price and carrier increases are switched off on this server: no authorisation code is set up. Ask the administrator to set one up.',
        );
      } finally {
        await unconfigured.close();
      }
    });
  });

  describe('a price increase', () => {
    it('answers with the run and its log address, then increases every customer tariff once, carrier tariffs not at all', async () => {
      const response = await priceIncrease({});
      expect(response.statusCode).toBe(200);
      const started: IncreaseRun = response.json();
      expect(started).toMatchObject({
        kind: 'price-increase',
        status: 'queued',
        total: 16,
        done: 0,
        errors: 0,
        percentIncrease: 10,
        logUrl: { logs: `/api/pricing/increases/${started.id}/log` },
      });

      await runner().runUntilIdle();
      expect(await run(started.id)).toMatchObject({
        status: 'completed',
        total: 16,
        done: 16,
        errors: 0,
        failure: null,
      });
      const rows = await allTariffs();
      expect(
        rows
          .filter((row) => row.carrierId === null)
          .every((row) => isDeepStrictEqual(row.pricing, PRICING_PLUS_10) && row.priceIncreaseRan),
      ).toBe(true);
      expect(
        rows
          .filter((row) => row.carrierId !== null)
          .every((row) => isDeepStrictEqual(row.pricing, PRICING) && !row.priceIncreaseRan),
      ).toBe(true);
    });

    it('applied twice without reset changes prices once; with reset, again', async () => {
      const first: IncreaseRun = (await priceIncrease({})).json();
      await runner().runUntilIdle();
      const afterFirst = await allTariffs();

      const second: IncreaseRun = (await priceIncrease({})).json();
      expect(second.total).toBe(0);
      await runner().runUntilIdle();
      expect(await run(second.id)).toMatchObject({ status: 'completed', done: 0 });
      expect(await allTariffs()).toEqual(afterFirst);
      expect((await downloadLog(second)).join('\n')).toContain(
        '16 tariffs in scope were increased already and are skipped',
      );

      const third: IncreaseRun = (await priceIncrease({ resetIncreaeRanStatus: true, percentIncrease: 50 })).json();
      expect(third.total).toBe(16);
      await runner().runUntilIdle();
      const base = (await allTariffs()).find((row) => row.carrierId === null);
      expect(base?.pricing[0]?.basic).toBe(16.5); // 10 → 11 → 16.50
      expect(first.id).toBeLessThan(third.id);
    });

    it('keeps the prices of excluded, low-turnover and set-call accounts; with included accounts only theirs', async () => {
      const excluded: IncreaseRun = (
        await priceIncrease({ excludeAccounts: 'acme001', lowTurnoverAccounts: ' bray002 ,' })
      ).json();
      expect(excluded.total).toBe(12);
      await runner().runUntilIdle();
      const special = (await allTariffs()).filter((row) => row.account !== null);
      expect(special.every((row) => isDeepStrictEqual(row.pricing, PRICING))).toBe(true);

      const included: IncreaseRun = (await priceIncrease({ includeAccounts: 'ACME001' })).json();
      expect(included.total).toBe(2);
      await runner().runUntilIdle();
      expect((await increased()).filter((row) => row.account === 'ACME001')).toHaveLength(2);
      expect((await untouched()).filter((row) => row.account === 'BRAY002')).toHaveLength(2);
    });

    it.each([
      [
        { excludeAccounts: 'ACME001, NOPE999' },
        'No company has the account code NOPE999 (excluded accounts). Check the list and try again.',
      ],
      [
        { includeAccounts: 'ACME 001' },
        'The included accounts hold "ACME 001", which is not an account code. Separate account codes with commas.',
      ],
      [
        { includeAccounts: 'ACME001', excludeSetCallAccounts: 'acme001' },
        'ACME001 is both included and excluded. Take it out of one of the lists.',
      ],
    ])('refuses bad account lists with 400 and writes nothing: %j', async (lists, message) => {
      const before = await allTariffs();
      const response = await priceIncrease({ ...lists, resetIncreaeRanStatus: true });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION', message });
      expect(await t.db.select().from(backgroundRuns)).toEqual([]);
      expect(await allTariffs()).toEqual(before);
    });

    it.each([
      [{ percentIncrease: 0 }, 'body.percentIncrease', 'The increase must be more than 0 %.'],
      [{ percentIncrease: 101 }, 'body.percentIncrease', 'The increase must be at most 100 %.'],
      [{ percentIncrease: '5' }, 'body.percentIncrease', 'Enter the increase as a percentage.'],
      [{ sharedSecret: '' }, 'body.sharedSecret', 'Enter the authorisation code.'],
    ])('refuses %j with 400 and the field', async (change, field, message) => {
      const response = await priceIncrease(change);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ details: expect.arrayContaining([{ field, message }]) });
    });

    it('refuses a second run while one is queued (409)', async () => {
      const first: IncreaseRun = (await priceIncrease({})).json();
      const second = await priceIncrease({});
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        error: 'STATE_CONFLICT',
        message: `A price increase is already running (run ${first.id}). Wait for it to finish before starting another.`,
      });
      await runner().runUntilIdle();
    });
  });

  describe('the log', () => {
    it('lists every tariff changed with its prices before and after, and the summary', async () => {
      const started: IncreaseRun = (await priceIncrease({ excludeAccounts: 'BRAY002' })).json();
      await runner().runUntilIdle();
      const lines = await downloadLog(started);
      expect(lines[0]).toBe('time,level,tariff,message,before,after');
      const changes = lines.filter((line) => line.split(',')[1] === 'change');
      const customerIds = (await allTariffs())
        .filter((row) => row.carrierId === null && row.account !== 'BRAY002')
        .map((row) => row.id);
      expect(changes.map((line) => Number(line.split(',')[2]))).toEqual(customerIds);
      for (const line of changes) {
        expect(line).toContain(csvJson(PRICING));
        expect(line).toContain(csvJson(PRICING_PLUS_10));
      }
      expect(lines.join('\n')).toContain('2 tariffs of excluded accounts BRAY002 keep their prices.');
      expect(lines.at(-1)).toContain('Finished: 14 tariffs increased by 10 %, no errors.');
    });

    it('lists a tariff whose stored levels are broken as an error, increases the rest, and the run says so', async () => {
      const [broken] = await t.db.select().from(tariffs).where(eq(tariffs.description, 'base 3'));
      await t.db
        .update(tariffs)
        .set({ pricing: [level({ upTo: 10, basic: -5 })] })
        .where(eq(tariffs.id, broken?.id ?? 0));
      const started: IncreaseRun = (await priceIncrease({})).json();
      await runner().runUntilIdle();
      expect(await run(started.id)).toMatchObject({ status: 'completed', done: 16, errors: 1 });
      const errorLine = (await downloadLog(started)).find((line) => line.split(',')[1] === 'error');
      expect(errorLine).toContain(
        `Tariff ${broken?.id} (base, PUR, IRELAND): not increased, its price levels are not valid (Basic must be 0 or more.)`,
      );
      expect(await increased()).toHaveLength(15);
    });
  });

  describe('crashes and failures', () => {
    it('a runner that dies half-way is taken over; every tariff is increased exactly once', async () => {
      const started: IncreaseRun = (await priceIncrease({})).json();
      // The first runner does two batches and "dies": it keeps its lease and never hands the job back.
      await runner(undefined, 150).runUntilIdle({ stepLimit: 2 });
      expect(await run(started.id)).toMatchObject({ status: 'running', done: 10 });
      expect(await increased()).toHaveLength(10);
      // Another runner cannot take the job while the lease holds; after it lapses it finishes the job.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await runner().runUntilIdle();
      expect(await run(started.id)).toMatchObject({ status: 'completed', done: 16, errors: 0 });
      expect(await increased()).toHaveLength(16);
      const ids = await changedIds(started.id);
      expect(new Set(ids).size).toBe(ids.length); // no tariff logged (or increased) twice
      expect(ids).toHaveLength(16);
    });

    it('a failure in the middle leaves committed batches done and logged, the failed batch untouched, the rest for the next run', async () => {
      let steps = 0;
      const inner = increaseRunHandler({ batchSize: BATCH });
      // The third batch does its writes, then fails before its commit.
      const failing: RunHandler = {
        async step(context) {
          const result = await inner.step(context);
          if (++steps === 3) throw new Error('the disk is full');
          return result;
        },
      };
      const started: IncreaseRun = (await priceIncrease({})).json();
      await runner({ 'price-increase': failing }).runUntilIdle();

      const failed = await run(started.id);
      expect(failed).toMatchObject({ status: 'failed', done: 10, failure: 'the disk is full' });
      const done = await increased();
      expect(done).toHaveLength(10);
      expect(done.every((row) => row.priceIncreaseRan)).toBe(true);
      expect((await untouched()).filter((row) => row.carrierId === null).every((row) => !row.priceIncreaseRan)).toBe(
        true,
      );
      expect(await changedIds(started.id)).toEqual(done.map((row) => row.id));
      expect((await downloadLog(failed)).at(-1)).toContain(
        'The run stopped: the disk is full. Work committed before this point stays done.',
      );

      // A new run without reset picks up exactly the rest.
      const resumed: IncreaseRun = (await priceIncrease({})).json();
      expect(resumed.total).toBe(6);
      await runner().runUntilIdle();
      expect(await increased()).toHaveLength(16);
    });

    it('a clean stop hands the job back, and the next runner finishes it', async () => {
      const started: IncreaseRun = (await priceIncrease({})).json();
      const first = createBackgroundRunner({
        db: t.db,
        handlers: pricingRunHandlers({ batchSize: 1 }),
        pollMs: 10,
        onError: () => {},
      });
      first.start();
      await expect.poll(async () => (await run(started.id)).done, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
      await first.stop();
      const stopped = await run(started.id);
      expect(['queued', 'completed']).toContain(stopped.status);
      await runner().runUntilIdle();
      expect(await run(started.id)).toMatchObject({ status: 'completed', done: 16 });
      expect(await increased()).toHaveLength(16);
    });
  });

  describe('a carrier increase', () => {
    it('increases only that carrier’s tariffs with the listed service codes', async () => {
      const response = await carrierIncrease({ serviceCodes: 'dom, UKM9', carrierId: catalogue.carriers.DPD });
      expect(response.statusCode).toBe(200);
      const started: IncreaseRun = response.json();
      expect(started).toMatchObject({ kind: 'carrier-increase', total: 2 });
      await runner().runUntilIdle();
      const changed = await increased();
      expect(changed.map((row) => [row.carrierId, row.service])).toEqual([
        [catalogue.carriers.DPD, 'DOM'],
        [catalogue.carriers.DPD, 'UKM9'],
      ]);
      const lines = await downloadLog(started);
      expect(lines.join('\n')).toContain(`Carrier ${catalogue.carriers.DPD}, service codes DOM, UKM9.`);
    });

    it.each([
      [
        { serviceCodes: 'DOM, XYZ', carrierId: 1 },
        'XYZ is not a service code. Use CANC, FAIC, DOM, INT, TW48, PUR, RAPC, UKM9, UKM6, UKM2, separated by commas.',
      ],
      [{ serviceCodes: ' , ', carrierId: 1 }, 'Enter at least one service code.'],
      [{ serviceCodes: 'DOM', carrierId: 999 }, 'Carrier 999 does not exist.'],
    ])('refuses %j with 400', async (payload, message) => {
      const response = await carrierIncrease(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION', message });
      expect(
        await t.db
          .select()
          .from(backgroundRuns)
          .where(inArray(backgroundRuns.kind, ['carrier-increase'])),
      ).toEqual([]);
    });

    it.each([
      [
        { serviceCodes: ' , ', carrierId: 999 },
        'Enter at least one service code. Carrier 999 does not exist.',
        'Enter at least one service code.',
      ],
      [
        { serviceCodes: 'DOM, XYZ', carrierId: 999 },
        'XYZ is not a service code. Use CANC, FAIC, DOM, INT, TW48, PUR, RAPC, UKM9, UKM6, UKM2, separated by commas. Carrier 999 does not exist.',
        'Unknown: XYZ',
      ],
    ])('refuses %j naming both bad fields at once', async (payload, message, serviceCodesMessage) => {
      const response = await carrierIncrease(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION',
        message,
        details: [
          { field: 'body.serviceCodes', message: serviceCodesMessage },
          { field: 'body.carrierId', message: 'Choose a carrier from the list.' },
        ],
      });
      expect(await t.db.select().from(backgroundRuns)).toEqual([]);
    });

    it('refuses an empty form naming every field at once', async () => {
      const response = await carrierIncrease({ sharedSecret: '', percentIncrease: 0, serviceCodes: '', carrierId: 0 });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { field: 'body.serviceCodes', message: 'Enter at least one service code.' },
        { field: 'body.carrierId', message: 'Choose a carrier.' },
        { field: 'body.sharedSecret', message: 'Enter the authorisation code.' },
        { field: 'body.percentIncrease', message: 'The increase must be more than 0 %.' },
      ]);
      expect(await t.db.select().from(backgroundRuns)).toEqual([]);
    });
  });

  it('answers 404 for a run that does not exist', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/pricing/increases/999999/log',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Increase run 999999 does not exist.' });
  });
});
