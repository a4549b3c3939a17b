import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRICE_INCREASE_SECRET, loadConfig, withDemoDefaults } from '../../config.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

const POSTGRES = 'postgres://courier@db.example.ie:5432/courier';

describe('the demo authorisation code for increases', () => {
  const secretOf = (env: NodeJS.ProcessEnv) =>
    withDemoDefaults(loadConfig({ WEB_DIST: '', ...env })).priceIncreaseSecret;

  it('is set on the embedded demo when no code is configured', () => {
    expect(secretOf({})).toBe(DEMO_PRICE_INCREASE_SECRET);
    expect(secretOf({ DEMO_DATA: '1' })).toBe(DEMO_PRICE_INCREASE_SECRET);
  });

  it('is never set on PostgreSQL without DEMO_DATA=1', () => {
    expect(secretOf({ DATABASE_URL: POSTGRES })).toBeNull();
    expect(secretOf({ DATABASE_URL: POSTGRES, DEMO_DATA: '0' })).toBeNull();
  });

  it('is set on PostgreSQL with DEMO_DATA=1, where the demo logins are too', () => {
    expect(secretOf({ DATABASE_URL: POSTGRES, DEMO_DATA: '1' })).toBe(DEMO_PRICE_INCREASE_SECRET);
  });

  it('is not set when the demo data is switched off on the embedded database', () => {
    expect(secretOf({ DEMO_DATA: '0' })).toBeNull();
  });

  it('never replaces a configured code', () => {
    expect(secretOf({ PRICE_INCREASE_SECRET: 'office-code' })).toBe('office-code');
    expect(secretOf({ DATABASE_URL: POSTGRES, PRICE_INCREASE_SECRET: 'office-code' })).toBe('office-code');
  });
});

describe.each(databaseKinds)('whether increases are switched on, in the public configuration, on %s', (kind) => {
  let off: TestApp, on: TestApp;
  beforeAll(async () => {
    [off, on] = await Promise.all([
      createTestApp(kind, { env: { DEMO_DATA: '0' } }),
      createTestApp(kind, { env: { PRICE_INCREASE_SECRET: 'office-code' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([off?.close(), on?.close()]);
  });

  const publicConfig = async (t: TestApp) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    return response.json<{ priceIncreasesEnabled: boolean }>();
  };

  it('says false without PRICE_INCREASE_SECRET, before anyone signs in', async () => {
    expect((await publicConfig(off)).priceIncreasesEnabled).toBe(false);
  });

  it('says true with it, and never gives the code away', async () => {
    const config = await publicConfig(on);
    expect(config.priceIncreasesEnabled).toBe(true);
    expect(JSON.stringify(config)).not.toContain('office-code');
  });
});
