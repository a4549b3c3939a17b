import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companyReferences, invoicePeriods } from '../db/schema/index.ts';
import { createBooking, createBookingCatalogue, type BookingCatalogue } from './booking-factories.ts';
import { createCompany, signInAs } from './factories.ts';
import { createTestApp, type DatabaseKind, type TestApp } from './test-app.ts';

/**
 * The bookings the bookings tests search, each a case of a filter, a sort or a margin. Amounts are
 * chosen so the margins can be worked out by hand (see bookings-details.test.ts).
 *
 * | ref   | co | view  | status      | created    | charge | pay   | kg    | pk | notes                                  |
 * | B0001 | A  | same  | delivered   | 2026-03-02 | 20.00  | 8.00  | 2.5   | 1  | WAITING_TIME, driver 101, invoice 9    |
 * | B0002 | A  | same  | cancelled   | 2026-03-05 | 0      | 0     | 150   | 5  | van priority, LARGE-VAN, driver 102    |
 * | B0003 | B  | same  | delivered   | 2026-03-10 | 35.50  | 12.25 | 6     | 3  | 2 jobs SPLIT/SECOND_LEG, same-day review|
 * | B0004 | A  | ON/OS | delivered   | 2026-03-15 | 18.40  | 0     | 12    | 2  | DPD 9.10, DOM, carrier review, PO-77   |
 * | B0005 | B  | ON/OS | failed      | 2026-03-20 | 64.00  | 0     | 4.2   | 1  | UPS 30.00, INT, customs 14.00          |
 * | B0006 | B  | same  | in_progress | 2026-03-25 | 50.00  | 20.00 | 80    | 4  | van priority, SMALL-VAN                |
 * | B0007 | A  | same  | quote       | 2026-02-01 | 10.00  | 0     | 1     | 1  |                                        |
 *
 * Invoice period 9 is company A's March 2026 (ALC001-2026-03, invoiced); only B0001's job is in it.
 */
const MARCH_PERIOD_ID = 9;

export interface BookingFixture {
  catalogue: BookingCatalogue;
  companyA: number;
  companyB: number;
  poReference: number;
  costCentreReference: number;
  /** Company A's March 2026 period, holding B0001's job. */
  invoicePeriodId: number;
  bookingIds: Record<string, number>;
  jobIds: Record<string, number[]>;
  placeIds: { a: string; b: string; c: string };
}

