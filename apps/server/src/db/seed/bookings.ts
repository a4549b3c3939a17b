import { asc, inArray, isNull, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { toIsoDay } from '@courier/domain/common/dates';
import { toCents, toEuro, type Cents } from '@courier/domain/common/money';
import type { CompanyReferenceValue, JobWindows } from '@courier/domain/bookings/schemas';
import { rowsOf, type DbOrTx } from '../client.ts';
import {
  bookingJobs,
  bookings,
  bookingTasks,
  carriers,
  companies,
  companyReferences,
  companyUsers,
  drivers,
  jobPriceAdjustments,
  jobStatusEvents,
  places,
  services,
  setCalls,
  tariffCodes,
  tariffs,
  users,
} from '../schema/index.ts';
import { personName } from './companies.ts';
import { Random } from './random.ts';
import { keepInThePast } from './booking-times.ts';
import { addDemoJobEvents, linkDemoSetCalls, type DemoEventNames, type DemoEventRow } from './demo-job-events.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export const DEMO_BOOKING_DAYS = 182;

/** Same-day vehicles: the service's vehicle type → the booking filter's vehicle word and a price band. */
const SAME_DAY_VEHICLES: Record<string, { vehicles: string[]; base: [number, number]; perKm: number }> = {
  PUSH_BIKE: { vehicles: ['PUSHBIKE'], base: [7, 12], perKm: 0.9 },
  BIKE: { vehicles: ['BIKE'], base: [9, 16], perKm: 1.1 },
  TOP_BOX_BIKE: { vehicles: ['TOP-BOX-BIKE'], base: [10, 18], perKm: 1.2 },
  CARGO_BIKE: { vehicles: ['CARGO-BIKE'], base: [14, 24], perKm: 1.3 },
  CARGO_BIKE_MAX: { vehicles: ['CARGO-BIKE-MAX'], base: [18, 30], perKm: 1.5 },
  VAN: { vehicles: ['SMALL-VAN', 'LARGE-VAN'], base: [35, 70], perKm: 1.9 },
};
const LEVEL_FACTOR: Record<string, number> = { STANDARD: 1, PRIORITY: 1.45, ECONOMY: 0.8 };

const SAME_DAY_REVIEW_REASONS = [
  'Waiting time claimed by driver',
  'Price overridden at booking',
  'Delivery address changed after collection',
  'Vehicle changed by dispatch',
  'Second drop added by customer',
  null,
] as const;
const CARRIER_REVIEW_REASONS = [
  'Carrier invoice differs from the quote',
  'Weight re-measured by the carrier',
  'Customs charge added by the carrier',
  'Remote area surcharge from the carrier',
  null,
] as const;
const GOODS = [
  'Documents',
  'Legal papers',
  'Medical samples',
  'Spare parts',
  'Printed matter',
  'Laptop',
  'Flowers',
  'Catering supplies',
  'Keys',
  'Architectural drawings',
  'Pharmacy order',
  'Samples',
] as const;
const PACKAGE_TYPES = ['Envelope', 'Parcel', 'Box', 'Tube', 'Pallet'] as const;
const PACKAGE_SIZES = ['Small', 'Medium', 'Large'] as const;
const NOTES = [
  '',
  '',
  '',
  'Ring reception on arrival',
  'Fragile: keep upright',
  'Leave with security if closed',
  'Call customer 10 minutes before',
  'Signature required',
  'Side entrance, blue door',
] as const;
const INTERNAL_NOTES = [
  '',
  '',
  '',
  '',
  'Customer called to confirm',
  'Driver reported long wait at collection',
  'Re-delivery arranged by phone',
  'Price agreed with accounts',
] as const;
const EXTRAS = [
  { name: 'Tail lift', cost: 10, charge: 25 },
  { name: 'Charge point', cost: 4, charge: 9.5 },
  { name: 'Two-person lift', cost: 20, charge: 45 },
  { name: 'Out of hours', cost: 8, charge: 18 },
] as const;
const ADJUSTMENTS = [
  { type: 'REMOTE_AREA', cost: [5, 15], charge: [8, 22], text: 'Remote area delivery' },
  { type: 'ADDRESS_CORRECTION', cost: [0, 0], charge: [6, 12], text: 'Address corrected after booking' },
  { type: 'ADMIN_FEE', cost: [0, 0], charge: [3, 8], text: 'Administration fee' },
  { type: 'TOLL', cost: [2, 4], charge: [3, 6], text: 'Port tunnel toll' },
  { type: 'WAITING_TIME_FEE', cost: [5, 12], charge: [8, 20], text: 'Waiting time at collection' },
  { type: 'CUSTOMS_ADMIN_FEE', cost: [4, 10], charge: [10, 25], text: 'Customs clearance' },
] as const;

/** Booking status by age: old bookings are settled, today's are still moving (spec 2 §4 values). */
function statusFor(random: Random, ageDays: number): (typeof bookings.$inferInsert)['status'] {
  const roll = random.next();
  if (ageDays < 1) {
    if (roll < 0.05) return 'quote';
    if (roll < 0.3) return 'confirmed';
    if (roll < 0.55) return 'in_progress';
    if (roll < 0.75) return 'out_for_delivery';
    if (roll < 0.95) return 'delivered';
    return 'cancelled';
  }
  if (roll < 0.86) return 'delivered';
  if (roll < 0.93) return 'cancelled';
  if (roll < 0.97) return 'failed';
  if (roll < 0.985) return 'quote';
  if (roll < 0.993) return 'unknown';
  return 'in_progress';
}

/** A euro amount rounded to the cent, as the numeric(12,2) columns store it. */
const money = (value: number): number => toEuro(toCents(value));
const randomAmount = (random: Random, [low, high]: readonly [number, number]) => low + random.next() * (high - low);

/** Splits an amount equally across n parts to the cent, the last part taking the remainder. */
function splitCents(total: Cents, parts: number): Cents[] {
  const share = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => (i === parts - 1 ? total - share * (parts - 1) : share) as Cents);
}

