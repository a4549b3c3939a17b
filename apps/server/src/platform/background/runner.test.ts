import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { backgroundRunLog, backgroundRuns } from '../../db/schema/index.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/test-app.ts';
import { enqueueRun } from './enqueue.ts';
import { backoffDelayMs, createBackgroundRunner, createRunnerLanes, type RunHandler } from './runner.ts';

describe('backoffDelayMs', () => {
  it('doubles from 5 s and stops at 15 minutes', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelayMs(attempt))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffDelayMs(20)).toBe(15 * 60_000);
    expect(backoffDelayMs(3, { firstMs: 100, maxMs: 250 })).toBe(250);
  });
});

describe.each(databaseKinds)('background runs on %s', (kind) => {
  let t: TestDatabase;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    // The work a test handler does: one row per (run, item), so committing an item twice fails loudly.
    await db().execute(
      sql`create table test_work (run_id integer not null, item integer not null, primary key (run_id, item))`,
    );
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await db().delete(backgroundRuns);
    await db().execute(sql`delete from test_work`);
  });

  const runner = (handlers: Record<string, RunHandler>) =>
    createBackgroundRunner({ db: db(), handlers, onError: () => {} });
  const enqueue = (kind: string, options: { maxAttempts?: number } = {}) =>
    db().transaction((tx) => enqueueRun(tx, { kind, params: {}, ...options }));
  const row = async (id: number) => {
    const [found] = await db().select().from(backgroundRuns).where(eq(backgroundRuns.id, id));
    if (!found) throw new Error(`run ${id} is gone`);
    return found;
  };
  const log = (id: number) =>
    db().select().from(backgroundRunLog).where(eq(backgroundRunLog.runId, id)).orderBy(asc(backgroundRunLog.id));
  /** Seconds from the database's now to the run's run_after: the back-off it was given. */
  const waitSeconds = async (id: number) =>
    Number(
      rowsOf<{ s: number }>(
        await db().execute(
          sql`select extract(epoch from run_after - now())::float8 as s from background_runs where id = ${id}`,
        ),
      )[0]?.s,
    );
  /** Moves time on for a waiting run instead of sleeping through its back-off. */
  const due = (id: number) =>
    db()
      .update(backgroundRuns)
      .set({ runAfter: sql`now()` })
      .where(eq(backgroundRuns.id, id));

  /** Counts to `items` one item a step, recording each item in test_work in the step's transaction. */
  const counter = (items: number, calls: number[] = []): RunHandler => ({
    async step({ tx, run, log: write }) {
      calls.push(run.id);
      const item = Number(run.state.item ?? 0) + 1;
      await tx.execute(sql`insert into test_work (run_id, item) values (${run.id}, ${item})`);
      await write([{ level: 'change', entityId: String(item), message: `item ${item}` }]);
      return { state: { item }, done: 1, errors: 0, finished: item >= items };
    },
  });

  describe('retries', () => {
    it('a step failing twice is retried with a growing back-off and completes at attempt 3', async () => {
      let calls = 0;
      const flaky: RunHandler = {
        async step() {
          if (++calls <= 2) throw new Error(`flake ${calls}`);
          return { state: {}, done: 1, errors: 0, finished: true };
        },
      };
      const run = await enqueue('flaky');
      const worker = runner({ flaky });

      await worker.runUntilIdle();
      expect(await row(run.id)).toMatchObject({ status: 'queued', attempts: 1, leaseOwner: null });
      const first = await waitSeconds(run.id);
      expect(first).toBeGreaterThan(4);
      expect(first).toBeLessThanOrEqual(5);
      await worker.runUntilIdle(); // the back-off has not passed: nothing to do
      expect(calls).toBe(1);

      await due(run.id);
      await worker.runUntilIdle();
      expect(await row(run.id)).toMatchObject({ status: 'queued', attempts: 2 });
      const second = await waitSeconds(run.id);
      expect(second).toBeGreaterThan(9);
      expect(second).toBeLessThanOrEqual(10);

      await due(run.id);
      await worker.runUntilIdle();
      expect(await row(run.id)).toMatchObject({ status: 'completed', attempts: 3, done: 1, failure: null });
      const errors = (await log(run.id)).filter((line) => line.level === 'error').map((line) => line.message);
      expect(errors).toEqual([
        'Attempt 1 of 3 failed: flake 1. Trying again in 5 s; work committed before this point stays done.',
        'Attempt 2 of 3 failed: flake 2. Trying again in 10 s; work committed before this point stays done.',
      ]);
    });

    it('a step that always fails ends the run failed after max attempts, keeping committed work', async () => {
      const inner = counter(10);
      let steps = 0;
      const broken: RunHandler = {
        backoff: { firstMs: 1_000, maxMs: 60_000 },
        async step(context) {
          // The first two steps commit, every later one fails.
          if (++steps > 2) throw new Error('the disk is full');
          return inner.step(context);
        },
      };
      const run = await enqueue('broken', { maxAttempts: 4 });
      const worker = runner({ broken });
      const waits: number[] = [];
      for (let attempt = 1; attempt <= 4; attempt++) {
        await worker.runUntilIdle();
        if (attempt < 4) {
          waits.push(await waitSeconds(run.id));
          await due(run.id);
        }
      }
      expect(waits.map(Math.ceil)).toEqual([1, 2, 4]);
      expect(await row(run.id)).toMatchObject({
        status: 'failed',
        attempts: 4,
        failure: 'the disk is full',
        state: { item: 2 },
        done: 2,
      });
      const lines = await log(run.id);
      expect(lines.filter((line) => line.level === 'error')).toHaveLength(4);
      expect(lines.at(-1)?.message).toBe(
        'The run stopped: the disk is full. Work committed before this point stays done.',
      );
      expect(
        rowsOf(await db().execute(sql`select item from test_work where run_id = ${run.id} order by item`)),
      ).toEqual([{ item: 1 }, { item: 2 }]);
    });

    it('a clean stop gives the attempt back', async () => {
      const run = await enqueue('slow');
      let release: () => void = () => {};
      const started = new Promise<void>((resolve) => (release = resolve));
      const slow: RunHandler = {
        async step({ run: current }) {
          release();
          await new Promise((resolve) => setTimeout(resolve, 50));
          return { state: { n: Number(current.state.n ?? 0) + 1 }, done: 1, errors: 0, finished: false };
        },
      };
      const worker = createBackgroundRunner({ db: db(), handlers: { slow }, pollMs: 10, onError: () => {} });
      worker.start();
      await started;
      await worker.stop();
      expect(await row(run.id)).toMatchObject({ status: 'queued', attempts: 0, leaseOwner: null });
    });
  });

  it('a crashed run resumes after its lease lapses, from its last committed step, repeating none', async () => {
    const calls: number[] = [];
    const run = await enqueue('count');
    // The first runner dies after 2 committed steps (no hand-back, its lease still held).
    await createBackgroundRunner({ db: db(), handlers: { count: counter(5, calls) }, onError: () => {} }).runUntilIdle({
      stepLimit: 2,
    });
    expect(await row(run.id)).toMatchObject({ status: 'running', state: { item: 2 }, done: 2 });

    // Another runner cannot take it while the lease holds...
    const second = runner({ count: counter(5, calls) });
    await second.runUntilIdle();
    expect(calls).toHaveLength(2);
    // ...and takes it over once the lease has lapsed.
    await db()
      .update(backgroundRuns)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(backgroundRuns.id, run.id));
    await second.runUntilIdle();
    expect(await row(run.id)).toMatchObject({ status: 'completed', state: { item: 5 }, done: 5, attempts: 2 });
    expect((await log(run.id)).map((line) => line.entityId)).toEqual(['1', '2', '3', '4', '5']);
    expect(calls).toHaveLength(5);
  });

  // PGlite is one in-process connection: two runners there would take turns, not race. On a real
  // PostgreSQL each runner's transactions take their own pool connections and do race.
  it.runIf(kind === 'postgres')('two runners on one PostgreSQL share a queue and do no run twice', async () => {
    const executedBy: [number[], number[]] = [[], []];
    const record = (executed: number[]): RunHandler => ({
      async step({ tx, run }) {
        executed.push(run.id);
        await tx.execute(sql`insert into test_work (run_id, item) values (${run.id}, 1)`);
        await new Promise((resolve) => setTimeout(resolve, 2)); // hold the run a moment, so the runners interleave
        return { state: {}, done: 1, errors: 0, finished: true };
      },
    });
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) ids.push((await enqueue('record')).id);
    await Promise.all(executedBy.map((executed) => runner({ record: record(executed) }).runUntilIdle()));

    expect(executedBy.flat().sort((a, b) => a - b)).toEqual(ids); // each run exactly once
    expect(executedBy[0].length).toBeGreaterThan(0); // and both runners took part
    expect(executedBy[1].length).toBeGreaterThan(0);
    const runs = await db().select().from(backgroundRuns);
    expect(runs.every((run) => run.status === 'completed' && run.attempts === 1)).toBe(true);
    expect(rowsOf(await db().execute(sql`select count(*)::int as n from test_work`))).toEqual([{ n: 50 }]);
  });
  it('a kind in a lane of its own is worked while a long run of another kind is still going', async () => {
    // Two hundred short steps: long work, as a finalise of a thousand periods is.
    const slow: RunHandler = {
      async step({ run }) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const item = Number(run.state.item ?? 0) + 1;
        return { state: { item }, done: 1, errors: 0, finished: item >= 200 };
      },
    };
    const long = await enqueue('slow');
    const message = await enqueue('message');
    const runners = createRunnerLanes({
      db: db(),
      handlers: { slow, message: counter(1) },
      lanes: [['message']],
      pollMs: 20,
      onError: () => {},
    });
    expect(runners).toHaveLength(2);
    for (const started of runners) started.start();
    try {
      await expect.poll(async () => (await row(message.id)).status, { timeout: 10_000 }).toBe('completed');
      const meanwhile = await row(long.id);
      expect(meanwhile.status).toBe('running');
      expect(meanwhile.done).toBeLessThan(200);
    } finally {
      await Promise.all(runners.map((started) => started.stop()));
    }
  });
});
