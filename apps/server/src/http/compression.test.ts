import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../test/factories.ts';
import { createBookingFixtureApp } from '../test/bookings-fixture.ts';
import { databaseKinds, type TestApp } from '../test/test-app.ts';
import { chooseEncoding, COMPRESS_MIN_BYTES } from './compression.ts';

describe('chooseEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.0, GZIP;q=0.5', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['*', 'gzip'],
    ['deflate', null],
  ] as const)('%j → %j', (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });
});

describe.each(databaseKinds)('compressed API answers on %s', (kind) => {
  let t: TestApp, accounts: string;
  beforeAll(async () => {
    ({ t, accounts } = await createBookingFixtureApp(kind));
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(accounts), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('the booking list comes brotli- or gzip-compressed as the browser accepts, and reads back the same', async () => {
    const plain = await get('/api/bookings?size=100');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await get('/api/bookings?size=100', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gz = await get('/api/bookings?size=100', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('a small answer and an error answer stay readable; the CSV export decodes to the same text', async () => {
    const health = await get('/api/health', 'gzip, br');
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toBeTruthy();

    const bad = await get('/api/bookings?size=abc', 'gzip, br');
    expect(bad.statusCode).toBe(400);
    const badBody = bad.headers['content-encoding'] === 'br' ? brotliDecompressSync(bad.rawPayload) : bad.rawPayload;
    expect(JSON.parse(badBody.toString('utf8')).message).toEqual(expect.any(String));

    const csvPlain = await get('/api/bookings/csv');
    const csv = await get('/api/bookings/csv', 'gzip');
    expect(csv.statusCode).toBe(200);
    const text = csv.headers['content-encoding'] === 'gzip' ? gunzipSync(csv.rawPayload) : csv.rawPayload;
    expect(text.toString('utf8')).toBe(csvPlain.body);
  });
});
