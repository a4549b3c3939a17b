import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ScheduleEntry } from '@courier/domain/companies/set-call-schedule';
import {
  backgroundRunLog,
  backgroundRuns,
  backgroundSchedules,
  bookingJobs,
  bookings,
  bookingTasks,
  jobStatusEvents,
  places,
  setCalls,
  tariffs,
} from '../../../db/schema/index.ts';
import { enqueueRun } from '../../../platform/background/enqueue.ts';
import { createBackgroundRunner } from '../../../platform/background/runner.ts';
import { registerSchedules } from '../../../platform/background/schedules.ts';
import { createBookingCatalogue, type BookingCatalogue } from '../../../test/booking-factories.ts';
import { createCompany, uniqueSuffix } from '../../../test/factories.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../../test/test-app.ts';
import { SET_CALL_RUN_KIND, setCallRunHandlers } from './run-handler.ts';
import { setCallRunSchedule } from './schedule.ts';

const every = (dayOfWeek: number, hour = 9, minute = 0): ScheduleEntry => ({
  dayOfWeek,
  type: 'nth',
  options: [1, 2, 3, 4, 5],
  collectionTime: { hour, minute },
});

describe('setCallRunSchedule', () => {
  it('fires Monday to Friday at SET_CALL_RUN_TIME, 05:00 by default, and refuses a time that is not HH:mm', () => {
    expect(setCallRunSchedule({}).rule).toBe('0 5 * * 1-5');
    expect(setCallRunSchedule({ SET_CALL_RUN_TIME: '06:30' })).toMatchObject({
      kind: 'set-call-run',
      rule: '30 6 * * 1-5',
      timeZone: 'Europe/Dublin',
    });
    expect(() => setCallRunSchedule({ SET_CALL_RUN_TIME: '25:00' })).toThrow(/SET_CALL_RUN_TIME must be a time/);
  });
});

