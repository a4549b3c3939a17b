import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

describe.each(databaseKinds)('system routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('answers GET /api/health with ok and the database engine', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: kind });
  });

  it('serves the public configuration without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      courierWebsiteUrl: t.config.courierWebsiteUrl,
      docketBaseUrl: t.config.docketBaseUrl,
      paymentProviderCustomerUrl: t.config.paymentProviderCustomerUrl,
      mapTileUrl: '',
      priceIncreasesEnabled: false,
    });
  });

  it('publishes an OpenAPI document with the auth and company paths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document: { openapi: string; paths: Record<string, Record<string, unknown>> } = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/auth/login']).toHaveProperty('post');
    expect(document.paths['/api/company']).toHaveProperty('post');
    expect(document.paths['/api/company/{id}']).toHaveProperty('get');
  });

  it('serves the API docs page', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'No such route: GET /api/no-such-thing' });
  });
});
