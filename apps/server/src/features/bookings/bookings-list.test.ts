import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingListResponseSchema, type BookingListResponse } from '@courier/domain/bookings/schemas';
import { bearer, signInAs } from '../../test/factories.ts';
import { databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createBookingFixtureApp, type BookingFixture } from '../../test/bookings-fixture.ts';

const ALL_NEWEST_FIRST = ['B0006', 'B0005', 'B0004', 'B0003', 'B0002', 'B0001', 'B0007'];
const PRICE_KEYS = [
  'exVatPrice',
  'driverPrice',
  'customerCharge',
  'carrierPrice',
  'carrierCustomsCharge',
  'carrierInsuranceCharge',
  'extrasCharge',
  'driverPay',
  'driverPayExtra',
  'priceDetails',
  'extrasBreakdown',
];

describe.each(databaseKinds)('booking list on %s', (kind) => {
  let t: TestApp, fixture: BookingFixture, accounts: string, telephonist: string;

  beforeAll(async () => {
    ({ t, fixture, accounts, telephonist } = await createBookingFixtureApp(kind));
  });
  afterAll(() => t?.close());

  const get = (query: string, token = accounts) =>
    t.app.inject({ method: 'GET', url: `/api/bookings${query ? `?${query}` : ''}`, headers: bearer(token) });
  const refs = async (query: string, token = accounts) => {
    const response = await get(query, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BookingListResponse>().bookings.map((booking) => booking.reference);
  };

  describe('who may list bookings', () => {
    // Pricing staff edit prices on the same list (/pricing/review, the company Bookings tab): issue 11.
    it.each([['ACCOUNTS'], ['DISPATCHER'], ['TELEPHONIST'], ['PRICING'], ['MANAGER'], ['SUPERADMIN']])(
      '%s may',
      async (role) => {
        const response = await get('', await signInAs(t, [role]));
        expect(response.statusCode).toBe(200);
        expect(response.json<BookingListResponse>().count).toBe(7);
      },
    );

    it.each([['DRIVER'], ['CUSTOMER']])('%s may not', async (role) => {
      const response = await get('', await signInAs(t, [role]));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'FORBIDDEN',
        message: 'This needs one of the roles Accounts, Dispatcher, Telephonist, Pricing.',
      });
    });
  });

  it('lists every booking, newest first, with complete rows', async () => {
    const response = await get('');
    const body = bookingListResponseSchema.parse(response.json());
    expect(body.count).toBe(7);
    expect(body.bookings.map((b) => b.reference)).toEqual(ALL_NEWEST_FIRST);
    const b3 = body.bookings.find((b) => b.reference === 'B0003');
    expect(b3).toMatchObject({
      company: { id: fixture.companyB, accountCode: 'BVF002', name: 'Boyne Valley Foods' },
      status: 'delivered',
      type: 'same_day',
      service: { name: 'Motorbike Standard', service: 'STANDARD', type: 'BIKE' },
      vehicle: 'BIKE',
      numberOfPackages: 3,
      weightOfPackages: 6,
      exVatPrice: 35.5,
      driverPrice: 12.25,
    });
    expect(b3?.jobs.map((job) => [job.reference, job.tags, job.driverNumber, job.customerCharge])).toEqual([
      ['B0003-1', ['SPLIT'], 101, 20.5],
      ['B0003-2', ['SECOND_LEG'], 102, 15],
    ]);
    const b4 = body.bookings.find((b) => b.reference === 'B0004');
    expect(b4?.jobs[0]).toMatchObject({
      carrier: { name: 'DPD Ireland' },
      tariffService: 'DOM',
      carrierPrice: 9.1,
      needsCarrierReview: true,
      needsCarrierReviewReason: null,
    });
    expect(b4?.companyReferences).toEqual([
      { id: fixture.poReference, name: 'Purchase order', header: 'Reference', value: 'PO-77' },
    ]);
  });

  describe('each filter alone', () => {
    it.each([
      ['view=SAME_DAY', ['B0006', 'B0003', 'B0002', 'B0001', 'B0007']],
      ['view=ON_OS', ['B0005', 'B0004']],
      ['searchQuery=b0003', ['B0003']],
      ['searchQuery=%20B0003-2%20', ['B0003']],
      ['searchQuery=000', ALL_NEWEST_FIRST],
      ['searchQuery=%25', []],
      ['customerRefQuery=po-77', ['B0004']],
      ['windowStart=2026-03-05&windowEnd=2026-03-15', ['B0004', 'B0003', 'B0002']],
      ['windowStart=2026-03-20', ['B0006', 'B0005']],
      ['windowEnd=2026-03-02', ['B0001', 'B0007']],
      ['windowStart=2026-03-05T10:00:00Z&windowEnd=2026-03-10T09:59:59Z', ['B0002']],
      ['tags=SPLIT', ['B0003']],
      ['tags=SPLIT&tags=WAITING_TIME', ['B0003', 'B0001']],
      ['tags=SPLIT,WAITING_TIME', ['B0003', 'B0001']],
      ['tags=TAIL_LIFT', []],
      ['statuses=delivered', ['B0004', 'B0003', 'B0001']],
      ['statuses=cancelled,failed', ['B0005', 'B0002']],
      ['service=PRIORITY', ['B0006', 'B0002']],
      ['service=OVERNIGHT', ['B0004']],
      ['tariffService=INT', ['B0005']],
      ['vehicle=SMALL-VAN', ['B0006']],
      ['vehicle=BIKE', ['B0003', 'B0001', 'B0007']],
      ['chargeFrom=35.5', ['B0006', 'B0005', 'B0003']],
      ['chargeTo=18.4', ['B0004', 'B0002', 'B0007']],
      ['chargeFrom=0&chargeTo=0', ALL_NEWEST_FIRST],
      ['driverPayFrom=10', ['B0006', 'B0003']],
      ['driverPayTo=8', ['B0005', 'B0004', 'B0002', 'B0001', 'B0007']],
      ['weightFrom=80', ['B0006', 'B0002']],
      ['weightTo=2.5', ['B0001', 'B0007']],
      ['packageCountFrom=4', ['B0006', 'B0002']],
      ['packageCountTo=1', ['B0005', 'B0001', 'B0007']],
      ['carrierCostFrom=20', ['B0005']],
      ['carrierCostTo=10&view=ON_OS', ['B0004']],
      ['driverNumber=101', ['B0003', 'B0001']],
      ['driverNumber=102', ['B0006', 'B0003', 'B0002']],
      ['needsSameDayReviewOnly=true', ['B0003']],
      ['needsSameDayReviewOnly=false', ALL_NEWEST_FIRST],
      ['needsCarrierReviewOnly=true', ['B0004']],
      ['invoicePeriod=9', ['B0001']],
      ['invoicePeriod=10', []],
    ])('%s', async (query, expected) => {
      const response = await get(query);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<BookingListResponse>();
      expect(body.bookings.map((b) => b.reference)).toEqual(expected);
      expect(body.count).toBe(expected.length);
    });

    it('company', async () => {
      expect(await refs(`company=${fixture.companyA}`)).toEqual(['B0004', 'B0002', 'B0001', 'B0007']);
      expect(await refs(`company=${fixture.companyB}`)).toEqual(['B0006', 'B0005', 'B0003']);
    });

    it('carrier', async () => {
      expect(await refs(`carrier=${fixture.catalogue.carriers.dpd}`)).toEqual(['B0004']);
    });

    it('address: the place is the collection or the delivery of a job', async () => {
      expect(await refs(`addressPlaceId=${fixture.placeIds.c}`)).toEqual(['B0004', 'B0002']);
      expect(await refs(`addressPlaceId=${fixture.placeIds.a}`)).toEqual(['B0001']);
      expect(await refs('addressPlaceId=pl_nowhere')).toEqual([]);
    });
  });

  describe('filters combined', () => {
    it('company, statuses and view together', async () => {
      expect(await refs(`company=${fixture.companyA}&statuses=delivered&view=SAME_DAY`)).toEqual(['B0001']);
      expect(await refs(`company=${fixture.companyA}&statuses=delivered,cancelled&windowStart=2026-03-03`)).toEqual([
        'B0004',
        'B0002',
      ]);
    });

    it('job conditions hold for one and the same job', async () => {
      expect(await refs(`carrier=${fixture.catalogue.carriers.ups}&carrierCostFrom=20`)).toEqual(['B0005']);
      expect(await refs(`carrier=${fixture.catalogue.carriers.dpd}&carrierCostFrom=20`)).toEqual([]);
      // B0003's first job is SPLIT and driven by 101; its second is SECOND_LEG by 102 (and 101 as second driver).
      expect(await refs('tags=SPLIT&driverNumber=102')).toEqual([]);
      expect(await refs('tags=SECOND_LEG&driverNumber=101')).toEqual(['B0003']);
    });

    it('search and price range together', async () => {
      expect(await refs('searchQuery=B000&chargeFrom=30&chargeTo=60&view=SAME_DAY')).toEqual(['B0006', 'B0003']);
    });
  });

  describe('sorting', () => {
    it.each([
      ['sortBy=reference&sortDirection=asc', ['B0001', 'B0002', 'B0003', 'B0004', 'B0005', 'B0006', 'B0007']],
      ['sortBy=reference&sortDirection=desc', ['B0007', 'B0006', 'B0005', 'B0004', 'B0003', 'B0002', 'B0001']],
      ['sortBy=createdAt&sortDirection=asc', ['B0007', 'B0001', 'B0002', 'B0003', 'B0004', 'B0005', 'B0006']],
      ['sortBy=createdAt&sortDirection=DESC', ALL_NEWEST_FIRST],
      ['sortBy=weight&sortDirection=desc', ['B0002', 'B0006', 'B0004', 'B0003', 'B0005', 'B0001', 'B0007']],
      ['sortBy=weight&sortDirection=asc', ['B0007', 'B0001', 'B0005', 'B0003', 'B0004', 'B0006', 'B0002']],
      ['sortBy=customerCharge&sortDirection=desc', ['B0005', 'B0006', 'B0003', 'B0001', 'B0004', 'B0007', 'B0002']],
      ['sortBy=exVatPrice&sortDirection=asc', ['B0002', 'B0007', 'B0004', 'B0001', 'B0003', 'B0006', 'B0005']],
      // Equal driver pay (0 for three bookings) is broken by id, in the same direction.
      ['sortBy=driverPrice&sortDirection=asc', ['B0002', 'B0004', 'B0005', 'B0007', 'B0001', 'B0003', 'B0006']],
      ['sortBy=driverPrice&sortDirection=desc', ['B0006', 'B0003', 'B0001', 'B0007', 'B0005', 'B0004', 'B0002']],
    ])('%s', async (query, expected) => {
      expect(await refs(query)).toEqual(expected);
    });
  });

  describe('paging', () => {
    it('pages through every booking exactly once, the count staying the total', async () => {
      const seen: string[] = [];
      for (let skip = 0; skip < 7; skip += 3) {
        const response = await get(`size=3&skip=${skip}&sortBy=reference&sortDirection=asc`);
        expect(response.json<BookingListResponse>().count).toBe(7);
        seen.push(...response.json<BookingListResponse>().bookings.map((b) => b.reference));
      }
      expect(seen).toEqual(['B0001', 'B0002', 'B0003', 'B0004', 'B0005', 'B0006', 'B0007']);
    });

    it('the last partial page, a page exactly at the end and a page past it', async () => {
      expect(await refs('size=3&skip=6&sortBy=reference&sortDirection=asc')).toEqual(['B0007']);
      expect((await get('size=7&skip=7')).json()).toEqual({ count: 7, bookings: [] });
      expect((await get('size=100&skip=1000')).json()).toEqual({ count: 7, bookings: [] });
    });

    it('defaults to 100 rows from the start, and takes a size of exactly 5000', async () => {
      expect((await get('')).json<BookingListResponse>().bookings).toHaveLength(7);
      expect((await get('size=5000')).statusCode).toBe(200);
      expect(await refs('size=1')).toEqual(['B0006']);
    });

    it('refuses a size above 5000 with 400 naming the field', async () => {
      const response = await get('size=5001');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'VALIDATION',
        details: [{ field: 'querystring.size', message: 'size must be at most 5000.' }],
      });
    });
  });

  describe('bad query values answer 400 with the field', () => {
    it.each([
      ['size=0', 'querystring.size'],
      ['size=1.5', 'querystring.size'],
      ['size=ten', 'querystring.size'],
      ['skip=-1', 'querystring.skip'],
      ['statuses=quote', 'querystring.statuses'],
      ['statuses=delivered,bogus', 'querystring.statuses'],
      ['tags=NOPE', 'querystring.tags'],
      ['sortBy=price', 'querystring.sortBy'],
      ['sortDirection=up', 'querystring.sortDirection'],
      ['chargeFrom=abc', 'querystring.chargeFrom'],
      ['weightTo=-1', 'querystring.weightTo'],
      ['company=abc', 'querystring.company'],
      ['company=0', 'querystring.company'],
      ['driverNumber=1.5', 'querystring.driverNumber'],
      ['carrier=99999999999', 'querystring.carrier'],
      ['windowStart=2026-13-01', 'querystring.windowStart'],
      ['windowStart=2026-02-30', 'querystring.windowStart'],
      ['windowEnd=yesterday', 'querystring.windowEnd'],
      ['windowStart=2026-03-10&windowEnd=2026-03-01', 'querystring.windowEnd'],
      ['needsSameDayReviewOnly=maybe', 'querystring.needsSameDayReviewOnly'],
      ['view=BOTH', 'querystring.view'],
      ['service=FAST', 'querystring.service'],
      ['tariffService=XYZ', 'querystring.tariffService'],
      ['vehicle=TRUCK', 'querystring.vehicle'],
      [`searchQuery=${'x'.repeat(101)}`, 'querystring.searchQuery'],
      ['pageSize=10', 'querystring'],
    ])('%s', async (query, field) => {
      const response = await get(query);
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<{ error: string; details: { field: string }[] }>();
      expect(body.error).toBe('VALIDATION');
      expect(
        body.details.some((detail) => detail.field === field || detail.field.startsWith(`${field}.`)),
        JSON.stringify(body.details),
      ).toBe(true);
    });
  });

  describe('prices are for roles that see them (spec 2 §6)', () => {
    it('a telephonist gets no charge, driver pay or carrier fields at all', async () => {
      const response = await get('size=100', telephonist);
      expect(response.statusCode).toBe(200);
      const body = bookingListResponseSchema.parse(response.json());
      expect(body.count).toBe(7);
      for (const key of PRICE_KEYS) expect(response.body, key).not.toContain(`"${key}"`);
      const b4 = body.bookings.find((b) => b.reference === 'B0004');
      expect(b4?.jobs[0]?.carrier?.name).toBe('DPD Ireland');
      expect(Object.keys(b4 ?? {})).not.toContain('exVatPrice');
    });

    // The refusal names filters and columns as the booking list's filters do, never by their API keys.
    it.each([
      ['chargeFrom=10', 'Charge min'],
      ['chargeTo=10', 'Charge max'],
      ['driverPayFrom=1', 'Driver pay min'],
      ['driverPayTo=1', 'Driver pay max'],
      ['carrierCostFrom=1', 'Carrier cost min'],
      ['carrierCostTo=5', 'Carrier cost max'],
      ['chargeFrom=10&driverPayTo=5', 'Charge min, Driver pay max'],
    ])('refuses the price filter %s to a telephonist with 403, naming it %s', async (query, named) => {
      const response = await get(query, telephonist);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'FORBIDDEN',
        message: `Your role may not filter by price (${named}).`,
      });
    });

    it.each([
      ['customerCharge', 'Charge'],
      ['exVatPrice', 'Charge ex VAT'],
      ['driverPrice', 'Driver pay'],
    ])('refuses sorting by %s to a telephonist with 403, naming the column %s', async (sortBy, column) => {
      const response = await get(`sortBy=${sortBy}`, telephonist);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'FORBIDDEN', message: `Your role may not sort by ${column}.` });
    });

    it('a zero price bound is no filter, so a telephonist may send it', async () => {
      expect(await refs('chargeFrom=0&driverPayTo=0', telephonist)).toEqual(ALL_NEWEST_FIRST);
    });

    it('non-price filters and sorts work for a telephonist', async () => {
      expect(await refs('sortBy=weight&sortDirection=asc&view=SAME_DAY', telephonist)).toEqual([
        'B0007',
        'B0001',
        'B0003',
        'B0006',
        'B0002',
      ]);
    });
  });
});
