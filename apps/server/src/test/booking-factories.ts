import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  bookingJobs,
  bookings,
  bookingTasks,
  carriers,
  drivers,
  jobPriceAdjustments,
  places,
  services,
  tariffCodes,
  tariffs,
  zones,
} from '../db/schema/index.ts';
import { uniqueSuffix } from './factories.ts';

/** The reference data bookings point at: a few services, carriers, tariff codes, drivers and places. */
export interface BookingCatalogue {
  services: { bikeStandard: number; vanPriority: number; overnight: number; international: number };
  carriers: { dpd: number; ups: number };
  tariffCodes: { DOM: number; INT: number; CANC: number };
  /** Base tariffs by service: DOM and INT under their codes, the CANC charge under DOM (spec 2 §3). */
  tariffs: { DOM: number; INT: number; CANC: number };
  drivers: { first: number; second: number };
  places: { a: number; b: number; c: number };
}

export async function createBookingCatalogue(db: Db): Promise<BookingCatalogue> {
  const suffix = uniqueSuffix();
  const serviceRows = await db
    .insert(services)
    .values([
      { name: 'Motorbike Standard', type: 'BIKE', service: 'STANDARD', serviceCode: `MS${suffix}` },
      { name: 'Van Priority', type: 'VAN', service: 'PRIORITY', serviceCode: `VP${suffix}` },
      { name: 'Overnight Parcel', type: 'VAN', service: 'OVERNIGHT', serviceCode: `ON${suffix}` },
      { name: 'International Parcel', type: 'VAN', service: 'INTERNATIONAL', serviceCode: `OS${suffix}` },
    ])
    .returning({ id: services.id });
  const carrierRows = await db
    .insert(carriers)
    .values([
      { code: `DPD${suffix}`, name: 'DPD Ireland' },
      { code: `UPS${suffix}`, name: 'UPS' },
    ])
    .returning({ id: carriers.id });
  const codeRows = await db
    .insert(tariffCodes)
    .values([
      { code: 'DOM', name: 'Domestic Overnight' },
      { code: 'INT', name: 'International' },
      { code: 'CANC', name: 'Cancelled' },
    ])
    .onConflictDoNothing()
    .returning({ id: tariffCodes.id, code: tariffCodes.code });
  const codeId = async (code: string) =>
    (await db.select({ id: tariffCodes.id }).from(tariffCodes).where(eq(tariffCodes.code, code)))[0]?.id as number;
  await db
    .insert(zones)
    .values({ name: 'IRELAND', countries: ['IE'] })
    .onConflictDoNothing();
  const serviceTariffs = [
    { service: 'DOM', code: 'DOM' },
    { service: 'INT', code: 'INT' },
    { service: 'CANC', code: 'DOM' },
  ] as const;
  const tariffIds: Record<string, number> = {};
  for (const { service, code } of serviceTariffs) {
    const tariffCodeId = await codeId(code);
    const level = { upTo: 9999, basic: 10, basicPer: 9999, then: 0, thenPer: 0 };
    await db
      .insert(tariffs)
      .values({ service, zone: 'IRELAND', tariffCodeId, pricing: [level] })
      .onConflictDoNothing();
    const [row] = await db
      .select({ id: tariffs.id })
      .from(tariffs)
      .where(
        and(
          eq(tariffs.service, service),
          eq(tariffs.tariffCodeId, tariffCodeId),
          eq(tariffs.zone, 'IRELAND'),
          isNull(tariffs.account),
          isNull(tariffs.carrierId),
        ),
      );
    tariffIds[service] = row?.id as number;
  }
  const driverRows = await db
    .insert(drivers)
    .values([
      { driverNumber: 101, firstName: 'Seán', lastName: 'Murphy', email: `d101.${suffix}@test.ie`, vehicle: 'bike' },
      { driverNumber: 102, firstName: 'Aoife', lastName: 'Byrne', email: `d102.${suffix}@test.ie`, vehicle: 'van' },
    ])
    .returning({ id: drivers.id });
  const placeRows = await db
    .insert(places)
    .values([
      {
        placeId: `pl_a_${suffix}`,
        name: 'Liffey Pharmacy',
        addressLineOne: '12 Abbey Street',
        city: 'Dublin 1',
        postCode: 'D01 X2Y3',
      },
      {
        placeId: `pl_b_${suffix}`,
        name: 'Docklands Office',
        addressLineOne: '3 Grand Canal Quay',
        city: 'Dublin 2',
        postCode: 'D02 A1B2',
      },
      { placeId: `pl_c_${suffix}`, name: 'Cork Depot', addressLineOne: '8 Marina', city: 'Cork', postCode: 'T12 K7P4' },
    ])
    .returning({ id: places.id });
  const code = (name: string) => codeRows.find((row) => row.code === name)?.id as number;
  const id = (rows: { id: number }[], index: number) => rows[index]?.id as number;
  return {
    services: {
      bikeStandard: id(serviceRows, 0),
      vanPriority: id(serviceRows, 1),
      overnight: id(serviceRows, 2),
      international: id(serviceRows, 3),
    },
    carriers: { dpd: id(carrierRows, 0), ups: id(carrierRows, 1) },
    tariffCodes: { DOM: code('DOM'), INT: code('INT'), CANC: code('CANC') },
    tariffs: { DOM: tariffIds.DOM as number, INT: tariffIds.INT as number, CANC: tariffIds.CANC as number },
    drivers: { first: id(driverRows, 0), second: id(driverRows, 1) },
    places: { a: id(placeRows, 0), b: id(placeRows, 1), c: id(placeRows, 2) },
  };
}

