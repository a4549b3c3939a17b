import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '../../db/client.ts';
import { createBooking, createBookingCatalogue, type BookingCatalogue } from '../../test/booking-factories.ts';
import { bearer, createCompany, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createBookingFixture, createBookingFixtureApp, type BookingFixture } from '../../test/bookings-fixture.ts';

/** Many bookings in one statement (generate_series), sharing creation times so batches meet ties. */
async function insertManyBookings(
  db: Db,
  options: { count: number; companyId: number; serviceId: number; prefix: string },
): Promise<void> {
  await db.execute(sql`
    insert into bookings (reference, company_id, service_id, type, status, created_at, ex_vat_price, driver_price, weight_of_packages)
    select ${options.prefix} || lpad(n::text, 7, '0'), ${options.companyId}, ${options.serviceId}, 'same_day', 'delivered',
           timestamptz '2025-06-01 09:00:00+00' + ((n / 7) * interval '1 minute'), (n % 90) + 9.5, (n % 30) + 3.25, (n % 20) + 0.5
    from generate_series(1, ${options.count}) as n
  `);
}

/** RFC 4180 rows: quoted fields may hold commas, doubled quotes and line breaks. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (c !== '\r') field += c;
  }
  if (field || row.length > 0) rows.push([...row, field]);
  return rows;
}

describe.each(databaseKinds)('bookings CSV on %s', (kind) => {
  let t: TestApp, fixture: BookingFixture, accounts: string, telephonist: string;

  beforeAll(async () => {
    ({ t, fixture, accounts, telephonist } = await createBookingFixtureApp(kind));
    await insertManyBookings(t.db, {
      count: 4321,
      companyId: fixture.companyB,
      serviceId: fixture.catalogue.services.bikeStandard,
      prefix: 'M',
    });
  });
  afterAll(() => t?.close());

  const csv = (query: string, token = accounts) =>
    t.app.inject({ method: 'GET', url: `/api/bookings/csv${query ? `?${query}` : ''}`, headers: bearer(token) });
  const count = async (query: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/bookings?size=1&${query}`, headers: bearer(accounts) })).json<{
      count: number;
    }>().count;

  it('is bookings.csv, one row per booking after the header, in the list order', async () => {
    const response = await csv(`company=${fixture.companyA}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="bookings.csv"');
    const rows = csvRows(response.body);
    expect(rows[0]?.slice(0, 4)).toEqual(['Reference', 'Created', 'Account Code', 'Company']);
    expect(rows[0]).toContain('Charge');
    expect(rows.slice(1).map((row) => row[0])).toEqual(['B0004', 'B0002', 'B0001', 'B0007']);
    const b4 = Object.fromEntries((rows[0] ?? []).map((name, i) => [name, rows[1]?.[i]]));
    expect(b4).toMatchObject({
      'Account Code': 'ALC001',
      Status: 'Delivered',
      View: 'ON / OS',
      Carrier: 'DPD Ireland',
      'Client References': 'Purchase order: PO-77',
      Charge: '18.40',
      'Carrier Cost': '9.10',
      'Needs Review': 'Carrier: No reason provided',
      Created: '15/03/26 10:00',
    });
  });

  it("sums and lists a booking's jobs in one row: references, tags by label, drivers, reviews, extras, first collection and last delivery", async () => {
    const rows = csvRows((await csv('')).body);
    const rowOf = (reference: string) =>
      Object.fromEntries((rows[0] ?? []).map((name, i) => [name, rows.find((row) => row[0] === reference)?.[i]]));
    const b3 = rowOf('B0003');
    expect(b3).toMatchObject({
      Jobs: 'B0003-1 B0003-2',
      Tags: 'SECOND LEG, SPLIT',
      'Driver Numbers': '101 102',
      'Needs Review': 'Same day: Waiting time claimed by driver',
      Charge: '35.50',
      'Driver Pay': '12.25',
      'Driver Pay %': '35',
      Extras: '25.00',
      'Carrier Cost': '0.00',
      Carrier: '',
    });
    const b1 = rowOf('B0001');
    // The list's words, not the enumerations': vehicle and tags by their labels.
    expect(b1.Vehicle).toBe('Motorbike');
    expect(b1.Collection).toMatch(/\w/);
    expect(b1.Delivery).toMatch(/\w/);
    expect(b1.Collection).not.toBe(b1.Delivery);
    expect(b3).toMatchObject({ Collection: '', Delivery: '' });
  });

  it("writes a place's street once when its name is that street, as the booking's details do", async () => {
    const [place] = rowsOf<{ id: number; line: string }>(
      await t.db.execute(sql`
        select p.id, p.address_line_one as line from booking_jobs bj
        join bookings b on b.id = bj.booking_id join places p on p.id = bj.collection_place_id
        where b.reference = 'B0001' order by bj.id limit 1`),
    );
    if (!place) throw new Error('B0001 has no collection place');
    const [before] = rowsOf<{ name: string }>(await t.db.execute(sql`select name from places where id = ${place.id}`));
    await t.db.execute(sql`update places set name = address_line_one where id = ${place.id}`);
    try {
      const rows = csvRows((await csv('')).body);
      const collection = rows[0]?.indexOf('Collection') ?? -1;
      const text = rows.find((row) => row[0] === 'B0001')?.[collection] ?? '';
      expect(text.startsWith(`${place.line}, `)).toBe(true);
      expect(text.split(place.line)).toHaveLength(2);
    } finally {
      await t.db.execute(sql`update places set name = ${before?.name ?? ''} where id = ${place.id}`);
    }
  });

  it('has as many rows as the list counts, across batches with tied sort values, each booking once', async () => {
    for (const query of [
      '',
      'sortBy=createdAt&sortDirection=asc',
      'sortBy=exVatPrice&sortDirection=desc',
      'sortBy=weight&sortDirection=asc',
      'sortBy=reference&sortDirection=desc',
      `company=${fixture.companyB}&chargeFrom=50`,
    ]) {
      const rows = csvRows((await csv(query)).body).slice(1);
      const expected = await count(query);
      expect(rows.length, query).toBe(expected);
      expect(new Set(rows.map((row) => row[0])).size, query).toBe(expected);
    }
    expect(await count('')).toBe(7 + 4321);
  });

  it('follows the list order exactly', async () => {
    const query = 'sortBy=weight&sortDirection=desc&size=5000';
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/bookings?${query}`, headers: bearer(accounts) })
    ).json<{ bookings: { reference: string }[] }>();
    const rows = csvRows((await csv('sortBy=weight&sortDirection=desc')).body).slice(1);
    expect(rows.map((row) => row[0])).toEqual(list.bookings.map((b) => b.reference));
  });

  it('is streamed: sent in chunks without a length', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/bookings/csv`, { headers: bearer(accounts) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const reader = response.body?.getReader();
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      chunks++;
      text += decoder.decode(next.value, { stream: true });
    }
    expect(chunks).toBeGreaterThan(1);
    expect(csvRows(text).length).toBe(1 + 7 + 4321);
  });

  it('leaves the price columns out for a telephonist and refuses price filters', async () => {
    const response = await csv('view=ON_OS', telephonist);
    expect(response.statusCode).toBe(200);
    const rows = csvRows(response.body);
    expect(rows[0]).not.toContain('Charge');
    expect(rows[0]).not.toContain('Driver Pay');
    expect(rows[0]).not.toContain('Carrier Cost');
    expect(rows.slice(1).map((row) => row[0])).toEqual(['B0005', 'B0004']);
    expect(response.body).not.toContain('64.00');
    expect((await csv('chargeFrom=5', telephonist)).statusCode).toBe(403);
  });

  it('validates the query like the list', async () => {
    const response = await csv('statuses=nope');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION' });
    expect((await csv('size=10')).statusCode).toBe(400);
  });
});

describe.each(databaseKinds)('bookings CSV limit on %s', (kind) => {
  let t: TestApp;
  let accounts: string;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const fixture = await createBookingFixture(t.db);
    companyId = fixture.companyB;
    // With the fixture's 3 bookings of company B: exactly 100,000.
    await insertManyBookings(t.db, {
      count: 99_997,
      companyId,
      serviceId: fixture.catalogue.services.bikeStandard,
      prefix: 'L',
    });
    accounts = await signInAs(t, ['ACCOUNTS']);
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses 100,000 rows with a clear 400', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/csv?company=${companyId}`,
      headers: bearer(accounts),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION',
      message:
        'This search matches 100,000 bookings; a CSV can hold fewer than 100,000. Narrow the filters (dates, company or status) and try again.',
    });
  });

  it('refuses more than 100,000 too, and the list itself still answers', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/bookings/csv', headers: bearer(accounts) })).statusCode,
    ).toBe(400);
    const list = await t.app.inject({ method: 'GET', url: '/api/bookings?size=10', headers: bearer(accounts) });
    expect(list.json<{ count: number }>().count).toBe(100_004);
  });
});

describe.each(databaseKinds)('bookings CSV against formula injection on %s', (kind) => {
  let t: TestApp, catalogue: BookingCatalogue;
  beforeAll(async () => {
    t = await createTestApp(kind);
    catalogue = await createBookingCatalogue(t.db);
  });
  afterAll(() => t?.close());

  it('neutralises company names and account codes a spreadsheet would run as formulas', async () => {
    const company = await createCompany(t.db, {
      company: { name: '=HYPERLINK("http://evil.example","Click me")', accountCode: '+EVIL01' },
    });
    await createBooking(t.db, {
      booking: {
        reference: '@B0001',
        companyId: company.id,
        serviceId: catalogue.services.bikeStandard,
        type: 'same_day',
        status: 'delivered',
        exVatPrice: -12.5,
      },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/csv?company=${company.id}`,
      headers: bearer(await signInAs(t, ['ACCOUNTS'])),
    });
    expect(response.statusCode).toBe(200);
    const [header, row] = csvRows(response.body);
    const cells = Object.fromEntries((header ?? []).map((name, i) => [name, row?.[i]]));
    expect(cells).toMatchObject({
      Reference: "'@B0001",
      Company: `'=HYPERLINK("http://evil.example","Click me")`,
      'Account Code': "'+EVIL01",
      // A negative amount is a number, not a formula: it stays one.
      Charge: '-12.50',
    });
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click me"")"`);
  });

  it('lists each driver once by number and each tag once by its label, sorted', async () => {
    const company = await createCompany(t.db, { company: { name: 'Order Ltd', accountCode: 'ORD01' } });
    await createBooking(t.db, {
      booking: {
        reference: 'D0001',
        companyId: company.id,
        serviceId: catalogue.services.bikeStandard,
        type: 'same_day',
        status: 'delivered',
      },
      jobs: [
        { driverNumber: 100, driverTwoNumber: 99, tags: ['SPLIT', 'NEW_KIND'] },
        { driverNumber: 99, driverTwoNumber: null, tags: ['SPLIT', 'SECOND_LEG'] },
        { driverNumber: 1000, tags: [] },
      ],
    });
    // One job, two drivers and two tags, out of order.
    await createBooking(t.db, {
      booking: {
        reference: 'D0002',
        companyId: company.id,
        serviceId: catalogue.services.bikeStandard,
        type: 'same_day',
        status: 'delivered',
      },
      jobs: [{ driverNumber: 100, driverTwoNumber: 99, tags: ['SPLIT', 'SECOND_LEG'] }],
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/csv?company=${company.id}`,
      headers: bearer(await signInAs(t, ['ACCOUNTS'])),
    });
    const [header, ...rows] = csvRows(response.body);
    const cellsOf = (reference: string) =>
      Object.fromEntries((header ?? []).map((name, i) => [name, rows.find((row) => row[0] === reference)?.[i]]));
    // By number, not as text ('100 1000 99'); a tag the list has no label for reads with spaces.
    expect(cellsOf('D0001')).toMatchObject({ 'Driver Numbers': '99 100 1000', Tags: 'NEW KIND, SECOND LEG, SPLIT' });
    expect(cellsOf('D0002')).toMatchObject({ 'Driver Numbers': '99 100', Tags: 'SECOND LEG, SPLIT' });
  });
});
