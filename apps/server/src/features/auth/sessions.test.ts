import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { sessions } from '../../db/schema/index.ts';
import { SESSION_COOKIE, hashToken } from '../../http/access.ts';
import { bearer, createUser, signIn, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

describe.each(databaseKinds)('sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const checkSession = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth', headers });

  it('GET /api/auth answers 200 with the expiry for a valid token', async () => {
    const before = Date.now();
    const token = await signInAs(t, ['DISPATCHER']);
    const response = await checkSession(bearer(token));
    expect(response.statusCode).toBe(200);
    const body: { valid: boolean; expiresAt: string } = response.json();
    expect(body.valid).toBe(true);
    // The default session lasts 12 hours.
    const expiresAt = new Date(body.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 12 * 60 * 60_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 12 * 60 * 60_000 + 1000);
  });

  it('GET /api/auth answers 401 without a token and for a token nobody issued', async () => {
    const none = await checkSession({});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'UNAUTHORISED', message: 'Please sign in to continue.' });

    const made = await checkSession(bearer('made-up-token'));
    expect(made.statusCode).toBe(401);
    expect(made.json()).toEqual({ error: 'UNAUTHORISED', message: 'Your session has expired. Please sign in again.' });
  });

  it('logout revokes the token at once and clears the cookie', async () => {
    const token = await signInAs(t, ['ACCOUNTS']);
    expect((await checkSession(bearer(token))).statusCode).toBe(200);

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ ok: true });
    const cleared = logout.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');

    const after = await checkSession(bearer(token));
    expect(after.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', cookies: { [SESSION_COOKIE]: token } })).statusCode,
    ).toBe(401);

    const [row] = await t.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });

  it('logout revokes only that session: the same user signed in elsewhere stays signed in', async () => {
    const user = await createUser(t.db, { roles: ['ACCOUNTS'] });
    const laptop = await signIn(t, user);
    const phone = await signIn(t, user);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [SESSION_COOKIE]: laptop } });
    expect((await checkSession(bearer(laptop))).statusCode).toBe(401);
    expect((await checkSession(bearer(phone))).statusCode).toBe(200);
  });

  it('logout without a session still answers 200', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('an expired session answers 401 everywhere', async () => {
    const token = await signInAs(t, ['ACCOUNTS']);
    expect((await checkSession(bearer(token))).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(token)));

    const response = await checkSession(bearer(token));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'UNAUTHORISED',
      message: 'Your session has expired. Please sign in again.',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const token = await signInAs(t, ['ACCOUNTS']);
    const stored = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.map((s) => s.tokenHash)).toContain(hashToken(token));
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);
  });
});

describe.each(databaseKinds)('session lifetime from SESSION_TTL_MINUTES on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { SESSION_TTL_MINUTES: '0.001' } }); // 60 ms
  });
  afterAll(() => t?.close());

  it('a session stops working once its lifetime has passed', async () => {
    const token = await signInAs(t, ['ACCOUNTS']);
    const [row] = await t.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.expiresAt.getTime()).toBeLessThan(Date.now() + 1000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const response = await t.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
  });
});

describe.each(databaseKinds)('idle timeout from SESSION_IDLE_MINUTES on %s', (kind) => {
  let t: TestApp;
  let short: TestApp;
  beforeAll(async () => {
    [t, short] = await Promise.all([createTestApp(kind), createTestApp(kind, { env: { SESSION_IDLE_MINUTES: '5' } })]);
  });
  afterAll(async () => {
    await t?.close();
    await short?.close();
  });

  const lastUsed = (app: TestApp, token: string, ago: string) =>
    app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - ${ago}::interval` })
      .where(eq(sessions.tokenHash, hashToken(token)));
  const lastSeenAt = async (app: TestApp, token: string) =>
    (
      await app.db
        .select({ lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
    )[0]?.lastSeenAt;
  const checkSession = (app: TestApp, token: string) =>
    app.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });

  it('by default a session unused for more than 60 minutes answers 401, well before its 12-hour expiry', async () => {
    const token = await signInAs(t, ['ACCOUNTS']);
    await lastUsed(t, token, '61 minutes');
    const response = await checkSession(t, token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'UNAUTHORISED',
      message: 'Your session has expired. Please sign in again.',
    });
    // Using it again does not revive it.
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('each use moves the idle timeout on', async () => {
    const token = await signInAs(t, ['ACCOUNTS']);
    await lastUsed(t, token, '59 minutes');
    expect((await checkSession(t, token)).statusCode).toBe(200);
    expect((await lastSeenAt(t, token))?.getTime()).toBeGreaterThan(Date.now() - 60_000);

    await lastUsed(t, token, '59 minutes');
    expect((await checkSession(t, token)).statusCode).toBe(200);
  });

  it('follows SESSION_IDLE_MINUTES', async () => {
    const token = await signInAs(short, ['ACCOUNTS']);
    await lastUsed(short, token, '4 minutes');
    expect((await checkSession(short, token)).statusCode).toBe(200);
    await lastUsed(short, token, '6 minutes');
    expect((await checkSession(short, token)).statusCode).toBe(401);
  });

  it('refuses a SESSION_IDLE_MINUTES that is not a positive number', () => {
    expect(loadConfig({}).sessionIdleMinutes).toBe(60);
    for (const value of ['0', '-5', 'soon'])
      expect(() => loadConfig({ SESSION_IDLE_MINUTES: value })).toThrow(
        /SESSION_IDLE_MINUTES must be a positive number/,
      );
  });
});