export type BookingValues = Omit<
  typeof bookings.$inferInsert,
  'reference' | 'companyId' | 'serviceId' | 'type' | 'status'
> &
  Pick<typeof bookings.$inferInsert, 'reference' | 'companyId' | 'serviceId' | 'type' | 'status'>;
export type JobValues = Partial<Omit<typeof bookingJobs.$inferInsert, 'bookingId'>> & {
  tasks?: Partial<Omit<typeof bookingTasks.$inferInsert, 'jobId'>>[];
  adjustments?: Partial<Omit<typeof jobPriceAdjustments.$inferInsert, 'jobId'>>[];
};

/** One booking with its jobs, their tasks and price adjustments; job references default to `{reference}-{n}`. */
export async function createBooking(
  db: Db,
  values: { booking: BookingValues; jobs?: JobValues[] },
): Promise<{ id: number; jobIds: number[] }> {
  return db.transaction(async (tx) => {
    const [booking] = await tx.insert(bookings).values(values.booking).returning({ id: bookings.id });
    if (!booking) throw new Error('The booking was not created.');
    const jobIds: number[] = [];
    for (const [index, job] of (values.jobs ?? [{}]).entries()) {
      const { tasks = [], adjustments = [], ...jobValues } = job;
      const [row] = await tx
        .insert(bookingJobs)
        .values({
          reference: `${values.booking.reference}-${index + 1}`,
          status: values.booking.status,
          ...jobValues,
          bookingId: booking.id,
        })
        .returning({ id: bookingJobs.id });
      if (!row) throw new Error('The job was not created.');
      jobIds.push(row.id);
      for (const [position, task] of tasks.entries()) {
        await tx.insert(bookingTasks).values({
          reference: `${values.booking.reference}-${index + 1}-T${position + 1}`,
          type: 'COLLECTION',
          status: 'COMPLETED',
          position,
          ...task,
          jobId: row.id,
        });
      }
      for (const adjustment of adjustments)
        await tx.insert(jobPriceAdjustments).values({ type: 'ADMIN_FEE', ...adjustment, jobId: row.id });
    }
    return { id: booking.id, jobIds };
  });
}