type BookingRow = typeof bookings.$inferInsert;
type JobRow = Omit<typeof bookingJobs.$inferInsert, 'bookingId'>;
type TaskRow = Omit<typeof bookingTasks.$inferInsert, 'jobId'>;
type AdjustmentRow = Omit<typeof jobPriceAdjustments.$inferInsert, 'jobId'>;
interface GeneratedBooking {
  booking: BookingRow;
  jobs: { job: JobRow; tasks: TaskRow[]; adjustments: AdjustmentRow[]; events?: DemoEventRow[] }[];
}

interface Catalogue {
  companyIds: number[];
  customersOf: Map<number, number[]>;
  staffIds: number[];
  referencesOf: Map<number, { id: number; name: string; header: string; values: string[] }[]>;
  driverRows: { id: number; driverNumber: number }[];
  placeIds: number[];
  sameDayServices: { id: number; type: string; service: string }[];
  overnight: { id: number } | undefined;
  international: { id: number } | undefined;
  carrierIds: number[];
  codeIds: Map<string, number>;
  /** Base customer and carrier tariffs by tariff service (DOM, CANC, ...), and each tariff's code. */
  tariffOf: Map<string, number[]>;
  carrierTariffOf: Map<string, number[]>;
  codeOfTariff: Map<number, number>;
  /** Whom the jobs' tracking events name, and each company's set calls (ids in order). */
  names: DemoEventNames;
  setCallsOf: Map<number, number[]>;
}

