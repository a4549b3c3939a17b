import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundRunDetails, BackgroundRunList, BackgroundRunLogPage } from '@courier/domain/background/schemas';
import { backgroundRuns } from '../../db/schema/index.ts';
import { enqueueRun } from '../../platform/background/enqueue.ts';
import { writeRunLog } from '../../platform/background/run-log.ts';
import { createBackgroundRunner, type RunHandler } from '../../platform/background/runner.ts';
import { bearer, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

describe.each(databaseKinds)('GET /api/background/runs on %s', (kind) => {
  let t: TestApp;
  let superadmin: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    superadmin = await signInAs(t, ['SUPERADMIN']);
    // Four runs: a completed and a failed test-ok / test-fail, a queued test-wait, and a scheduled one.
    const ok: RunHandler = {
      async step({ log }) {
        await log([{ level: 'change', entityId: '7', message: 'did it', before: { a: 1 }, after: { a: 2 } }]);
        return { state: { cursor: 7 }, done: 1, errors: 0, finished: true };
      },
    };
    const fail: RunHandler = {
      async step() {
        throw new Error('nope');
      },
    };
    ids.completed = (
      await t.db.transaction((tx) => enqueueRun(tx, { kind: 'test-ok', params: { n: 1 }, total: 1 }))
    ).id;
    ids.failed = (await t.db.transaction((tx) => enqueueRun(tx, { kind: 'test-fail', params: {}, maxAttempts: 1 }))).id;
    ids.queued = (await t.db.transaction((tx) => enqueueRun(tx, { kind: 'test-wait', params: {} }))).id;
    ids.long = (await t.db.transaction((tx) => enqueueRun(tx, { kind: 'test-wait', params: {} }))).id;
    await writeRunLog(
      t.db,
      ids.long,
      Array.from({ length: 250 }, (_, i) => ({ level: 'info' as const, message: `line ${i + 1}` })),
    );
    await createBackgroundRunner({
      db: t.db,
      handlers: { 'test-ok': ok, 'test-fail': fail },
      onError: () => {},
    }).runUntilIdle();
    // Queued on different days: the completed run on 1 March 2026 (Irish winter time), the failed one on 31 July 2026 at 23:30 in Dublin.
    await t.db
      .update(backgroundRuns)
      .set({ createdAt: new Date('2026-03-01T10:00:00Z') })
      .where(eq(backgroundRuns.id, ids.completed));
    await t.db
      .update(backgroundRuns)
      .set({ createdAt: new Date('2026-07-31T22:30:00Z') })
      .where(eq(backgroundRuns.id, ids.failed));
    await t.db
      .update(backgroundRuns)
      .set({ createdAt: new Date('2026-09-01T10:00:00Z') })
      .where(eq(backgroundRuns.id, ids.queued));
    await t.db
      .update(backgroundRuns)
      .set({ createdAt: new Date('2026-09-02T10:00:00Z') })
      .where(eq(backgroundRuns.id, ids.long));
  });
  afterAll(() => t?.close());

  const get = (url: string, token = superadmin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const list = async (query: string): Promise<number[]> => {
    const response = await get(`/api/background/runs${query}`);
    expect(response.statusCode).toBe(200);
    const body: BackgroundRunList = response.json();
    return body.runs.map((run) => run.id);
  };

  it('lists every run newest first with its count', async () => {
    const response = await get('/api/background/runs');
    expect(response.statusCode).toBe(200);
    const body: BackgroundRunList = response.json();
    expect(body.count).toBe(4);
    expect(body.runs.map((run) => run.id)).toEqual([ids.long, ids.queued, ids.failed, ids.completed]);
    expect(body.runs.find((run) => run.id === ids.completed)).toEqual({
      id: ids.completed,
      kind: 'test-ok',
      status: 'completed',
      params: { n: 1 },
      state: { cursor: 7 },
      total: 1,
      done: 1,
      errors: 0,
      attempts: 1,
      maxAttempts: 3,
      runAfter: expect.any(String),
      createdBy: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
      failure: null,
      scheduleName: null,
      slot: null,
    });
    expect(body.runs.find((run) => run.id === ids.failed)).toMatchObject({ status: 'failed', failure: 'nope' });
  });

  it('filters by kind and status, and pages', async () => {
    expect(await list('?kind=test-wait')).toEqual([ids.long, ids.queued]);
    expect(await list('?status=failed')).toEqual([ids.failed]);
    expect(await list('?status=queued&kind=test-ok')).toEqual([]);
    expect(await list('?size=2&skip=1')).toEqual([ids.queued, ids.failed]);
    const paged: BackgroundRunList = (await get('/api/background/runs?size=1&skip=3')).json();
    expect(paged).toMatchObject({ count: 4, runs: [{ id: ids.completed }] });
  });

  it('filters by the Dublin day or instant a run was queued, both ends inclusive', async () => {
    // 22:30 UTC on 31 July is 23:30 on 31 July in Dublin (summer time): a UTC-day filter would get this wrong at the other end.
    expect(await list('?from=2026-07-31&to=2026-07-31')).toEqual([ids.failed]);
    expect(await list('?from=2026-08-01&to=2026-08-31')).toEqual([]);
    expect(await list('?to=2026-03-01')).toEqual([ids.completed]);
    expect(await list('?from=2026-09-01')).toEqual([ids.long, ids.queued]);
    expect(await list('?from=2026-09-01T10:00:00Z&to=2026-09-01T10:00:00Z')).toEqual([ids.queued]);
    expect(await list('?from=2026-07-31T23:30:00%2B01:00')).toEqual([ids.long, ids.queued, ids.failed]);
  });

  it.each([
    ['?status=done', 'status must be one of queued, running, completed, failed.'],
    ['?from=2026-02-30', 'from must be a date (yyyy-MM-dd) or an ISO date-time.'],
    ['?to=yesterday', 'to must be a date (yyyy-MM-dd) or an ISO date-time.'],
    ['?from=2026-03-02&to=2026-03-01', 'to must not be before from.'],
    ['?size=0', 'size must be at least 1.'],
    ['?size=201', 'size must be at most 200.'],
    ['?skip=-1', 'skip must be at least 0.'],
    ['?kind=', 'kind must not be empty.'],
    ['?colour=red', ''],
  ])('answers 400 for %s', async (query, message) => {
    const response = await get(`/api/background/runs${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('VALIDATION');
    if (message) expect(JSON.stringify(response.json())).toContain(message);
  });

  it('answers one run with the first page of its log, and the rest page by page', async () => {
    const response = await get(`/api/background/runs/${ids.completed}`);
    expect(response.statusCode).toBe(200);
    const details: BackgroundRunDetails = response.json();
    expect(details.run).toMatchObject({ id: ids.completed, status: 'completed' });
    expect(details.log).toEqual({
      count: 1,
      lines: [
        {
          id: expect.any(Number),
          at: expect.any(String),
          level: 'change',
          entityId: '7',
          message: 'did it',
          before: { a: 1 },
          after: { a: 2 },
        },
      ],
    });

    const long: BackgroundRunDetails = (await get(`/api/background/runs/${ids.long}`)).json();
    expect(long.log.count).toBe(250);
    expect(long.log.lines.map((line) => line.message)).toEqual(Array.from({ length: 100 }, (_, i) => `line ${i + 1}`));
    const page: BackgroundRunLogPage = (await get(`/api/background/runs/${ids.long}/log?size=100&skip=200`)).json();
    expect(page.count).toBe(250);
    expect(page.lines.map((line) => line.message)).toEqual(Array.from({ length: 50 }, (_, i) => `line ${i + 201}`));
    expect(page.lines[0]).toMatchObject({ level: 'info', entityId: null, before: null, after: null });
  });

  it('answers 404 for a run that does not exist, and 400 for an id that is not one', async () => {
    for (const url of ['/api/background/runs/999999', '/api/background/runs/999999/log']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Background run 999999 does not exist.' });
    }
    expect((await get('/api/background/runs/abc')).statusCode).toBe(400);
    expect((await get(`/api/background/runs/${ids.long}/log?size=1001`)).statusCode).toBe(400);
  });

  it('is for superadmins only (the Logs section)', async () => {
    const manager = await signInAs(t, ['MANAGER']);
    const pricing = await signInAs(t, ['PRICING']);
    for (const url of [
      '/api/background/runs',
      `/api/background/runs/${ids.completed}`,
      `/api/background/runs/${ids.completed}/log`,
    ]) {
      expect((await get(url, manager)).statusCode).toBe(403);
      expect((await get(url, pricing)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('counts with the same filters as it lists', async () => {
    const body: BackgroundRunList = (await get('/api/background/runs?status=queued&size=1')).json();
    expect(body).toMatchObject({ count: 2, runs: [{ id: ids.long }] });
  });
});
