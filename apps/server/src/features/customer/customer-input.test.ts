import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createCustomerWorld, type CustomerWorld } from './customer-factories.ts';

type Call = { method: 'GET' | 'POST'; url: string; payload?: object };

const long = 'x'.repeat(5000);
const nul = 'PO\u0000-1';
/**
 * Path segments stay under Fastify's router limit (maxParamLength 100): a longer one is answered 400
 * by the router before any route runs, app-wide (app.ts, http/errors.ts), so the schemas' own limit is tested here.
 */
const longSegment = 'x'.repeat(99);

describe.each(databaseKinds)('customer and tracking input on %s', (kind) => {
  let t: TestApp, world: CustomerWorld;
  beforeAll(async () => {
    t = await createTestApp(kind);
    world = await createCustomerWorld(t);
  });
  afterAll(() => t?.close());

  const order = (values: object = {}) => ({
    companyId: world.a.companyId,
    collectionPlaceId: world.placeIds.a,
    deliveryPlaceId: world.placeIds.b,
    serviceId: world.catalogue.services.bikeStandard,
    weightKg: 3,
    ...values,
  });

  const badCalls = (): [string, Call, string][] => [
    ['companyId 0', { method: 'GET', url: '/api/customer/bookings?companyId=0' }, 'querystring.companyId'],
    ['companyId -1', { method: 'GET', url: '/api/customer/bookings?companyId=-1' }, 'querystring.companyId'],
    [
      'companyId past int4',
      { method: 'GET', url: '/api/customer/bookings?companyId=2147483648' },
      'querystring.companyId',
    ],
    ['companyId text', { method: 'GET', url: '/api/customer/bookings?companyId=abc' }, 'querystring.companyId'],
    ['companyId 1.5', { method: 'GET', url: '/api/customer/drivers?companyId=1.5' }, 'querystring.companyId'],
    [
      'csv companyId 1e10',
      { method: 'GET', url: '/api/customer/bookings/csv?companyId=1e10' },
      'querystring.companyId',
    ],
    ['size 101', { method: 'GET', url: '/api/customer/bookings?size=101' }, 'querystring.size'],
    ['skip -1', { method: 'GET', url: '/api/customer/bookings?skip=-1' }, 'querystring.skip'],
    ['unknown status', { method: 'GET', url: '/api/customer/bookings?status=lost' }, 'querystring.status'],
    ['from not a date', { method: 'GET', url: '/api/customer/bookings?from=yesterday' }, 'querystring.from'],
    ['from year 0001', { method: 'GET', url: '/api/customer/bookings?from=0001-01-01' }, 'querystring.from'],
    [
      'from after to',
      { method: 'GET', url: '/api/customer/bookings?from=2026-02-01&to=2026-01-01' },
      'querystring.from',
    ],
    ['5,000-char search', { method: 'GET', url: `/api/customer/bookings?search=${long}` }, 'querystring.search'],
    [
      'NUL in search',
      { method: 'GET', url: `/api/customer/bookings?search=${encodeURIComponent(nul)}` },
      'querystring.search',
    ],
    [
      'quote companyId past int4',
      { method: 'POST', url: '/api/customer/quote', payload: order({ companyId: 2147483648 }) },
      'body.companyId',
    ],
    [
      'quote serviceId 0',
      { method: 'POST', url: '/api/customer/quote', payload: order({ serviceId: 0 }) },
      'body.serviceId',
    ],
    [
      'quote weight -1',
      { method: 'POST', url: '/api/customer/quote', payload: order({ weightKg: -1 }) },
      'body.weightKg',
    ],
    [
      'quote weight text',
      { method: 'POST', url: '/api/customer/quote', payload: order({ weightKg: 'heavy' }) },
      'body.weightKg',
    ],
    [
      'quote packages 0',
      { method: 'POST', url: '/api/customer/quote', payload: order({ numberOfPackages: 0 }) },
      'body.numberOfPackages',
    ],
    [
      'quote 5,000-char place',
      { method: 'POST', url: '/api/customer/quote', payload: order({ deliveryPlaceId: long }) },
      'body.deliveryPlaceId',
    ],
    [
      'quote NUL place',
      { method: 'POST', url: '/api/customer/quote', payload: order({ collectionPlaceId: nul }) },
      'body.collectionPlaceId',
    ],
    [
      'booking reference not a uid',
      { method: 'POST', url: '/api/customer/booking/12345', payload: {} },
      'params.reference',
    ],
    [
      'booking 99-char reference',
      { method: 'POST', url: `/api/customer/booking/${longSegment}`, payload: {} },
      'params.reference',
    ],
    [
      'booking 5,000-char notes',
      { method: 'POST', url: '/api/customer/booking/new', payload: { order: order(), notes: long } },
      'body.notes',
    ],
    [
      'booking NUL reference',
      { method: 'POST', url: '/api/customer/booking/new', payload: { order: order(), clientReference: nul } },
      'body.clientReference',
    ],
    [
      'booking collection time',
      { method: 'POST', url: '/api/customer/booking/new', payload: { order: order(), collectionTime: '9am' } },
      'body.collectionTime',
    ],
    [
      'cancel userUUID not a UUID',
      { method: 'POST', url: '/api/customer/booking/CB1/cancel', payload: { userUUID: '42' } },
      'body.userUUID',
    ],
    [
      'cancel 99-char reference',
      { method: 'POST', url: `/api/customer/booking/${longSegment}/cancel`, payload: { userUUID: world.a.user.uuid } },
      'params.reference',
    ],
    [
      'cancel NUL reference',
      {
        method: 'POST',
        url: `/api/customer/booking/${encodeURIComponent(nul)}/cancel`,
        payload: { userUUID: world.a.user.uuid },
      },
      'params.reference',
    ],
    ['place search 5,000 chars', { method: 'GET', url: `/api/customer/place/search?q=${long}` }, 'querystring.q'],
    [
      'place search NUL',
      { method: 'GET', url: `/api/customer/place/search?q=${encodeURIComponent(nul)}` },
      'querystring.q',
    ],
    ['place 99-char id', { method: 'GET', url: `/api/customer/place/${longSegment}` }, 'params.placeId'],
    ['place NUL id', { method: 'GET', url: `/api/customer/place/${encodeURIComponent(nul)}` }, 'params.placeId'],
    ['events size 0', { method: 'GET', url: '/api/tracking/events?size=0' }, 'querystring.size'],
    ['events size 101', { method: 'GET', url: '/api/tracking/events?size=101' }, 'querystring.size'],
    ['events skip past int4', { method: 'GET', url: '/api/tracking/events?skip=2147483648' }, 'querystring.skip'],
    ['events from a day only', { method: 'GET', url: '/api/tracking/events?from=2026-01-05' }, 'querystring.from'],
    [
      'events from year 0001',
      { method: 'GET', url: '/api/tracking/events?from=0001-01-01T00:00:00Z' },
      'querystring.from',
    ],
    [
      'events from after to',
      { method: 'GET', url: '/api/tracking/events?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z' },
      'querystring.from',
    ],
    [
      'events 5,000-char job',
      { method: 'GET', url: `/api/tracking/events?jobReference=${long}` },
      'querystring.jobReference',
    ],
    [
      'events NUL job',
      { method: 'GET', url: `/api/tracking/events?jobReference=${encodeURIComponent(nul)}` },
      'querystring.jobReference',
    ],
  ];

  it('answers odd ids, NUL characters and 5,000-character text with a 400 naming the field', async () => {
    for (const [name, call, field] of badCalls()) {
      const response = await t.app.inject({ ...call, headers: bearer(world.a.token) });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      const body = response.json<{ error: string; message: string; details?: { field: string }[] }>();
      expect(body.error, name).toBe('VALIDATION');
      expect(body.message, name).not.toBe('');
      expect(body.details?.map((detail) => detail.field) ?? [], name).toContain(field);
    }
  });
});