async function loadCatalogue(db: DbOrTx): Promise<Catalogue> {
  const companyRows = await db
    .select({ id: companies.id, active: companies.active })
    .from(companies)
    .orderBy(asc(companies.id));
  const customerRows = await db
    .select({ companyId: companyUsers.companyId, userId: companyUsers.userId })
    .from(companyUsers)
    .orderBy(asc(companyUsers.userId));
  const staffRows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, ['telephonist@demo.ie', 'dispatcher@demo.ie', 'accounts@demo.ie']))
    .orderBy(asc(users.id));
  const referenceRows = await db
    .select({
      id: companyReferences.id,
      companyId: companyReferences.companyId,
      name: companyReferences.name,
      header: companyReferences.header,
      values: companyReferences.values,
    })
    .from(companyReferences)
    .orderBy(asc(companyReferences.id));
  const serviceRows = await db
    .select({ id: services.id, type: services.type, service: services.service })
    .from(services)
    .orderBy(asc(services.id));
  const codeRows = await db.select({ id: tariffCodes.id, code: tariffCodes.code }).from(tariffCodes);
  const tariffRows = await db
    .select({
      id: tariffs.id,
      service: tariffs.service,
      tariffCodeId: tariffs.tariffCodeId,
      carrierId: tariffs.carrierId,
    })
    .from(tariffs)
    .where(isNull(tariffs.account))
    .orderBy(asc(tariffs.id));
  const customersOf = new Map<number, number[]>();
  for (const row of customerRows)
    customersOf.set(row.companyId, [...(customersOf.get(row.companyId) ?? []), row.userId]);
  const referencesOf = new Map<number, { id: number; name: string; header: string; values: string[] }[]>();
  for (const row of referenceRows) referencesOf.set(row.companyId, [...(referencesOf.get(row.companyId) ?? []), row]);
  const tariffOf = new Map<string, number[]>();
  const carrierTariffOf = new Map<string, number[]>();
  for (const row of tariffRows) {
    const target = row.carrierId === null ? tariffOf : carrierTariffOf;
    target.set(row.service, [...(target.get(row.service) ?? []), row.id]);
  }
  const setCallRows = await db
    .select({ id: setCalls.id, companyId: setCalls.companyId })
    .from(setCalls)
    .orderBy(asc(setCalls.id));
  const setCallsOf = new Map<number, number[]>();
  for (const row of setCallRows) setCallsOf.set(row.companyId, [...(setCallsOf.get(row.companyId) ?? []), row.id]);
  const userRows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users);
  const carrierRows = await db.select({ id: carriers.id, name: carriers.name }).from(carriers);
  return {
    // Inactive companies keep their history but book less; every company gets some bookings.
    companyIds: companyRows.flatMap((row) => (row.active ? [row.id, row.id, row.id] : [row.id])),
    customersOf,
    staffIds: staffRows.map((row) => row.id),
    referencesOf,
    driverRows: await db
      .select({ id: drivers.id, driverNumber: drivers.driverNumber })
      .from(drivers)
      .orderBy(asc(drivers.id)),
    placeIds: (await db.select({ id: places.id }).from(places).orderBy(asc(places.id))).map((row) => row.id),
    sameDayServices: serviceRows.filter((row) => row.service !== 'OVERNIGHT' && row.service !== 'INTERNATIONAL'),
    overnight: serviceRows.find((row) => row.service === 'OVERNIGHT'),
    international: serviceRows.find((row) => row.service === 'INTERNATIONAL'),
    carrierIds: (await db.select({ id: carriers.id }).from(carriers).orderBy(asc(carriers.id))).map((row) => row.id),
    codeIds: new Map(codeRows.map((row) => [row.code, row.id])),
    tariffOf,
    carrierTariffOf,
    codeOfTariff: new Map(tariffRows.map((row) => [row.id, row.tariffCodeId])),
    names: {
      users: new Map(userRows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()])),
      carriers: new Map(carrierRows.map((row) => [row.id, row.name])),
    },
    setCallsOf,
  };
}

/**
 * Driver pay status of a delivered task by its age (spec 2 §4): paid after two weeks, pending
 * payment in the week before, else active; so the paid and partly-paid guards show in the demo.
 */
function payStatusOf(deliveredAt: Date | null, anchor: Date): 'ACTIVE' | 'PENDING_PAYMENT' | 'PAID' {
  if (!deliveredAt) return 'ACTIVE';
  const ageDays = (anchor.getTime() - deliveredAt.getTime()) / DAY_MS;
  return ageDays > 14 ? 'PAID' : ageDays > 7 ? 'PENDING_PAYMENT' : 'ACTIVE';
}

/** A business-hours moment on a day some way back from the anchor (weekends are quieter). */
function bookingMoment(random: Random, anchor: Date): Date {
  for (;;) {
    const day = random.int(0, DEMO_BOOKING_DAYS - 1);
    const date = new Date(anchor.getTime() - day * DAY_MS);
    const weekday = date.getUTCDay();
    if ((weekday === 0 || weekday === 6) && random.chance(0.75)) continue;
    date.setUTCHours(7 + random.int(0, 10), random.int(0, 59), random.int(0, 59), 0);
    if (date.getTime() > anchor.getTime()) date.setTime(anchor.getTime() - random.int(5, 300) * MINUTE_MS);
    return date;
  }
}

