import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundRun, BackgroundRunDetails, BackgroundRunList } from '@courier/domain/background/schemas';
import { loadConfig } from '../../config.ts';
import { auditLog, backgroundRuns } from '../../db/schema/index.ts';
import { enqueueRun } from '../../platform/background/enqueue.ts';
import { createBackgroundRunner, type RunHandler } from '../../platform/background/runner.ts';
import { bearer, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

// The queue-log screens' API (issue 14): the Admin and Dispatch queues, text search, retrying a
// failed run from where it stopped, superadmins only.

describe.each(databaseKinds)('queue log on %s', (kind) => {
  let t: TestApp;
  let superadmin: string;
  const ids = { setCalls: 0, statusSms: 0, increase: 0, unlisted: 0, steps: 0 };
  /** Each step the 'test-steps' handler took, by the cursor it started from. */
  const stepsTaken: number[] = [];
  let brokenAtCursor: number | null = 2;

  // Four steps, one item each; while broken it throws on reaching `brokenAtCursor`.
  const steps: RunHandler = {
    async step({ run }) {
      const cursor = Number(run.state.cursor ?? 0);
      if (cursor === brokenAtCursor) throw new Error('The SMS provider did not answer');
      stepsTaken.push(cursor);
      return { state: { cursor: cursor + 1 }, done: 1, errors: 0, finished: cursor + 1 === 4 };
    },
  };
  const runner = () =>
    createBackgroundRunner({ db: t.db, handlers: { 'test-steps': steps }, onError: () => {} }).runUntilIdle();
  const queue = (values: Parameters<typeof enqueueRun>[1]) => t.db.transaction((tx) => enqueueRun(tx, values));

  beforeAll(async () => {
    t = await createTestApp(kind);
    superadmin = await signInAs(t, ['SUPERADMIN']);
    ids.setCalls = (await queue({ kind: 'set-call-run', params: { day: '2026-03-02' } })).id;
    ids.statusSms = (await queue({ kind: 'status-sms', params: { to: '+353 87 123 4567' } })).id;
    ids.increase = (await queue({ kind: 'price-increase', params: { percentIncrease: 5, note: '100%_sure' } })).id;
    ids.unlisted = (await queue({ kind: 'nightly-clean-up', params: {} })).id;
    ids.steps = (
      await queue({ kind: 'test-steps', params: { customer: 'Murphy Logistics' }, total: 4, maxAttempts: 1 })
    ).id;
    await runner();
  });
  afterAll(() => t?.close());

  const request = (method: 'GET' | 'POST', url: string, token = superadmin) =>
    t.app.inject({ method, url, headers: bearer(token) });
  const list = async (query: string): Promise<number[]> => {
    const response = await request('GET', `/api/background/runs${query}`);
    expect(response.statusCode).toBe(200);
    return (response.json() as BackgroundRunList).runs.map((run) => run.id);
  };

  it('lists the Dispatch queue apart from the Admin queue, where every other kind lands', async () => {
    expect(await list('?group=dispatch')).toEqual([ids.statusSms, ids.setCalls]);
    expect(await list('?group=admin')).toEqual([ids.steps, ids.unlisted, ids.increase]);
    expect(await list('?group=admin&kind=set-call-run')).toEqual([]);
    const counted: BackgroundRunList = (await request('GET', '/api/background/runs?group=dispatch&size=1')).json();
    expect(counted.count).toBe(2);
  });

  it('finds runs by words in their number, kind, kind as staff read it, failure and parameters', async () => {
    expect(await list('?text=murphy')).toEqual([ids.steps]);
    expect(await list('?text=provider%20answer')).toEqual([ids.steps]);
    expect(await list('?text=set%20call')).toEqual([ids.setCalls]);
    expect(await list('?text=STATUS-SMS')).toEqual([ids.statusSms]);
    expect(await list(`?text=${ids.unlisted}`)).toContain(ids.unlisted);
    expect(await list('?text=price&group=dispatch')).toEqual([]);
  });

  it('takes % and _ in the text as themselves, not as wildcards', async () => {
    expect(await list('?text=100%25_sure')).toEqual([ids.increase]);
    expect(await list('?text=%25')).toEqual([ids.increase]);
    expect(await list('?text=_')).toEqual([ids.increase]);
  });

  it.each([
    ['?group=ops', 'group must be one of admin, dispatch.'],
    [`?text=${'x'.repeat(201)}`, 'text must be at most 200 characters.'],
  ])('answers 400 for %s', async (query, message) => {
    const response = await request('GET', `/api/background/runs${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION' });
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('retries a failed run from its last committed step, not from the start', async () => {
    const [failed] = await t.db.select().from(backgroundRuns).where(eq(backgroundRuns.id, ids.steps));
    expect(failed).toMatchObject({ status: 'failed', done: 2, state: { cursor: 2 }, attempts: 1 });
    expect(stepsTaken).toEqual([0, 1]);

    const response = await request('POST', `/api/background/runs/${ids.steps}/retry`);
    expect(response.statusCode).toBe(200);
    const queued: BackgroundRun = response.json();
    expect(queued).toMatchObject({
      id: ids.steps,
      status: 'queued',
      attempts: 0,
      failure: null,
      finishedAt: null,
      done: 2,
      state: { cursor: 2 },
    });

    brokenAtCursor = null;
    await runner();
    expect(stepsTaken).toEqual([0, 1, 2, 3]);
    const details: BackgroundRunDetails = (await request('GET', `/api/background/runs/${ids.steps}`)).json();
    expect(details.run).toMatchObject({ status: 'completed', done: 4, total: 4, attempts: 1, failure: null });
    expect(details.log.lines.map((line) => line.message)).toContain(
      'Retried after it failed (The SMS provider did not answer): queued again from where it stopped, 2 of 4 done.',
    );
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'background_run'), eq(auditLog.entityId, String(ids.steps))));
    expect(audit).toMatchObject([{ action: 'retry', before: { status: 'failed' }, after: { status: 'queued' } }]);
  });

  it('answers 409 for a run that has not failed, 404 for none, 400 for an id that is not one', async () => {
    for (const id of [ids.steps, ids.setCalls]) {
      const response = await request('POST', `/api/background/runs/${id}/retry`);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe('STATE_CONFLICT');
      expect(response.json().message).toMatch(/only a failed run can be retried/);
    }
    const [setCalls] = await t.db.select().from(backgroundRuns).where(eq(backgroundRuns.id, ids.setCalls));
    expect(setCalls?.status).toBe('queued');
    const missing = await request('POST', '/api/background/runs/2147483647/retry');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'NOT_FOUND', message: 'Background run 2147483647 does not exist.' });
    for (const id of ['0', 'abc', '2147483648']) {
      expect((await request('POST', `/api/background/runs/${id}/retry`)).statusCode).toBe(400);
    }
  });

  it('names no external log page unless configured', async () => {
    const response = await request('GET', '/api/background/queue-log-pages');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ admin: null, dispatch: null });
  });

  it('refuses every queue-log route to managers and below, and asks for sign-in without a session', async () => {
    const tokens = await Promise.all(
      (['MANAGER', 'PRICING', 'ACCOUNTS', 'DISPATCHER', 'TELEPHONIST', 'DRIVER', 'CUSTOMER'] as const).map((role) =>
        signInAs(t, [role]),
      ),
    );
    const routes: ['GET' | 'POST', string][] = [
      ['GET', '/api/background/runs?group=admin'],
      ['GET', `/api/background/runs/${ids.increase}`],
      ['GET', `/api/background/runs/${ids.increase}/log`],
      ['POST', `/api/background/runs/${ids.increase}/retry`],
      ['GET', '/api/background/queue-log-pages'],
    ];
    for (const [method, url] of routes) {
      for (const token of tokens) expect((await request(method, url, token)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});

describe.each(databaseKinds)('external queue-log pages on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        QUEUE_LOG_ADMIN_URL: 'https://queues.example.ie/admin',
        QUEUE_LOG_DISPATCH_URL: 'https://dispatch-queues.example.ie/board?tab=1',
      },
    });
  });
  afterAll(() => t?.close());

  it('gives superadmins the page each tab frames, and lets the browser frame them', async () => {
    const token = await signInAs(t, ['SUPERADMIN']);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/background/queue-log-pages',
      headers: bearer(token),
    });
    expect(response.json()).toEqual({
      admin: 'https://queues.example.ie/admin',
      dispatch: 'https://dispatch-queues.example.ie/board?tab=1',
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self' https://queues.example.ie https://dispatch-queues.example.ie;");
  });

  it('refuses an address that is not http or https at start', () => {
    for (const [name, value] of [
      ['QUEUE_LOG_ADMIN_URL', 'javascript:alert(1)'],
      ['QUEUE_LOG_DISPATCH_URL', 'queues.example.ie'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(`${name} must be an http or https address, got "${value}"`);
    }
  });
});
