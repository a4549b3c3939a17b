// Fixtures of the customer tests: two companies (A and B) each with a customer user, places with
// map positions, a levelled special tariff for A, and a booking of B with a driver on it, so every
// route can be called by A's customer with B's ids and references.
import { eq } from 'drizzle-orm';
import type { PriceLevel } from '@courier/domain/pricing/tariff-engine';
import type { Db } from '../../db/client.ts';
import { companyUsers, places, tariffs } from '../../db/schema/index.ts';
import { createBooking, createBookingCatalogue, type BookingCatalogue } from '../../test/booking-factories.ts';
import { createCompany, createUser, signIn, uniqueSuffix, type TestUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';

/** A's special tariff: small parcels flat, then per started kg (the engine's levels, spec 2 §9). */
export const SPECIAL_LEVELS: PriceLevel[] = [
  { upTo: 2, basic: 8.5, basicPer: 2, then: 0, thenPer: 0 },
  { upTo: 30, basic: 11, basicPer: 5, then: 0.95, thenPer: 1 },
  { upTo: 9999, basic: 40, basicPer: 30, then: 2.5, thenPer: 5 },
];

export interface CustomerSide {
  companyId: number;
  companyName: string;
  user: TestUser;
  token: string;
}

export interface CustomerWorld {
  catalogue: BookingCatalogue;
  /** Place ids (public) of the catalogue's places: a (Dublin 1), b (Dublin 2), c (Cork). */
  placeIds: { a: string; b: string; c: string };
  a: CustomerSide;
  b: CustomerSide;
  /** B's booking: confirmed, job B-ref-1 with driver 101 (Seán Murphy) on its stop. */
  bBookingReference: string;
  bJobReference: string;
}

/** A customer of a new company, signed in. */
export async function createCustomerSide(t: TestApp, options: { accountCode?: string } = {}): Promise<CustomerSide> {
  const company = await createCompany(t.db, { company: { accountCode: options.accountCode ?? null } });
  const user = await createUser(t.db, {
    roles: ['CUSTOMER'],
    firstName: 'Gráinne',
    lastName: `Hayes ${uniqueSuffix()}`,
  });
  await t.db.insert(companyUsers).values({ companyId: company.id, userId: user.id, isAdmin: true });
  return { companyId: company.id, companyName: company.name, user, token: await signIn(t, user) };
}

/** Dublin 1, Dublin 2 and Cork: the catalogue's places given map positions. */
async function placePositions(db: Db, catalogue: BookingCatalogue) {
  const positions: [number, number, number][] = [
    [catalogue.places.a, 53.3498, -6.2603],
    [catalogue.places.b, 53.3394, -6.2381],
    [catalogue.places.c, 51.8979, -8.4706],
  ];
  const placeIds: string[] = [];
  for (const [id, latitude, longitude] of positions) {
    const [row] = await db
      .update(places)
      .set({ latitude, longitude })
      .where(eq(places.id, id))
      .returning({ placeId: places.placeId });
    placeIds.push(row?.placeId as string);
  }
  return { a: placeIds[0] as string, b: placeIds[1] as string, c: placeIds[2] as string };
}

export async function createCustomerWorld(t: TestApp): Promise<CustomerWorld> {
  const catalogue = await createBookingCatalogue(t.db);
  const placeIds = await placePositions(t.db, catalogue);
  const accountCode = `ACME${uniqueSuffix()}`;
  const a = await createCustomerSide(t, { accountCode });
  const b = await createCustomerSide(t);
  await t.db.insert(tariffs).values({
    account: accountCode,
    service: 'DOM',
    zone: 'IRELAND',
    tariffCodeId: catalogue.tariffCodes.DOM,
    pricing: SPECIAL_LEVELS,
  });
  const bBookingReference = `B${uniqueSuffix()}`;
  await createBooking(t.db, {
    booking: {
      reference: bBookingReference,
      companyId: b.companyId,
      serviceId: catalogue.services.bikeStandard,
      type: 'same_day',
      status: 'confirmed',
      exVatPrice: 42.5,
      driverPrice: 17.25,
    },
    jobs: [
      {
        customerCharge: 42.5,
        driverPrice: 17.25,
        driverNumber: 101,
        collectionPlaceId: catalogue.places.a,
        deliveryPlaceId: catalogue.places.b,
        tasks: [{ type: 'COLLECTION', status: 'PENDING', driverId: catalogue.drivers.first, driverPay: 17.25 }],
      },
    ],
  });
  return { catalogue, placeIds, a, b, bBookingReference, bJobReference: `${bBookingReference}-1` };
}