function clientReferences(
  random: Random,
  definitions: { id: number; name: string; header: string; values: string[] }[] | undefined,
): CompanyReferenceValue[] {
  if (!definitions || definitions.length === 0) return [];
  return definitions
    .filter(() => random.chance(0.85))
    .map((definition) => ({
      id: definition.id,
      name: definition.name,
      header: definition.header,
      value:
        definition.values.length > 0
          ? random.pick(definition.values)
          : definition.header === 'Phone'
            ? `08${random.int(3, 9)} ${random.digits(3)} ${random.digits(4)}`
            : `${definition.header === 'CostCentre' ? 'CC' : 'PO'}-${random.digits(5)}`,
    }));
}

function generateBooking(random: Random, catalogue: Catalogue, anchor: Date, index: number): GeneratedBooking {
  const createdAt = bookingMoment(random, anchor);
  const ageDays = (anchor.getTime() - createdAt.getTime()) / DAY_MS;
  const companyId = random.pick(catalogue.companyIds);
  const customers = catalogue.customersOf.get(companyId) ?? [];
  const sameDay = random.chance(0.8) || !catalogue.overnight || !catalogue.international;
  const international = !sameDay && random.chance(0.3);
  const status = statusFor(random, ageDays);
  const reference = `B${String(1_000_000 + index)}`;
  const setCall = sameDay && random.chance(0.06);
  const withReturn = sameDay && random.chance(0.05);
  const collectionTime = random.chance(0.35)
    ? new Date(createdAt.getTime() + random.int(2, 48) * 30 * MINUTE_MS)
    : null;
  const pickUpAt = collectionTime ?? new Date(createdAt.getTime() + random.int(10, 45) * MINUTE_MS);

  let serviceId: number;
  let vehicle: string | null = null;
  let chargeTotal: number;
  let distance: number | null;
  let weight: number;
  if (sameDay) {
    const service = random.pick(catalogue.sameDayServices);
    const band = SAME_DAY_VEHICLES[service.type] ?? SAME_DAY_VEHICLES.BIKE;
    serviceId = service.id;
    vehicle = band ? random.pick(band.vehicles) : null;
    distance = random.int(800, service.type === 'VAN' ? 60_000 : 18_000);
    chargeTotal =
      (randomAmount(random, band?.base ?? [9, 16]) + (distance / 1000) * (band?.perKm ?? 1)) *
      (LEVEL_FACTOR[service.service] ?? 1);
    weight =
      service.type === 'VAN'
        ? randomAmount(random, [5, 400])
        : randomAmount(random, [0.2, service.type.startsWith('CARGO') ? 60 : 12]);
  } else {
    serviceId = (international ? catalogue.international : catalogue.overnight)?.id ?? 0;
    distance = international ? null : random.int(20_000, 260_000);
    weight = randomAmount(random, international ? [0.3, 25] : [0.5, 32]);
    chargeTotal = international
      ? 22 + weight * randomAmount(random, [2.5, 6])
      : 9 + weight * randomAmount(random, [0.4, 1.2]);
  }
  const packages = weight > 100 ? random.int(2, 12) : random.int(1, random.chance(0.8) ? 2 : 6);
  const jobCount = sameDay ? (random.chance(0.86) ? 1 : random.chance(0.8) ? 2 : 3) : 1;
  const settled = status === 'delivered' || status === 'cancelled' || status === 'failed';

  const jobs: GeneratedBooking['jobs'] = [];
  for (let n = 0; n < jobCount; n++) {
    const charge = toCents(money((chargeTotal / jobCount) * (n === 0 ? 1 : randomAmount(random, [0.6, 1]))));
    const jobStatus = status === 'quote' ? 'quote' : status;
    const tags = new Set<string>();
    if (jobCount > 1) tags.add(n === 0 ? 'SPLIT' : 'SECOND_LEG');
    if (withReturn) tags.add('RETURN');
    if (setCall) tags.add('SET_CALL');
    if (status === 'failed') tags.add('FAILURE');
    if (random.chance(0.04)) tags.add('WAITING_TIME');
    if (random.chance(0.02)) tags.add(random.pick(['SERVICE_CHANGE', 'VEHICLE_CHANGE', 'ADDRESS_CHANGE'] as const));
    if (random.chance(0.015))
      tags.add(random.pick(['RETURN_ADDED', 'RETURN_REMOVED', 'DRIVER_TRANSFER', 'OVERRIDE_PRICE'] as const));
    if (random.chance(0.03)) tags.add(random.pick(['IMPORTED', 'BATCH'] as const));

    const extras = random.chance(0.06) ? [random.pick(EXTRAS)] : [];
    for (const extra of extras)
      tags.add(
        extra.name === 'Tail lift' ? 'TAIL_LIFT' : extra.name === 'Charge point' ? 'CHARGE_POINT' : 'OVERRIDE_PRICE',
      );
    const extrasCharge = extras.reduce((sum, extra) => sum + toCents(extra.charge), 0) as Cents;
    const extrasCost = extras.reduce((sum, extra) => sum + toCents(extra.cost), 0) as Cents;

    const carrierId = sameDay ? null : random.pick(catalogue.carrierIds);
    const carrierPrice =
      sameDay || status === 'cancelled'
        ? (0 as Cents)
        : toCents(money(toEuro(charge) * randomAmount(random, [0.42, 0.72])));
    const customs = international && random.chance(0.35) ? toCents(money(randomAmount(random, [6, 45]))) : (0 as Cents);
    const insurance = !sameDay && random.chance(0.25) ? toCents(money(randomAmount(random, [0.5, 4]))) : (0 as Cents);
    const customerCharge = (status === 'cancelled' && random.chance(0.6) ? 0 : charge + customs) as Cents;
    const payShare = sameDay
      ? randomAmount(random, random.chance(0.12) ? [0.22, 0.55] : [0.32, 0.44])
      : random.chance(0.3)
        ? randomAmount(random, [0.08, 0.15])
        : 0;
    const driverPrice =
      status === 'cancelled' || status === 'quote' ? (0 as Cents) : toCents(money(toEuro(charge) * payShare));

    // The job's tariff service; CANC and FAIC are charges priced under the domestic tariff code.
    const tariffService = sameDay
      ? null
      : status === 'cancelled'
        ? 'CANC'
        : status === 'failed'
          ? 'FAIC'
          : international
            ? random.pick(['INT', 'INT', 'UKM9', 'UKM6', 'UKM2', 'PUR', 'TW48'] as const)
            : random.pick(['DOM', 'DOM', 'DOM', 'RAPC'] as const);
    const tariffChoices = tariffService ? (catalogue.tariffOf.get(tariffService) ?? []) : [];
    const carrierTariffChoices = tariffService ? (catalogue.carrierTariffOf.get(tariffService) ?? []) : [];

    const driver = sameDay || driverPrice > 0 ? random.pick(catalogue.driverRows) : null;
    const secondDriver = driver && random.chance(0.05) ? random.pick(catalogue.driverRows) : null;
    const collectionWindowEnd = new Date(pickUpAt.getTime() + (sameDay ? 60 : 240) * MINUTE_MS);
    const deliveryStart = new Date(pickUpAt.getTime() + (sameDay ? 30 : 16 * 60) * MINUTE_MS);
    const deliveryEnd = new Date(deliveryStart.getTime() + (sameDay ? random.int(90, 240) : 24 * 60) * MINUTE_MS);
    const windows: JobWindows = {
      collectionStart: pickUpAt.toISOString(),
      collectionEnd: collectionWindowEnd.toISOString(),
      deliveryStart: deliveryStart.toISOString(),
      deliveryEnd: deliveryEnd.toISOString(),
    };
    const delivered = jobStatus === 'delivered';
    const lateCollection = random.chance(0.08);
    const lateDelivery = random.chance(0.1);
    const collectedAt =
      delivered || jobStatus === 'out_for_delivery' || jobStatus === 'failed'
        ? new Date(
            pickUpAt.getTime() +
              (lateCollection ? random.int(65, 120) : random.int(0, 55)) * MINUTE_MS * (sameDay ? 1 : 3),
          )
        : null;
    const deliveryTime = delivered
      ? new Date(
          (lateDelivery ? deliveryEnd.getTime() : deliveryStart.getTime()) +
            random.int(
              1,
              lateDelivery ? 90 : Math.max(2, (deliveryEnd.getTime() - deliveryStart.getTime()) / MINUTE_MS - 1),
            ) *
              MINUTE_MS,
        )
      : null;
    const reviewSameDay = sameDay && settled && random.chance(0.05);
    const reviewCarrier = !sameDay && settled && random.chance(0.09);

    const stops: TaskRow['type'][] = [
      'COLLECTION',
      ...(random.chance(0.07) ? (['STOP'] as const) : []),
      'DELIVERY',
      ...(withReturn ? (['RETURN_TO_BASE'] as const) : []),
    ];
    const pays = splitCents(driverPrice, stops.length);
    const waitingExtra =
      tags.has('WAITING_TIME') && driverPrice > 0 ? toCents(money(randomAmount(random, [4, 15]))) : (0 as Cents);
    const jobReference = `${reference}-${n + 1}`;
    const tasks: TaskRow[] = stops.map((type, position) => ({
      reference: `${jobReference}-T${position + 1}`,
      type,
      area: sameDay ? random.pick(['D1', 'D2', 'D4', 'D8', 'D12', 'D15', 'D18', 'D24']) : null,
      status: delivered
        ? 'COMPLETED'
        : jobStatus === 'cancelled'
          ? 'CANCELLED'
          : type === 'COLLECTION' && collectedAt
            ? 'COMPLETED'
            : 'PENDING',
      driverId: position > 0 && secondDriver ? secondDriver.id : (driver?.id ?? null),
      driverPay: money(toEuro(pays[position] ?? (0 as Cents))),
      driverPayExtra: position === 0 ? money(toEuro(waitingExtra)) : 0,
      quantumDocket: sameDay ? `Q${random.digits(7)}` : null,
      completedAt: delivered
        ? type === 'COLLECTION'
          ? collectedAt
          : deliveryTime
        : type === 'COLLECTION'
          ? collectedAt
          : null,
      position,
      payStatus: payStatusOf(delivered ? deliveryTime : null, anchor),
    }));

    const adjustments: AdjustmentRow[] = [];
    if (settled && random.chance(0.06)) {
      const kind = random.pick(ADJUSTMENTS);
      const showToCustomer = random.chance(0.7);
      adjustments.push({
        type: kind.type,
        taskId: null,
        description: showToCustomer ? kind.text : '',
        internalDescription: random.chance(0.5) ? 'Agreed with the customer by phone' : '',
        cost: money(randomAmount(random, kind.cost)),
        charge: money(randomAmount(random, kind.charge)),
        showToCustomer,
        applySurcharge: random.chance(0.3),
      });
    }

    const tariffId = tariffChoices.length > 0 ? random.pick(tariffChoices) : null;
    const tariffCodeId =
      (tariffId === null ? undefined : catalogue.codeOfTariff.get(tariffId)) ??
      (tariffService ? catalogue.codeIds.get(tariffService) : undefined) ??
      null;
    jobs.push({
      job: {
        reference: jobReference,
        status: jobStatus,
        tariffId,
        carrierTariffId: carrierId && carrierTariffChoices.length > 0 ? random.pick(carrierTariffChoices) : null,
        tariffCodeId,
        carrierId,
        customerCharge: money(toEuro(customerCharge)),
        driverPrice: money(toEuro(driverPrice)),
        driverNumber: driver?.driverNumber ?? null,
        driverTwoNumber: secondDriver?.driverNumber ?? null,
        carrierPrice: money(toEuro(carrierPrice)),
        carrierCustomsCharge: money(toEuro(customs)),
        carrierInsuranceCharge: money(toEuro(insurance)),
        extrasCharge: money(toEuro(extrasCharge)),
        extrasBreakdown: extras.map((extra) => ({ ...extra })),
        extrasCost: money(toEuro(extrasCost)),
        tags: [...tags],
        chargeRefs: n > 0 ? [`${reference}-1`] : [],
        internalNotes: random.pick(INTERNAL_NOTES),
        invoicePeriodId: null, // seedInvoicePeriods puts account customers' jobs in their periods afterwards
        collectionPlaceId: random.pick(catalogue.placeIds),
        deliveryPlaceId: random.pick(catalogue.placeIds),
        createdAt,
        lastStatusUpdate: settled
          ? (deliveryTime ?? new Date(pickUpAt.getTime() + random.int(30, 300) * MINUTE_MS))
          : new Date(createdAt.getTime() + random.int(1, 60) * MINUTE_MS),
        collectionEta: status === 'quote' ? null : pickUpAt,
        deliveryEta: status === 'quote' ? null : new Date(deliveryStart.getTime() + random.int(0, 60) * MINUTE_MS),
        windows,
        collectedAt,
        deliveryTime,
        signedBy: delivered ? `${personName(random).firstName} ${personName(random).lastName}` : null,
        needsSameDayReview: reviewSameDay,
        needsSameDayReviewReason: reviewSameDay ? random.pick(SAME_DAY_REVIEW_REASONS) : null,
        needsCarrierReview: reviewCarrier,
        needsCarrierReviewReason: reviewCarrier ? random.pick(CARRIER_REVIEW_REASONS) : null,
        priceDetails: { charge: toEuro(customerCharge), driverExtras: toEuro(waitingExtra) },
      },
      tasks,
      adjustments,
    });
  }

  const exVat = jobs.reduce((sum, entry) => sum + toCents(entry.job.customerCharge ?? 0), 0) as Cents;
  const pay = jobs.reduce((sum, entry) => sum + toCents(entry.job.driverPrice ?? 0), 0) as Cents;
  const booking: BookingRow = {
    reference,
    companyId,
    companyReferences: clientReferences(random, catalogue.referencesOf.get(companyId)),
    userId: customers.length > 0 ? random.pick(customers) : null,
    staffId: catalogue.staffIds.length > 0 && random.chance(0.3) ? random.pick(catalogue.staffIds) : null,
    createdAt,
    duration: status === 'quote' ? null : random.int(20, 900),
    serviceId,
    type: sameDay ? 'same_day' : 'other',
    vehicle,
    distance,
    collectionTime,
    return: withReturn,
    setCallId: null,
    numberOfPackages: packages,
    weightOfPackages: Number(weight.toFixed(2)),
    packageType: random.pick(PACKAGE_TYPES),
    packageSize: random.pick(PACKAGE_SIZES),
    status,
    exVatPrice: money(toEuro(exVat)),
    driverPrice: money(toEuro(pay)),
    notes: random.pick(NOTES),
    goodsDescription: random.pick(GOODS),
    priceDetails: { charge: toEuro(exVat), driverExtras: 0 },
  };
  return { booking, jobs };
}

