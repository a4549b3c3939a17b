import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestAppSignedInAs } from '../test/factories.ts';
import { databaseKinds, type TestApp } from '../test/test-app.ts';

describe.each(databaseKinds)('bad input is a 400 naming the field, never a 500, on %s', (kind) => {
  let t: TestApp, token: string;
  beforeAll(async () => {
    ({ t, token } = await createTestAppSignedInAs(kind, ['SUPERADMIN']));
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('a NUL in the sign-in body, with no session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000@test.ie', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION',
      message:
        'Invalid body.email: Holds an invisible character (NUL) that cannot be saved: type the text again instead of pasting it.',
      details: [
        {
          field: 'body.email',
          message:
            'Holds an invisible character (NUL) that cannot be saved: type the text again instead of pasting it.',
        },
      ],
    });
  });

  it('a NUL in a query parameter, a path parameter and a nested body field', async () => {
    const query = await get('/api/company/search?query=ac%00me');
    expect(query.statusCode).toBe(400);
    expect(query.json().details).toEqual([
      {
        field: 'querystring.query',
        message: 'Holds an invisible character (NUL) that cannot be saved: type the text again instead of pasting it.',
      },
    ]);

    const path = await get('/api/bookings/job/J%00/tasks');
    expect(path.statusCode).toBe(400);
    expect(path.json().details).toEqual([
      {
        field: 'params.ref',
        message: 'Holds an invisible character (NUL) that cannot be saved: type the text again instead of pasting it.',
      },
    ]);

    const body = await t.app.inject({
      method: 'PUT',
      url: '/api/bookings/reference',
      headers: bearer(token),
      payload: { bookingId: 1, companyReferences: [{ id: 1, value: 'PO\u0000' }] },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().details).toEqual([
      {
        field: 'body.companyReferences.0.value',
        message: 'Holds an invisible character (NUL) that cannot be saved: type the text again instead of pasting it.',
      },
    ]);
  });

  const NUL_MESSAGE =
    'Holds an invisible character (NUL) that cannot be saved: type the text again instead of pasting it.';
  const createAdjustment = (url: string, fields: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      payload: {
        jobId: 1,
        type: 'ADMIN_FEE',
        cost: 0,
        charge: 5,
        showToCustomer: true,
        applySurcharge: false,
        ...fields,
      },
    });

  it('NULs in two fields of a new price adjustment: both are named in one refusal, not only the first', async () => {
    const response = await createAdjustment('/api/pricing/job-price-adjustments', {
      description: 'Admin\u0000fee',
      internalDescription: 'internal\u0000note',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION',
      message: `Invalid body.description and body.internalDescription: ${NUL_MESSAGE}`,
      details: [
        { field: 'body.description', message: NUL_MESSAGE },
        { field: 'body.internalDescription', message: NUL_MESSAGE },
      ],
    });
  });

  it('NULs in the query, the body and a key: every field is named, in order', async () => {
    const response = await createAdjustment('/api/pricing/job-price-adjustments?jobId=1%00', {
      description: 'Admin\u0000fee',
      internalDescription: 'internal\u0000note',
      extra: [{ ['bad\u0000key']: 'x\u0000' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION',
      message: `Invalid querystring.jobId, body.description, body.internalDescription and body.extra.0.badkey: ${NUL_MESSAGE}`,
      details: ['querystring.jobId', 'body.description', 'body.internalDescription', 'body.extra.0.badkey'].map(
        (field) => ({ field, message: NUL_MESSAGE }),
      ),
    });
  });

  it('a NUL in the Bearer token or the session cookie is just no session', async () => {
    for (const headers of [{ authorization: 'Bearer abc\u0000def' }, { cookie: 'courier_session=abc%00def' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/user', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('UNAUTHORISED');
    }
  });

  it.each(['2147483648', '99999999999999999999', '0', '-1', 'abc', '1.5'])('a path id of %s', async (id) => {
    const response = await get(`/api/pricing/tariff/${id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'VALIDATION',
      details: expect.arrayContaining([
        { field: 'params.id', message: 'id must be a whole number from 1 to 2147483647.' },
      ]),
    });
  });

  it('the largest id is a 404, not a 400', async () => {
    const response = await get('/api/pricing/tariff/2147483647');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('NOT_FOUND');
  });

  it('a body id past PostgreSQL integer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/company/setcall',
      headers: bearer(token),
      payload: { companyId: 2147483648 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'body.companyId', message: 'companyId must be a whole number from 1 to 2147483647.' },
    ]);
  });

  it.each([
    ['0000-01-01', 'windowStart must be a date from 1900 to 2999.'],
    ['1899-12-31T23:00:00Z', 'windowStart must be a date from 1900 to 2999.'],
    ['3000-01-01', 'windowStart must be a date from 1900 to 2999.'],
    ['99999-01-01', 'windowStart must be a date (yyyy-MM-dd) or an ISO date-time.'],
    ['yesterday', 'windowStart must be a date (yyyy-MM-dd) or an ISO date-time.'],
  ])('a booking window starting %s', async (date, message) => {
    const response = await get(`/api/bookings?windowStart=${encodeURIComponent(date)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'querystring.windowStart', message }]);
  });
});