describe.each(databaseKinds)('set call bookings on %s', (kind) => {
  let t: TestDatabase;
  let catalogue: BookingCatalogue;
  let company: { id: number; accountCode: string | null };
  let placeA: string, placeB: string;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    catalogue = await createBookingCatalogue(db());
    company = await createCompany(db(), { company: { accountCode: `ACME${uniqueSuffix()}` } });
    const placeRows = await db()
      .select({ id: places.id, placeId: places.placeId })
      .from(places)
      .where(inArray(places.id, [catalogue.places.a, catalogue.places.b]))
      .orderBy(asc(places.id));
    [placeA, placeB] = placeRows.map((row) => row.placeId) as [string, string];
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await db().delete(bookings);
    await db().delete(setCalls);
    await db().delete(backgroundRuns);
    await db().delete(backgroundSchedules);
  });

  const addSetCall = async (values: Partial<typeof setCalls.$inferInsert> = {}) => {
    const [row] = await db()
      .insert(setCalls)
      .values({
        companyId: company.id,
        active: true,
        serviceId: catalogue.services.bikeStandard,
        collectionPlaceId: placeA,
        deliveryPlaceId: placeB,
        collectionPhone: '01 555 0101',
        deliveryPhone: '01 555 0202',
        schedule: [every(1), every(2), every(3), every(4), every(5)],
        ...values,
      })
      .returning({ id: setCalls.id });
    return row?.id as number;
  };
  const runner = (batchSize = 200) =>
    createBackgroundRunner({ db: db(), handlers: setCallRunHandlers({ batchSize }), onError: () => {} });
  const queue = (day: string) => db().transaction((tx) => enqueueRun(tx, { kind: SET_CALL_RUN_KIND, params: { day } }));
  const runFor = async (day: string, batchSize = 200) => {
    const run = await queue(day);
    await runner(batchSize).runUntilIdle();
    const [row] = await db().select().from(backgroundRuns).where(eq(backgroundRuns.id, run.id));
    return row!;
  };
  const logOf = async (runId: number) =>
    (
      await db()
        .select({ level: backgroundRunLog.level, message: backgroundRunLog.message })
        .from(backgroundRunLog)
        .where(eq(backgroundRunLog.runId, runId))
        .orderBy(asc(backgroundRunLog.id))
    ).map((entry) => `${entry.level}: ${entry.message}`);
  const bookingsOf = () =>
    db()
      .select({
        reference: bookings.reference,
        setCallId: bookings.setCallId,
        setCallDate: bookings.setCallDate,
        collectionTime: bookings.collectionTime,
      })
      .from(bookings)
      .orderBy(asc(bookings.reference));

  it('books a set call with its places, service, vehicle, contacts, reference, fixed price, return leg and SET_CALL tag', async () => {
    const id = await addSetCall({
      schedule: [every(1, 9, 15)],
      pricing: { charge: 45.5, driver: 20 },
      return: true,
      driver: 101,
      collectionName: 'Niamh at reception',
      deliveryName: 'Pharmacy counter',
      reference: 'PO-7781',
      notes: 'Ring the bell twice',
      goodsDescription: 'Prescriptions',
      isDocuments: true,
      numberOfPackages: 2,
      weightOfPackages: 3.5,
    });
    const run = await runFor('2026-06-08'); // a Monday
    expect(run).toMatchObject({ status: 'completed', done: 1, errors: 0 });

    const [booking] = await db().select().from(bookings).where(eq(bookings.setCallId, id));
    expect(booking).toMatchObject({
      reference: `SC${id}-20260608`,
      companyId: company.id,
      companyReferences: [{ id: 0, name: 'Reference', header: 'Reference', value: 'PO-7781' }],
      serviceId: catalogue.services.bikeStandard,
      type: 'same_day',
      vehicle: 'BIKE',
      return: true,
      setCallDate: '2026-06-08',
      status: 'confirmed',
      numberOfPackages: 2,
      weightOfPackages: 3.5,
      packageType: 'Documents',
      notes: 'Ring the bell twice',
      goodsDescription: 'Prescriptions',
      exVatPrice: 45.5,
      driverPrice: 20,
    });
    expect(booking?.collectionTime?.toISOString()).toBe('2026-06-08T08:15:00.000Z'); // 09:15 Irish summer time

    const jobs = await db().select().from(bookingJobs).where(eq(bookingJobs.bookingId, booking!.id));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      reference: `SC${id}-20260608-1`,
      status: 'confirmed',
      tags: ['SET_CALL', 'RETURN'],
      customerCharge: 45.5,
      driverPrice: 20,
      driverNumber: 101,
      tariffId: null,
      collectionPlaceId: catalogue.places.a,
      deliveryPlaceId: catalogue.places.b,
    });
    const tasks = await db()
      .select()
      .from(bookingTasks)
      .where(eq(bookingTasks.jobId, jobs[0]!.id))
      .orderBy(asc(bookingTasks.position));
    expect(
      tasks.map((task) => [task.type, task.contactName, task.contactPhone, task.driverId, task.driverPay]),
    ).toEqual([
      ['COLLECTION', 'Niamh at reception', '01 555 0101', catalogue.drivers.first, 6.67],
      ['DELIVERY', 'Pharmacy counter', '01 555 0202', catalogue.drivers.first, 6.67],
      ['RETURN_TO_BASE', 'Niamh at reception', '01 555 0101', catalogue.drivers.first, 6.66],
    ]);
    // Its tracking starts with the run that booked it, not a person or 'System' (issue 14).
    const events = await db()
      .select({
        status: jobStatusEvents.status,
        causeKind: jobStatusEvents.causeKind,
        causedBy: jobStatusEvents.causedBy,
      })
      .from(jobStatusEvents)
      .where(eq(jobStatusEvents.jobId, jobs[0]!.id));
    expect(events).toEqual([{ status: 'created', causeKind: 'system', causedBy: 'Set call run' }]);
    expect(await logOf(run.id)).toEqual([
      `change: Set call ${id}: booked SC${id}-20260608 for collection at 08/06/26 09:15, priced with its fixed price.`,
      'info: Finished 08/06/26: 1 set call bookings made, no errors.',
    ]);
  });

  it("without a fixed price it is priced by the tariff engine, the company's special tariff first", async () => {
    const id = await addSetCall({ weightOfPackages: 12 });
    await runFor('2026-06-08');
    const charge = async () =>
      (
        await db()
          .select({ charge: bookingJobs.customerCharge, tariffId: bookingJobs.tariffId, exVat: bookings.exVatPrice })
          .from(bookingJobs)
          .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId))
          .where(eq(bookings.setCallId, id))
      )[0];
    // The base DOM tariff of the test catalogue: 10.00 for any weight up to 9999 kg.
    expect(await charge()).toEqual({ charge: 10, tariffId: catalogue.tariffs.DOM, exVat: 10 });

    const [special] = await db()
      .insert(tariffs)
      .values({
        account: company.accountCode,
        service: 'DOM',
        zone: 'IRELAND',
        tariffCodeId: catalogue.tariffCodes.DOM,
        // 15.00 covers 10 kg, then 2.25 per started 1 kg: 12 kg is 19.50.
        pricing: [{ upTo: 50, basic: 15, basicPer: 10, then: 2.25, thenPer: 1 }],
      })
      .returning({ id: tariffs.id });
    try {
      await runFor('2026-06-09');
      const tuesday = await db()
        .select({ charge: bookingJobs.customerCharge, tariffId: bookingJobs.tariffId })
        .from(bookingJobs)
        .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId))
        .where(eq(bookings.reference, `SC${id}-20260609`));
      expect(tuesday).toEqual([{ charge: 19.5, tariffId: special!.id }]);
    } finally {
      await db().delete(tariffs).where(eq(tariffs.id, special!.id));
    }
  });

  it('the same day run twice, or by two runners at once, makes one booking per set call', async () => {
    const ids = [await addSetCall(), await addSetCall(), await addSetCall()];
    const first = await runFor('2026-06-10');
    const again = await runFor('2026-06-10');
    expect(await bookingsOf()).toHaveLength(3);
    expect(first).toMatchObject({ status: 'completed', done: 3 });
    expect((await logOf(again.id)).at(-1)).toBe(
      'info: Finished 10/06/26: 0 set call bookings made, 3 already booked, no errors.',
    );

    // Two servers: two runs of one day, taken by two runners at the same time.
    await queue('2026-06-11');
    await queue('2026-06-11');
    await Promise.all([runner(1).runUntilIdle(), runner(1).runUntilIdle()]);
    const made = await bookingsOf();
    const byId = (a: number | null, b: number | null) => (a ?? 0) - (b ?? 0);
    expect(
      made
        .filter((row) => row.setCallDate === '2026-06-11')
        .map((row) => row.setCallId)
        .sort(byId),
    ).toEqual([...ids].sort(byId));
    expect(made).toHaveLength(6);
  });

  it("on St Patrick's Day nothing is booked; the next day a set call that pushes holidays is, one that does not is skipped", async () => {
    const pushed = await addSetCall({ pushHolidays: true, schedule: [every(2, 10, 30)] });
    const skipped = await addSetCall({ pushHolidays: false, schedule: [every(2, 10, 30)] });
    const holiday = await runFor('2026-03-17'); // Tuesday
    expect(await bookingsOf()).toEqual([]);
    expect(await logOf(holiday.id)).toEqual([
      "info: 17/03/26 is St Patrick's Day: no set calls run. Those that push holidays are booked on the next working day.",
    ]);

    const next = await runFor('2026-03-18');
    const made = await bookingsOf();
    expect(made).toEqual([
      {
        reference: `SC${pushed}-20260317`,
        setCallId: pushed,
        setCallDate: '2026-03-17',
        collectionTime: new Date('2026-03-18T10:30:00.000Z'),
      },
    ]);
    expect(made.some((row) => row.setCallId === skipped)).toBe(false);
    const [job] = await db()
      .select({ internalNotes: bookingJobs.internalNotes })
      .from(bookingJobs)
      .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId))
      .where(eq(bookings.setCallId, pushed));
    expect(job?.internalNotes).toBe(`Set call ${pushed}: moved from St Patrick's Day (17/03/26).`);
    expect(await logOf(next.id)).toContain(
      `change: Set call ${pushed}: booked SC${pushed}-20260317 for collection at 18/03/26 10:30 (moved from St Patrick's Day), priced with tariff ${catalogue.tariffs.DOM} for 0 kg.`,
    );
  });

  it('an inactive set call makes nothing, and one that cannot be booked is logged as an error without stopping the others', async () => {
    await addSetCall({ active: false });
    const noService = await addSetCall({ serviceId: null });
    const fine = await addSetCall();
    const run = await runFor('2026-06-12');
    expect((await bookingsOf()).map((row) => row.setCallId)).toEqual([fine]);
    expect(run).toMatchObject({ status: 'completed', done: 2, errors: 1 });
    expect(await logOf(run.id)).toContain(
      `error: Set call ${noService}: not booked for 12/06/26, it has no service: choose one in its details.`,
    );
  });

  it('commits each batch: a run stopped after its first step keeps that batch, and the rerun books the rest once', async () => {
    for (let n = 0; n < 5; n++) await addSetCall();
    const run = await queue('2026-06-15');
    await runner(2).runUntilIdle({ stepLimit: 1 }); // as if the server died after one step
    expect(await bookingsOf()).toHaveLength(2);
    await db()
      .update(backgroundRuns)
      .set({ leaseUntil: new Date(0) })
      .where(eq(backgroundRuns.id, run.id));
    await runner(2).runUntilIdle();
    expect(await bookingsOf()).toHaveLength(5);
    const [row] = await db().select().from(backgroundRuns).where(eq(backgroundRuns.id, run.id));
    expect(row).toMatchObject({ status: 'completed', done: 5, errors: 0 });
  });

  it("the schedule fires on a working day's slot and books that Dublin day", async () => {
    const id = await addSetCall({ schedule: [every(1, 7, 0)] });
    await registerSchedules(db(), [setCallRunSchedule({})], new Date('2026-06-07T12:00:00Z'));
    const clock = { now: new Date('2026-06-08T04:00:30Z') }; // 05:00:30 Irish summer time, Monday
    await createBackgroundRunner({
      db: db(),
      handlers: setCallRunHandlers(),
      now: () => clock.now,
      onError: () => {},
    }).runUntilIdle();
    expect(await bookingsOf()).toEqual([
      {
        reference: `SC${id}-20260608`,
        setCallId: id,
        setCallDate: '2026-06-08',
        collectionTime: new Date('2026-06-08T06:00:00.000Z'),
      },
    ]);
  });
});