export async function createBookingFixture(db: Db): Promise<BookingFixture> {
  const catalogue = await createBookingCatalogue(db);
  const a = await createCompany(db, { company: { name: 'Anna Liffey Couriers', accountCode: 'ALC001' } });
  const b = await createCompany(db, { company: { name: 'Boyne Valley Foods', accountCode: 'BVF002' } });
  const [po, costCentre] = await db
    .insert(companyReferences)
    .values([
      { companyId: a.id, name: 'Purchase order', header: 'Reference', values: [] },
      { companyId: a.id, name: 'Cost centre', header: 'CostCentre', values: ['CC-1', 'CC-2'] },
    ])
    .returning({ id: companyReferences.id });
  if (!po || !costCentre) throw new Error('references not created');
  // Id 9 on purpose, so the invoicePeriod filter cases are not a lucky 1; the sequence moves past it.
  await db.insert(invoicePeriods).values({
    id: MARCH_PERIOD_ID,
    companyId: a.id,
    identifier: 'ALC001-2026-03',
    status: 'INVOICED',
    start: '2026-03-01',
    end: '2026-03-31',
    invoiceNumbers: ['INV-0000009'],
  });
  await db.execute(
    sql`select setval(pg_get_serial_sequence('invoice_periods', 'id'), (select max(id) from invoice_periods))`,
  );
  const s = catalogue.services;
  const at = (day: string) => new Date(`${day}T10:00:00Z`);
  const bookingIds: Record<string, number> = {};
  const jobIds: Record<string, number[]> = {};
  const add = async (reference: string, values: Parameters<typeof createBooking>[1]) => {
    const created = await createBooking(db, values);
    bookingIds[reference] = created.id;
    jobIds[reference] = created.jobIds;
  };
  const { first: d101, second: d102 } = catalogue.drivers;

  await add('B0001', {
    booking: {
      reference: 'B0001',
      companyId: a.id,
      serviceId: s.bikeStandard,
      type: 'same_day',
      status: 'delivered',
      createdAt: at('2026-03-02'),
      vehicle: 'BIKE',
      exVatPrice: 20,
      driverPrice: 8,
      weightOfPackages: 2.5,
      numberOfPackages: 1,
    },
    jobs: [
      {
        customerCharge: 20,
        driverPrice: 8,
        tags: ['WAITING_TIME'],
        driverNumber: 101,
        invoicePeriodId: MARCH_PERIOD_ID,
        collectionPlaceId: catalogue.places.a,
        deliveryPlaceId: catalogue.places.b,
        windows: {
          collectionStart: '2026-03-02T10:00:00Z',
          collectionEnd: '2026-03-02T11:00:00Z',
          deliveryStart: '2026-03-02T11:00:00Z',
          deliveryEnd: '2026-03-02T12:00:00Z',
        },
        collectedAt: new Date('2026-03-02T10:30:00Z'),
        deliveryTime: new Date('2026-03-02T12:30:00Z'),
        signedBy: 'Mary Kelly',
        tasks: [
          { type: 'COLLECTION', driverId: d101, driverPay: 4, driverPayExtra: 5 },
          { type: 'DELIVERY', driverId: d101, driverPay: 4 },
        ],
      },
    ],
  });
  await add('B0002', {
    booking: {
      reference: 'B0002',
      companyId: a.id,
      serviceId: s.vanPriority,
      type: 'same_day',
      status: 'cancelled',
      createdAt: at('2026-03-05'),
      vehicle: 'LARGE-VAN',
      weightOfPackages: 150,
      numberOfPackages: 5,
    },
    jobs: [{ driverNumber: 102, collectionPlaceId: catalogue.places.b, deliveryPlaceId: catalogue.places.c }],
  });
  await add('B0003', {
    booking: {
      reference: 'B0003',
      companyId: b.id,
      serviceId: s.bikeStandard,
      type: 'same_day',
      status: 'delivered',
      createdAt: at('2026-03-10'),
      vehicle: 'BIKE',
      exVatPrice: 35.5,
      driverPrice: 12.25,
      weightOfPackages: 6,
      numberOfPackages: 3,
    },
    jobs: [
      {
        customerCharge: 20.5,
        driverPrice: 7,
        tags: ['SPLIT'],
        driverNumber: 101,
        extrasCharge: 25,
        extrasCost: 10,
        extrasBreakdown: [{ name: 'Tail lift', cost: 10, charge: 25 }],
        needsSameDayReview: true,
        needsSameDayReviewReason: 'Waiting time claimed by driver',
        tasks: [{ type: 'COLLECTION', driverId: d101, driverPay: 7 }],
      },
      {
        customerCharge: 15,
        driverPrice: 5.25,
        tags: ['SECOND_LEG'],
        driverNumber: 102,
        driverTwoNumber: 101,
        chargeRefs: ['B0003-1'],
        tasks: [
          { type: 'COLLECTION', driverId: d102, driverPay: 2.63 },
          { type: 'DELIVERY', driverId: d101, driverPay: 2.62 },
        ],
        adjustments: [
          {
            type: 'ADDRESS_CORRECTION',
            cost: 3,
            charge: 6.5,
            description: 'Address corrected',
            showToCustomer: true,
          },
        ],
      },
    ],
  });
  await add('B0004', {
    booking: {
      reference: 'B0004',
      companyId: a.id,
      serviceId: s.overnight,
      type: 'other',
      status: 'delivered',
      createdAt: at('2026-03-15'),
      exVatPrice: 18.4,
      weightOfPackages: 12,
      numberOfPackages: 2,
      companyReferences: [{ id: po.id, name: 'Purchase order', header: 'Reference', value: 'PO-77' }],
    },
    jobs: [
      {
        customerCharge: 18.4,
        carrierId: catalogue.carriers.dpd,
        carrierPrice: 9.1,
        carrierInsuranceCharge: 1.2,
        tariffCodeId: catalogue.tariffCodes.DOM,
        tariffId: catalogue.tariffs.DOM,
        needsCarrierReview: true,
        deliveryPlaceId: catalogue.places.c,
      },
    ],
  });
  await add('B0005', {
    booking: {
      reference: 'B0005',
      companyId: b.id,
      serviceId: s.international,
      type: 'other',
      status: 'failed',
      createdAt: at('2026-03-20'),
      exVatPrice: 64,
      weightOfPackages: 4.2,
      numberOfPackages: 1,
    },
    jobs: [
      {
        customerCharge: 64,
        carrierId: catalogue.carriers.ups,
        carrierPrice: 30,
        carrierCustomsCharge: 14,
        carrierInsuranceCharge: 2,
        tariffCodeId: catalogue.tariffCodes.INT,
        tariffId: catalogue.tariffs.INT,
      },
    ],
  });
  await add('B0006', {
    booking: {
      reference: 'B0006',
      companyId: b.id,
      serviceId: s.vanPriority,
      type: 'same_day',
      status: 'in_progress',
      createdAt: at('2026-03-25'),
      vehicle: 'SMALL-VAN',
      exVatPrice: 50,
      driverPrice: 20,
      weightOfPackages: 80,
      numberOfPackages: 4,
    },
    jobs: [{ customerCharge: 50, driverPrice: 20, driverNumber: 102 }],
  });
  await add('B0007', {
    booking: {
      reference: 'B0007',
      companyId: a.id,
      serviceId: s.bikeStandard,
      type: 'same_day',
      status: 'quote',
      createdAt: at('2026-02-01'),
      vehicle: 'BIKE',
      exVatPrice: 10,
      weightOfPackages: 1,
      numberOfPackages: 1,
    },
    jobs: [{ customerCharge: 10 }],
  });

  const placeRows = await db.query.places.findMany({ columns: { id: true, placeId: true } });
  const placeId = (id: number) => placeRows.find((row) => row.id === id)?.placeId as string;
  return {
    catalogue,
    companyA: a.id,
    companyB: b.id,
    poReference: po.id,
    costCentreReference: costCentre.id,
    invoicePeriodId: MARCH_PERIOD_ID,
    bookingIds,
    jobIds,
    placeIds: { a: placeId(catalogue.places.a), b: placeId(catalogue.places.b), c: placeId(catalogue.places.c) },
  };
}

/** What the booking route tests start from: the fixture, and sessions that see prices (ACCOUNTS) and do not (TELEPHONIST). */
export interface BookingFixtureApp {
  t: TestApp;
  fixture: BookingFixture;
  accounts: string;
  telephonist: string;
}

export async function createBookingFixtureApp(kind: DatabaseKind): Promise<BookingFixtureApp> {
  const t = await createTestApp(kind);
  try {
    const fixture = await createBookingFixture(t.db);
    const [accounts, telephonist] = await Promise.all([signInAs(t, ['ACCOUNTS']), signInAs(t, ['TELEPHONIST'])]);
    return { t, fixture, accounts, telephonist };
  } catch (error) {
    await t.close();
    throw error;
  }
}
