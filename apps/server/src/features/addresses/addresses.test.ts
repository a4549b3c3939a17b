import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBookEntries, places } from '../../db/schema/index.ts';
import { bearer, createCompany, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

const entry = (company: number | null, extra: object = {}) => ({
  company,
  name: 'Murphy Pharmacy',
  addressOne: '4 Main Street',
  addressTwo: '',
  city: 'Naas',
  county: 'Kildare',
  postcode: 'W91 X2Y3',
  country: 'IRELAND, REPUBLIC OF',
  countryCode: 'IE',
  latitude: 53.2159,
  longitude: -6.6669,
  contactName: 'Aoife Murphy',
  contactPhone: '+353 45 123 4567',
  notes: 'Side door',
  entryName: 'Murphy Naas',
  isPublic: company === null,
  ...extra,
});

describe.each(databaseKinds)('places and the address book on %s', (kind) => {
  let t: TestApp;
  let accounts: Record<string, string>;
  let dispatcher: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    accounts = bearer(await signInAs(t, ['ACCOUNTS']));
    dispatcher = bearer(await signInAs(t, ['DISPATCHER']));
    await t.db.insert(places).values([
      {
        placeId: 'pl_1',
        name: 'Murphy Pharmacy',
        addressLineOne: '4 Main Street',
        city: 'Naas',
        county: 'Kildare',
        postCode: 'W91 X2Y3',
        latitude: 53.2159,
        longitude: -6.6669,
      },
      {
        placeId: 'pl_2',
        name: 'Naas Depot',
        addressLineOne: '1 Murphy Road',
        city: 'Naas',
        county: 'Kildare',
        postCode: 'W91 AB12',
      },
      {
        placeId: 'pl_3',
        name: 'Kelly Clinic',
        addressLineOne: '9 Quay Street',
        city: 'Galway',
        county: 'Galway',
        postCode: 'H91 C4D5',
      },
      {
        placeId: 'pl_4',
        name: '50% Off Shop',
        addressLineOne: '2 Shop Street',
        city: 'Galway',
        county: 'Galway',
        postCode: 'H91 E6F7',
      },
    ]);
  });
  afterAll(() => t?.close());

  const get = (url: string, headers = dispatcher) => t.app.inject({ method: 'GET', url, headers });
  const postEntry = (payload: object, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/place/entry', headers, payload });

  describe('place search', () => {
    it('finds by name, address or eircode, ranked: eircode, then name, then address', async () => {
      expect((await get('/api/place/search?query=murphy')).json()).toEqual([
        {
          placeId: 'pl_1',
          name: 'Murphy Pharmacy',
          eircode: 'W91 X2Y3',
          address: '4 Main Street, Naas, Kildare, W91 X2Y3',
        },
        { placeId: 'pl_2', name: 'Naas Depot', eircode: 'W91 AB12', address: '1 Murphy Road, Naas, Kildare, W91 AB12' },
      ]);
      expect(
        (await get('/api/place/search?query=h91c4d5')).json<{ placeId: string }[]>().map((p) => p.placeId),
      ).toEqual(['pl_3']);
      expect((await get('/api/place/search?query=H91%20C4D5')).json<{ placeId: string }[]>()[0]?.placeId).toBe('pl_3');
      expect(
        (await get('/api/place/search?query=quay%20galway')).json<{ placeId: string }[]>().map((p) => p.placeId),
      ).toEqual(['pl_3']);
    });

    it('answers nothing under 3 characters; takes % literally; filterPlaceId leaves one out', async () => {
      expect((await get('/api/place/search?query=mu')).json()).toEqual([]);
      expect((await get('/api/place/search?query=50%25')).json<{ placeId: string }[]>().map((p) => p.placeId)).toEqual([
        'pl_4',
      ]);
      expect(
        (await get('/api/place/search?query=murphy&filterPlaceId=pl_1'))
          .json<{ placeId: string }[]>()
          .map((p) => p.placeId),
      ).toEqual(['pl_2']);
    });

    it('limits to an area with latitude, longitude and radius', async () => {
      const near = await get('/api/place/search?query=murphy&latitude=53.2159&longitude=-6.6669&radius=1000');
      expect(near.json<{ placeId: string }[]>().map((p) => p.placeId)).toEqual(['pl_1']);
      expect((await get('/api/place/search?query=murphy&latitude=95&longitude=0&radius=10')).statusCode).toBe(400);
    });

    it('answers a place by placeId and by id; 404 when missing; search/exisiting as id, name, description', async () => {
      const place = (await get('/api/place/pl_1')).json<{ id: number; latitude: number }>();
      expect(place).toMatchObject({
        placeId: 'pl_1',
        eircode: 'W91 X2Y3',
        latitude: 53.2159,
        country: 'IRELAND, REPUBLIC OF',
      });
      expect((await get(`/api/place/id/${place.id}`)).json()).toMatchObject({ placeId: 'pl_1' });
      expect((await get('/api/place/pl_nope')).statusCode).toBe(404);
      expect((await get('/api/place/search/exisiting?q=kelly')).json()).toEqual([
        { id: expect.any(Number), name: 'Kelly Clinic', description: '9 Quay Street, Galway, Galway, H91 C4D5' },
      ]);
    });

    it('creates a custom address with the country name derived from its code', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/place/create',
        headers: dispatcher,
        payload: {
          address: {
            name: 'Harbour Office',
            addressLineOne: '1 Pier Road',
            addressLineTwo: '',
            city: 'Belfast',
            county: 'Antrim',
            postCode: 'BT1 1AA',
            countryCode: 'GB',
            country: 'anything',
          },
        },
      });
      expect(response.statusCode).toBe(200);
      const { placeId } = response.json<{ placeId: string }>();
      expect((await get(`/api/place/${placeId}`)).json()).toMatchObject({
        name: 'Harbour Office',
        country: 'UNITED KINGDOM',
        countryCode: 'GB',
      });
      const noCountry = await t.app.inject({
        method: 'POST',
        url: '/api/place/create',
        headers: dispatcher,
        payload: { address: { name: 'X', addressLineOne: '1 Road', city: 'Cork', countryCode: '' } },
      });
      expect(noCountry.json()).toMatchObject({
        details: [{ field: 'body.address.countryCode', message: 'Please choose a country first.' }],
      });
    });
  });

  describe('address book entries', () => {
    it('creates, lists, updates and deletes a company entry (ACCOUNTS)', async () => {
      const company = await createCompany(t.db);
      const created = await postEntry(entry(company.id), accounts);
      expect(created.statusCode).toBe(200);
      const { entryId } = created.json<{ entryId: number }>();
      const listed = await get(`/api/place/entries/${company.id}`, accounts);
      expect(listed.json()).toEqual([
        {
          entryId,
          name: 'Murphy Naas',
          address: {
            name: 'Murphy Pharmacy',
            addressLineOne: '4 Main Street',
            addressLineTwo: '',
            city: 'Naas',
            county: 'Kildare',
            postCode: 'W91 X2Y3',
            country: 'IRELAND, REPUBLIC OF',
            countryCode: 'IE',
          },
          latitude: 53.2159,
          longitude: -6.6669,
          contactName: 'Aoife Murphy',
          contactPhone: '+353 45 123 4567',
          notes: 'Side door',
          companyId: company.id,
        },
      ]);
      const updated = await t.app.inject({
        method: 'PUT',
        url: '/api/place/update-entry',
        headers: accounts,
        payload: { ...entry(company.id, { notes: 'Front door' }), entryId },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ entryId, notes: 'Front door' });
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/place/delete-entry/${entryId}`,
        headers: accounts,
      });
      expect(deleted.statusCode).toBe(200);
      expect((await get(`/api/place/entries/${company.id}`, accounts)).json()).toEqual([]);
    });

    it('public entries (no company) belong to /addresses (DISPATCHER) and are listed apart', async () => {
      const created = await postEntry(entry(null, { entryName: 'Public Naas' }), dispatcher);
      expect(created.statusCode).toBe(200);
      const names = (await get('/api/place/public-entries')).json<{ name: string; companyId: null }[]>();
      expect(names.map((e) => e.name)).toContain('Public Naas');
      expect(names.every((e) => e.companyId === null)).toBe(true);
    });

    it('refuses by role: a dispatcher may not touch a company book; accounts may not touch the public one (spec 1 §6)', async () => {
      const company = await createCompany(t.db);
      const companyEntry = await postEntry(entry(company.id), dispatcher);
      expect(companyEntry.statusCode).toBe(403);
      expect(companyEntry.json()).toEqual({ error: 'FORBIDDEN', message: 'This needs one of the roles Accounts.' });
      expect((await get(`/api/place/entries/${company.id}`, dispatcher)).statusCode).toBe(403);
      expect((await postEntry(entry(null), accounts)).statusCode).toBe(403);
      expect((await get('/api/place/public-entries', accounts)).statusCode).toBe(403);
      const publicId = (await postEntry(entry(null), dispatcher)).json<{ entryId: number }>().entryId;
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/place/delete-entry/${publicId}`, headers: accounts }))
          .statusCode,
      ).toBe(403);
      expect(await t.db.select().from(addressBookEntries).where(eq(addressBookEntries.id, publicId))).toHaveLength(1);
      expect(
        (await get(`/api/place/entries/${company.id}`, bearer(await signInAs(t, ['TELEPHONIST'])))).statusCode,
      ).toBe(403);
    });

    it.each([
      ['a missing search name', { entryName: '' }, 'body.entryName', 'Please enter the search name.'],
      ['a missing county', { county: ' ' }, 'body.county', 'Please enter the county.'],
      ['a missing postcode', { postcode: '' }, 'body.postcode', 'Please enter the postcode.'],
      ['a latitude of 0', { latitude: 0 }, 'body.latitude', 'The latitude must be a number other than 0.'],
      ['a longitude of 0', { longitude: 0 }, 'body.longitude', 'The longitude must be a number other than 0.'],
      ['a latitude as text', { latitude: '53.2' }, 'body.latitude', 'The latitude must be a number.'],
      // Out of range is refused, never clamped to 90 or 180.
      ['a latitude of 999', { latitude: 999 }, 'body.latitude', 'The latitude must be between -90 and 90.'],
      [
        'a latitude just below -90',
        { latitude: -90.000001 },
        'body.latitude',
        'The latitude must be between -90 and 90.',
      ],
      ['a longitude of 200', { longitude: 200 }, 'body.longitude', 'The longitude must be between -180 and 180.'],
      [
        'a longitude just above 180',
        { longitude: 180.000001 },
        'body.longitude',
        'The longitude must be between -180 and 180.',
      ],
      ['an unknown country code', { countryCode: 'ZZ' }, 'body.countryCode', 'Please choose a country from the list.'],
      [
        'isPublic with a company',
        { isPublic: true },
        'body.isPublic',
        'An entry is public exactly when it has no company.',
      ],
    ])('refuses %s with the field named', async (_label, extra, field, message) => {
      const company = await createCompany(t.db);
      const response = await postEntry(entry(company.id, extra), accounts);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ details: unknown[] }>().details).toContainEqual({ field, message });
      expect((await get(`/api/place/entries/${company.id}`, accounts)).json()).toEqual([]);
    });

    it('takes the coordinate limits themselves (latitude ±90, longitude ±180) as they are', async () => {
      const company = await createCompany(t.db);
      for (const [latitude, longitude] of [
        [90, 180],
        [-90, -180],
      ]) {
        expect((await postEntry(entry(company.id, { latitude, longitude }), accounts)).statusCode).toBe(200);
      }
      const stored = (await get(`/api/place/entries/${company.id}`, accounts)).json<
        { latitude: number; longitude: number }[]
      >();
      expect(stored.map(({ latitude, longitude }) => [latitude, longitude]).sort()).toEqual([
        [-90, -180],
        [90, 180],
      ]);
    });

    it('refuses an update to an out-of-range longitude with the field named, and keeps the stored entry', async () => {
      const company = await createCompany(t.db);
      const { entryId } = (await postEntry(entry(company.id), accounts)).json<{ entryId: number }>();
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/place/update-entry',
        headers: accounts,
        payload: { ...entry(company.id, { longitude: 200, notes: 'Front door' }), entryId },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ details: unknown[] }>().details).toContainEqual({
        field: 'body.longitude',
        message: 'The longitude must be between -180 and 180.',
      });
      expect((await get(`/api/place/entries/${company.id}`, accounts)).json()).toMatchObject([
        { entryId, latitude: 53.2159, longitude: -6.6669, notes: 'Side door' },
      ]);
    });

    it('refuses a country name that is not the one of its code, on create and update; stores the list spelling', async () => {
      const company = await createCompany(t.db);
      const mismatch = await postEntry(entry(company.id, { country: 'FRANCE', countryCode: 'IE' }), accounts);
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json<{ details: unknown[] }>().details).toContainEqual({
        field: 'body.country',
        message: 'The country of code IE is IRELAND, REPUBLIC OF; choose the country from the list.',
      });
      expect((await get(`/api/place/entries/${company.id}`, accounts)).json()).toEqual([]);

      const created = await postEntry(entry(company.id, { country: 'france', countryCode: 'fr' }), accounts);
      expect(created.statusCode).toBe(200);
      const { entryId } = created.json<{ entryId: number }>();
      expect((await get(`/api/place/entries/${company.id}`, accounts)).json()).toMatchObject([
        { entryId, address: { country: 'FRANCE', countryCode: 'FR' } },
      ]);

      const update = await t.app.inject({
        method: 'PUT',
        url: '/api/place/update-entry',
        headers: accounts,
        payload: { ...entry(company.id, { country: 'GERMANY', countryCode: 'FR', notes: 'Front door' }), entryId },
      });
      expect(update.statusCode).toBe(400);
      expect(update.json<{ details: unknown[] }>().details).toContainEqual({
        field: 'body.country',
        message: 'The country of code FR is FRANCE; choose the country from the list.',
      });
      expect((await get(`/api/place/entries/${company.id}`, accounts)).json()).toMatchObject([
        { entryId, notes: 'Side door', address: { country: 'FRANCE' } },
      ]);
    });

    it('answers 404 for an entry that does not exist', async () => {
      expect(
        (await t.app.inject({ method: 'DELETE', url: '/api/place/delete-entry/999999', headers: accounts })).statusCode,
      ).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: '/api/place/update-entry',
            headers: accounts,
            payload: { ...entry(null), entryId: 999_999 },
          })
        ).statusCode,
      ).toBe(404);
    });
  });
});
