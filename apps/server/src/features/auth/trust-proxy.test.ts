import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../config.ts';
import { signInFailures, users } from '../../db/schema/index.ts';
import { createUser, uniqueSuffix } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, or the listed addresses and ranges', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback,192.168.0.0/255.255.0.0')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
      '192.168.0.0/255.255.0.0',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it.each(['true', 'yes', '1', '2', '10.0.0.0/33', 'proxy.example.ie', '1.2.3', '10.0.0.1/8/8'])(
    'refuses %s',
    (value) => {
      expect(() => parseTrustProxy(value)).toThrow(
        /TRUST_PROXY must be a comma-separated list of the proxies' addresses/,
      );
    },
  );
});

describe.each(databaseKinds)('client address behind proxies on %s', (kind) => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([
      createTestApp(kind),
      createTestApp(kind, { env: { TRUST_PROXY: '10.7.7.0/24' } }),
    ]);
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  const login = (t: TestApp, payload: object, remoteAddress: string, forwardedFor?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
  const storedIp = async (t: TestApp, userId: number) =>
    (await t.db.select({ ip: users.ip }).from(users).where(eq(users.id, userId)))[0]?.ip;

  it('by default ignores X-Forwarded-For: the stored address is the socket one', async () => {
    const user = await createUser(direct.db, { roles: ['ACCOUNTS'] });
    const response = await login(direct, { email: user.email, password: user.password }, '10.9.9.9', '203.0.113.7');
    expect(response.statusCode).toBe(200);
    expect(await storedIp(direct, user.id)).toBe('10.9.9.9');
  });

  it('by default a new forged X-Forwarded-For on each try does not reset the per-address limit', async () => {
    const address = '10.8.8.8';
    for (let attempt = 1; attempt <= 30; attempt++) {
      const response = await login(
        direct,
        { email: `guess.${attempt}.${uniqueSuffix()}@test.ie`, password: 'guess' },
        address,
        `198.51.100.${attempt}`,
      );
      expect(response.statusCode, `failure ${attempt}`).toBe(401);
    }
    const user = await createUser(direct.db, { roles: ['ACCOUNTS'] });
    const blocked = await login(direct, { email: user.email, password: user.password }, address, '198.51.100.200');
    expect(blocked.statusCode).toBe(429);
  });

  it('with TRUST_PROXY naming the proxy takes the address the proxy forwarded, for the limit and the stored address', async () => {
    const proxy = '10.7.7.7';
    for (let attempt = 1; attempt <= 30; attempt++) {
      const response = await login(
        proxied,
        { email: `guess.${attempt}.${uniqueSuffix()}@test.ie`, password: 'guess' },
        proxy,
        '198.51.100.1',
      );
      expect(response.statusCode, `failure ${attempt}`).toBe(401);
    }
    const user = await createUser(proxied.db, { roles: ['ACCOUNTS'] });
    const blocked = await login(proxied, { email: user.email, password: user.password }, proxy, '198.51.100.1');
    expect(blocked.statusCode).toBe(429);

    // A client that is not the proxy cannot forge its address.
    const direct = await login(proxied, { email: user.email, password: 'wrong' }, '192.0.2.9', '198.51.100.77');
    expect(direct.statusCode).toBe(401);
    const [failure] = await proxied.db
      .select({ ip: signInFailures.ip })
      .from(signInFailures)
      .where(eq(signInFailures.email, user.email.toLowerCase()));
    expect(failure?.ip).toBe('192.0.2.9');

    // Another client behind the same proxy is not limited, and its own address is stored.
    const other = await login(proxied, { email: user.email, password: user.password }, proxy, '198.51.100.2');
    expect(other.statusCode).toBe(200);
    expect(await storedIp(proxied, user.id)).toBe('198.51.100.2');
  });

  it('with TRUST_PROXY naming the proxy never stores forwarded text that is not an IP address', async () => {
    const user = await createUser(proxied.db, { roles: ['ACCOUNTS'] });
    const response = await login(
      proxied,
      { email: user.email, password: user.password },
      '10.7.7.6',
      '<script>alert(1)</script>',
    );
    expect(response.statusCode).toBe(200);
    expect(await storedIp(proxied, user.id)).toBe('10.7.7.6');
  });
});
