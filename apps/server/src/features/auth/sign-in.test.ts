import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, uniqueSuffix } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { SESSION_COOKIE } from '../../http/access.ts';

describe.each(databaseKinds)('sign-in (POST /api/auth/login) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const login = (payload: unknown, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: payload as object,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  /** A raw body in the given content type, as a client that gets it wrong would send it. */
  const postLoginAs = (contentType: string, payload: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': contentType }, payload });

  it('returns the roles and an access token, and sets an httpOnly session cookie', async () => {
    const user = await createUser(t.db, { roles: ['ACCOUNTS'] });
    const response = await login({ email: user.email, password: user.password });

    expect(response.statusCode).toBe(200);
    const body: { roles: string[]; accessToken: string } = response.json();
    expect(body).toEqual({ roles: ['ACCOUNTS'], accessToken: expect.any(String) });
    expect(body.accessToken.length).toBeGreaterThanOrEqual(32);
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ value: body.accessToken, httpOnly: true, path: '/', sameSite: 'Lax' });
  });

  it('gives a token that works as a Bearer token and as the cookie on GET /api/user', async () => {
    const user = await createUser(t.db, { roles: ['ACCOUNTS'], firstName: 'Aoife', lastName: 'Brennan' });
    const { accessToken } = (await login({ email: user.email, password: user.password })).json<{
      accessToken: string;
    }>();
    const expected = {
      uuid: user.uuid,
      firstName: 'Aoife',
      lastName: 'Brennan',
      email: user.email,
      phone: '',
      roles: '["ACCOUNTS"]',
    };

    const byBearer = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(accessToken) });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json()).toEqual(expected);

    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      cookies: { [SESSION_COOKIE]: accessToken },
    });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json()).toEqual(expected);
  });

  it('sends roles to GET /api/user as a JSON string, several roles in order', async () => {
    const user = await createUser(t.db, { roles: ['DISPATCHER', 'TELEPHONIST'] });
    const { accessToken } = (await login({ email: user.email, password: user.password })).json<{
      accessToken: string;
    }>();
    const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(accessToken) });
    expect(response.json<{ roles: string }>().roles).toBe('["DISPATCHER","TELEPHONIST"]');
  });

  it('matches the e-mail whatever its case', async () => {
    const user = await createUser(t.db, { roles: ['MANAGER'], email: `Mixed.Case.${uniqueSuffix()}@Test.ie` });
    const response = await login({ email: user.email.toUpperCase(), password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ roles: ['MANAGER'] });
  });

  it('refuses a wrong password and an unknown e-mail with the same 401 message', async () => {
    const user = await createUser(t.db, { roles: ['ACCOUNTS'] });
    const wrongPassword = await login({ email: user.email, password: 'not the password' });
    const unknownEmail = await login({ email: `nobody.${uniqueSuffix()}@test.ie`, password: user.password });

    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: 'UNAUTHORISED', message: 'The email or password is incorrect.' });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('after 5 failures for one e-mail refuses the 6th attempt, even with the right password, saying when to retry', async () => {
    const user = await createUser(t.db, { roles: ['ACCOUNTS'] });
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await login({ email: user.email, password: `wrong ${attempt}` });
      expect(response.statusCode, `failure ${attempt}`).toBe(401);
    }
    const sixth = await login({ email: user.email, password: user.password });
    expect(sixth.statusCode).toBe(429);
    const body: { error: string; message: string } = sixth.json();
    expect(body.error).toBe('RATE_LIMITED');
    expect(body.message).toMatch(/try again in 15 minutes/);

    // The limit is per e-mail, whatever its case; another user is not affected.
    expect((await login({ email: user.email.toUpperCase(), password: user.password })).statusCode).toBe(429);
    const other = await createUser(t.db, { roles: ['ACCOUNTS'] });
    expect((await login({ email: other.email, password: other.password })).statusCode).toBe(200);
  });

  it("does not let someone else's wrong passwords lock the owner out: a clean address still signs in", async () => {
    const user = await createUser(t.db, { roles: ['ACCOUNTS'] });
    const attacker = '192.0.2.10';
    for (let attempt = 1; attempt <= 5; attempt++)
      expect((await login({ email: user.email, password: `wrong ${attempt}` }, attacker)).statusCode).toBe(401);

    const owner = await login({ email: user.email, password: user.password }, '192.0.2.20');
    expect(owner.statusCode).toBe(200);

    const fromAttacker = await login({ email: user.email, password: user.password }, attacker);
    expect(fromAttacker.statusCode).toBe(429);
    expect(fromAttacker.json()).toEqual({
      error: 'RATE_LIMITED',
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
  });

  it('on an account over its limit gives a clean address one try, then refuses it too', async () => {
    const user = await createUser(t.db, { roles: ['ACCOUNTS'] });
    for (let attempt = 1; attempt <= 5; attempt++)
      expect((await login({ email: user.email, password: 'wrong' }, '192.0.2.30')).statusCode).toBe(401);

    expect((await login({ email: user.email, password: 'wrong' }, '192.0.2.31')).statusCode).toBe(401);
    expect((await login({ email: user.email, password: user.password }, '192.0.2.31')).statusCode).toBe(429);
    expect((await login({ email: user.email, password: user.password }, '192.0.2.32')).statusCode).toBe(200);
  });

  it('after 50 failures for one e-mail from any addresses refuses every address, even with the right password', async () => {
    const user = await createUser(t.db, { roles: ['ACCOUNTS'] });
    for (let attempt = 1; attempt <= 50; attempt++) {
      const address = attempt <= 5 ? '198.51.100.250' : `198.51.100.${attempt}`;
      const response = await login({ email: user.email, password: 'wrong' }, address);
      expect(response.statusCode, `failure ${attempt}`).toBe(401);
    }
    const fresh = await login({ email: user.email, password: user.password }, '203.0.113.99');
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json<{ message: string }>().message).toMatch(
      /^Too many failed sign-in attempts\. Please try again in/,
    );
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const user = await createUser(t.db, { roles: ['ACCOUNTS'] });
    for (let attempt = 1; attempt <= 4; attempt++)
      expect((await login({ email: user.email, password: 'wrong' })).statusCode).toBe(401);
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++)
      expect((await login({ email: user.email, password: 'wrong' })).statusCode).toBe(401);
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('after 30 failures from one address refuses further sign-ins from it, whatever the e-mail', async () => {
    const address = '10.20.30.40';
    for (let attempt = 1; attempt <= 30; attempt++) {
      const response = await login({ email: `guess.${attempt}.${uniqueSuffix()}@test.ie`, password: 'guess' }, address);
      expect(response.statusCode, `failure ${attempt}`).toBe(401);
    }
    const user = await createUser(t.db, { roles: ['ACCOUNTS'] });
    const blocked = await login({ email: user.email, password: user.password }, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ message: string }>().message).toMatch(/minute/);
    // Another address still signs in.
    expect((await login({ email: user.email, password: user.password }, '10.20.30.41')).statusCode).toBe(200);
  });

  it.each([
    ['no body at all', undefined, 'body'],
    ['an empty object', {}, 'body.email'],
    ['no password', { email: 'someone@test.ie' }, 'body.password'],
    ['an empty e-mail', { email: '   ', password: 'x' }, 'body.email'],
    ['a number for the e-mail', { email: 42, password: 'x' }, 'body.email'],
  ])('answers 400 with field details for %s', async (_label, payload, field) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    const body: { error: string; message: string; details: { field: string; message: string }[] } = response.json();
    expect(body.error).toBe('VALIDATION');
    expect(body.message).toEqual(expect.any(String));
    expect(body.details.map((d) => d.field)).toContain(field);
  });

  it('answers 400 for the spec messages of missing fields', async () => {
    const response = await login({ email: '', password: '' });
    const body: { details: { field: string; message: string }[] } = response.json();
    expect(body.details).toEqual(
      expect.arrayContaining([
        { field: 'body.email', message: 'Please enter your email address.' },
        { field: 'body.password', message: 'Please enter your password.' },
      ]),
    );
  });

  it('answers 400, not 500, for malformed JSON', async () => {
    const response = await postLoginAs('application/json', '{"email": "a@test.ie", "password": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION', message: expect.stringMatching(/JSON/i) });
  });

  it('answers 400, not 500, for an empty JSON body and for a body that is not JSON', async () => {
    const empty = await postLoginAs('application/json', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'VALIDATION' });

    const text = await postLoginAs('text/plain', 'email=a');
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect(text.json()).toMatchObject({ error: 'VALIDATION' });
  });
});
