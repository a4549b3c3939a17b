import { asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backgroundRunLog, backgroundRuns, backgroundSchedules } from '../../db/schema/index.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/test-app.ts';
import { createBackgroundRunner, type RunHandler } from './runner.ts';
import { defineSchedule, registerSchedules } from './schedules.ts';

describe('defineSchedule', () => {
  it('fills in Europe/Dublin and empty params', () => {
    expect(defineSchedule({ name: 'n', kind: 'k', rule: '0 6 * * 1-5' })).toEqual({
      name: 'n',
      kind: 'k',
      rule: '0 6 * * 1-5',
      params: {},
      timeZone: 'Europe/Dublin',
    });
  });

  it('refuses a rule it cannot read, or one that never fires, naming the schedule', () => {
    expect(() => defineSchedule({ name: 'close-periods', kind: 'k', rule: '0 6 * *' })).toThrow(
      'Schedule close-periods: A schedule rule has 5 fields',
    );
    expect(() => defineSchedule({ name: 'never', kind: 'k', rule: '0 0 31 2 *' })).toThrow(
      'Schedule never: the rule "0 0 31 2 *" never matches a date.',
    );
  });
});

describe.each(databaseKinds)('background schedules on %s', (kind) => {
  let t: TestDatabase;
  const db = () => t.database.db;
  const ticked: number[] = [];
  const tick: RunHandler = {
    async step({ run }) {
      ticked.push(run.id);
      return { state: {}, done: 1, errors: 0, finished: true };
    },
  };
  /** A runner whose clock reads `clock.now`. */
  const clock = { now: new Date('2026-01-10T09:58:00Z') };
  const runner = (handlers: Record<string, RunHandler> = { tick }) =>
    createBackgroundRunner({ db: db(), handlers, now: () => clock.now, onError: () => {} });
  const every5 = defineSchedule({ name: 'test-every-5', kind: 'tick', rule: '*/5 * * * *', params: { scope: 'all' } });
  const schedule = async (name = every5.name) => {
    const [row] = await db().select().from(backgroundSchedules).where(eq(backgroundSchedules.name, name));
    return row;
  };
  const scheduledRuns = () =>
    db().select().from(backgroundRuns).where(isNotNull(backgroundRuns.scheduleName)).orderBy(asc(backgroundRuns.id));

  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await db().delete(backgroundRuns);
    await db().delete(backgroundSchedules);
    ticked.length = 0;
    clock.now = new Date('2026-01-10T09:58:00Z');
    await registerSchedules(db(), [every5], clock.now);
  });

  it('registers a schedule due at its first slot, and keeps that slot when registered again unchanged', async () => {
    expect(await schedule()).toMatchObject({
      kind: 'tick',
      rule: '*/5 * * * *',
      timeZone: 'Europe/Dublin',
      params: { scope: 'all' },
      enabled: true,
      nextSlot: new Date('2026-01-10T10:00:00Z'),
      lastSlot: null,
    });
    await registerSchedules(db(), [every5], new Date('2026-01-10T10:03:00Z')); // a restart after the slot passed
    expect((await schedule())?.nextSlot).toEqual(new Date('2026-01-10T10:00:00Z'));
    await registerSchedules(db(), [{ ...every5, rule: '0 * * * *' }], new Date('2026-01-10T10:03:00Z'));
    expect(await schedule()).toMatchObject({ rule: '0 * * * *', nextSlot: new Date('2026-01-10T11:00:00Z') });
  });

  it('does not fire before its slot', async () => {
    clock.now = new Date('2026-01-10T09:59:59Z');
    await runner().runUntilIdle();
    expect(await scheduledRuns()).toEqual([]);
  });

  it('fires a slot once, however many runners race for it', async () => {
    clock.now = new Date('2026-01-10T10:00:30Z');
    const runners = [runner(), runner(), runner()];
    const fired = await Promise.all(runners.map((each) => each.fireSchedules()));
    expect(fired.flat()).toHaveLength(1);
    expect(await Promise.all(runners.map((each) => each.fireSchedules()))).toEqual([[], [], []]);

    const runs = await scheduledRuns();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      kind: 'tick',
      params: { scope: 'all' },
      scheduleName: 'test-every-5',
      slot: new Date('2026-01-10T10:00:00Z'),
      status: 'queued',
    });
    expect(await schedule()).toMatchObject({
      lastSlot: new Date('2026-01-10T10:00:00Z'),
      nextSlot: new Date('2026-01-10T10:05:00Z'),
    });
    await Promise.all(runners.map((each) => each.runUntilIdle()));
    expect(ticked).toEqual([runs[0]?.id]);
  });

  it('refuses a second run for the same schedule slot in the database too', async () => {
    const values = { kind: 'tick', params: {}, scheduleName: 'test-every-5', slot: new Date('2026-01-10T10:00:00Z') };
    await db().insert(backgroundRuns).values(values);
    await expect(db().insert(backgroundRuns).values(values)).rejects.toThrow();
  });

  it('after a downtime fires once, for the latest missed slot, and is next due after now', async () => {
    clock.now = new Date('2026-01-10T11:12:00Z');
    await runner().runUntilIdle();
    const runs = await scheduledRuns();
    expect(runs.map((run) => [run.slot, run.status])).toEqual([[new Date('2026-01-10T11:10:00Z'), 'completed']]);
    expect((await schedule())?.nextSlot).toEqual(new Date('2026-01-10T11:15:00Z'));
    const [line] = await db()
      .select()
      .from(backgroundRunLog)
      .where(eq(backgroundRunLog.runId, runs[0]?.id ?? 0));
    expect(line?.message).toBe(
      'Queued by schedule test-every-5 (*/5 * * * *, Europe/Dublin) for its slot at 2026-01-10T11:10:00.000Z; the slots from 2026-01-10T10:00:00.000Z on were missed while no server ran and are not run again.',
    );
  });

  it('fires slot after slot as time goes on', async () => {
    const worker = runner();
    for (const minute of ['10:00', '10:04', '10:05', '10:07', '10:10']) {
      clock.now = new Date(`2026-01-10T${minute}:00Z`);
      await worker.runUntilIdle();
    }
    expect((await scheduledRuns()).map((run) => run.slot?.toISOString())).toEqual([
      '2026-01-10T10:00:00.000Z',
      '2026-01-10T10:05:00.000Z',
      '2026-01-10T10:10:00.000Z',
    ]);
    expect(ticked).toHaveLength(3);
  });

  it('leaves a switched-off schedule, and one whose kind this runner does not run, alone', async () => {
    clock.now = new Date('2026-01-10T10:00:30Z');
    expect(await runner({ other: tick }).fireSchedules()).toEqual([]);
    await db().update(backgroundSchedules).set({ enabled: false });
    await registerSchedules(db(), [every5], clock.now); // registering again does not switch it back on
    expect(await runner().fireSchedules()).toEqual([]);
    expect(await scheduledRuns()).toEqual([]);
  });

  it('keeps firing other schedules when one holds a rule it cannot read', async () => {
    await db()
      .insert(backgroundSchedules)
      .values({ name: 'broken', kind: 'tick', rule: 'not a rule', nextSlot: new Date('2026-01-10T09:00:00Z') });
    const errors: unknown[] = [];
    clock.now = new Date('2026-01-10T10:00:30Z');
    const worker = createBackgroundRunner({
      db: db(),
      handlers: { tick },
      now: () => clock.now,
      onError: (error) => errors.push(error),
    });
    expect(await worker.fireSchedules()).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });

  it('fires a daily Irish-time slot in the hour skipped in March when the clocks have gone forward', async () => {
    const nightly = defineSchedule({ name: 'test-nightly', kind: 'tick', rule: '30 1 * * *' });
    await registerSchedules(db(), [nightly], new Date('2026-03-28T12:00:00Z'));
    expect((await schedule('test-nightly'))?.nextSlot).toEqual(new Date('2026-03-29T01:00:00Z'));
    clock.now = new Date('2026-03-29T01:00:00Z');
    await runner().fireSchedules();
    expect((await schedule('test-nightly'))?.nextSlot).toEqual(new Date('2026-03-30T00:30:00Z'));
  });
});