const BOOKING_CHUNK = 1500;
const JOB_CHUNK = 2000;
const TASK_CHUNK = 4000;
const EVENT_CHUNK = 6000;

/**
 * Inserts rows as one JSON parameter expanded by jsonb_to_recordset: on PGlite this is several times
 * faster than a statement with tens of thousands of bind parameters. Returns the new ids in order.
 */
async function insertAsJson(db: DbOrTx, table: PgTable, rows: Record<string, unknown>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const config = getTableConfig(table);
  const columns = Object.entries(table as unknown as Record<string, { name?: string; getSQLType?: () => string }>)
    .filter(([key]) => rows.some((row) => row[key] !== undefined))
    .map(([key, column]) => {
      const found = config.columns.find((candidate) => candidate.name === column.name);
      if (!found) throw new Error(`No column ${key} in ${config.name}`);
      return { key, name: found.name, type: found.getSQLType() };
    });
  const payload = rows.map((row) =>
    Object.fromEntries(
      columns.map(({ key, name }) => [
        name,
        row[key] instanceof Date ? (row[key] as Date).toISOString() : (row[key] ?? null),
      ]),
    ),
  );
  const names = columns.map(({ name }) => `"${name}"`).join(', ');
  const definition = columns.map(({ name, type }) => `"${name}" ${type}`).join(', ');
  const result = await db.execute<{ id: number }>(
    sql`insert into ${sql.raw(`"${config.name}"`)} (${sql.raw(names)}) select ${sql.raw(names)} from rows from (jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as (${sql.raw(definition)})) with ordinality as x(${sql.raw(names)}, ordinality) order by ordinality returning id`,
  );
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/** Inserts generated bookings with their jobs, tasks, adjustments and tracking events in batches. */
export async function insertBookings(db: DbOrTx, generated: GeneratedBooking[]): Promise<void> {
  for (let start = 0; start < generated.length; start += BOOKING_CHUNK) {
    const chunk = generated.slice(start, start + BOOKING_CHUNK);
    const bookingIds = await insertAsJson(
      db,
      bookings,
      chunk.map((entry) => entry.booking),
    );
    const jobEntries = chunk.flatMap((entry, i) =>
      entry.jobs.map((job) => ({ ...job, bookingId: bookingIds[i] as number })),
    );
    const taskRows: (typeof bookingTasks.$inferInsert)[] = [];
    const adjustmentRows: (typeof jobPriceAdjustments.$inferInsert)[] = [];
    const eventRows: (typeof jobStatusEvents.$inferInsert)[] = [];
    for (let jobStart = 0; jobStart < jobEntries.length; jobStart += JOB_CHUNK) {
      const jobChunk = jobEntries.slice(jobStart, jobStart + JOB_CHUNK);
      const jobIds = await insertAsJson(
        db,
        bookingJobs,
        jobChunk.map((entry) => ({ ...entry.job, bookingId: entry.bookingId })),
      );
      jobChunk.forEach((entry, i) => {
        const jobId = jobIds[i] as number;
        for (const task of entry.tasks) taskRows.push({ ...task, jobId });
        for (const adjustment of entry.adjustments) adjustmentRows.push({ ...adjustment, jobId });
        for (const event of entry.events ?? []) eventRows.push({ ...event, jobId });
      });
    }
    for (let taskStart = 0; taskStart < taskRows.length; taskStart += TASK_CHUNK)
      await insertAsJson(db, bookingTasks, taskRows.slice(taskStart, taskStart + TASK_CHUNK));
    await insertAsJson(db, jobPriceAdjustments, adjustmentRows);
    for (let eventStart = 0; eventStart < eventRows.length; eventStart += EVENT_CHUNK)
      await insertAsJson(db, jobStatusEvents, eventRows.slice(eventStart, eventStart + EVENT_CHUNK));
  }
}

/**
 * About six months of bookings for the demo companies (spec 2 §3): Same Day and ON / OS, realistic
 * statuses by age, services and vehicles, tags, drivers, weights, packages, charges, driver pay,
 * carrier costs, extras, price adjustments, and some jobs flagged for review with reasons.
 * Deterministic: its own seed, so other areas' demo data does not shift it.
 */
export async function seedBookings(
  db: DbOrTx,
  options: { anchor: Date; seed: number; count?: number; now?: Date },
): Promise<number> {
  const catalogue = await loadCatalogue(db);
  if (catalogue.companyIds.length === 0 || catalogue.placeIds.length === 0 || catalogue.sameDayServices.length === 0)
    return 0;
  const random = new Random(options.seed);
  const count = options.count ?? 4500;
  const generated = Array.from({ length: count }, (_, i) => generateBooking(random, catalogue, options.anchor, i + 1));
  const now = options.now ?? new Date();
  for (const entry of generated) keepInThePast(entry, now);
  // References follow creation order, as a real system issues them.
  generated.sort((a, b) => (a.booking.createdAt as Date).getTime() - (b.booking.createdAt as Date).getTime());
  generated.forEach((entry, i) => {
    const reference = `B${String(1_000_000 + i + 1)}`;
    const old = entry.booking.reference;
    entry.booking.reference = reference;
    for (const job of entry.jobs) {
      job.job.reference = job.job.reference.replace(old, reference);
      job.job.chargeRefs = (job.job.chargeRefs ?? []).map((ref) => ref.replace(old, reference));
      for (const task of job.tasks) task.reference = task.reference.replace(old, reference);
    }
  });
  // Then what happened to each job, as the tracking list tells it (issue 14).
  linkDemoSetCalls(generated, catalogue.setCallsOf, toIsoDay(now));
  for (const entry of generated) addDemoJobEvents(entry, catalogue.names);
  await insertBookings(db, generated);
  return count;
}
