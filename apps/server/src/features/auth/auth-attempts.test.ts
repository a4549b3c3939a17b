import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAttempts, backgroundRuns, outbox } from '../../db/schema/index.ts';
import { SESSION_COOKIE } from '../../http/access.ts';
import { bearer, createUser, uniqueSuffix, type TestUser } from '../../test/factories.ts';
import { deliverQueuedMessages } from '../../test/messages.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

describe.each(databaseKinds)('code sign-in (start/validate-auth-attempt) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  /** Asks for a code; the e-mail run the request queued then delivers it to the outbox. */
  const start = async (email: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/start-auth-attempt', payload: { email } });
    await deliverQueuedMessages(t.db);
    return response;
  };
  const validate = (uuid: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/validate-auth-attempt', payload: { uuid, code } });

  async function startFor(user: TestUser): Promise<{ uuid: string; code: string }> {
    const response = await start(user.email);
    expect(response.statusCode).toBe(200);
    const { uuid } = response.json<{ uuid: string }>();
    const [message] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, user.email))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = message?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`No code e-mailed to ${user.email}`);
    return { uuid, code };
  }

  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('e-mails a 6-digit code and returns an attempt id', async () => {
    const user = await createUser(t.db, { roles: ['DISPATCHER'], firstName: 'Ciarán' });
    const response = await start(user.email);

    expect(response.statusCode).toBe(200);
    const { uuid } = response.json<{ uuid: string }>();
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const messages = await t.db.select().from(outbox).where(eq(outbox.recipient, user.email));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      channel: 'email',
      recipient: user.email,
      subject: 'Your sign-in code',
      status: 'held',
    });
    expect(messages[0]?.body).toMatch(/Hello Ciarán,/);
    expect(messages[0]?.body).toMatch(/Your sign-in code is \d{6}\./);
  });

  it('signs in with the right code: roles and a token that works on /api/user', async () => {
    const user = await createUser(t.db, { roles: ['TELEPHONIST'] });
    const { uuid, code } = await startFor(user);

    const response = await validate(uuid, code);
    expect(response.statusCode).toBe(200);
    const body: { roles: string[]; accessToken: string } = response.json();
    expect(body).toEqual({ roles: ['TELEPHONIST'], accessToken: expect.any(String) });
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({
      value: body.accessToken,
      httpOnly: true,
    });

    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(body.accessToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ uuid: user.uuid, email: user.email, roles: '["TELEPHONIST"]' });
  });

  it('accepts the e-mail in any case and sends the code to the stored address', async () => {
    const user = await createUser(t.db, { roles: ['ACCOUNTS'], email: `Case.${uniqueSuffix()}@Test.ie` });
    const response = await start(user.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    const messages = await t.db.select().from(outbox).where(eq(outbox.recipient, user.email));
    expect(messages).toHaveLength(1);
  });

  it('stores the code only as a hash, and checks it without reading the outbox', async () => {
    const user = await createUser(t.db, { roles: ['ACCOUNTS'] });
    const { uuid, code } = await startFor(user);
    const [attempt] = await t.db.select().from(authAttempts).where(eq(authAttempts.uuid, uuid));
    expect(attempt?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(attempt)).not.toContain(code);
    // Nor does the queue log show it: the e-mail run's parameters hold the address and subject only.
    const runs = await t.db.select({ params: backgroundRuns.params }).from(backgroundRuns);
    expect(runs).toContainEqual({ params: { to: user.email, subject: 'Your sign-in code', attachments: [] } });
    expect(JSON.stringify(runs)).not.toContain(code);

    // The outbox keeps the message that was sent; the check does not need it.
    await t.db.delete(outbox).where(eq(outbox.recipient, user.email));
    expect((await validate(uuid, code)).statusCode).toBe(200);
  });

  it('refuses a code used twice', async () => {
    const user = await createUser(t.db, { roles: ['ACCOUNTS'] });
    const { uuid, code } = await startFor(user);
    expect((await validate(uuid, code)).statusCode).toBe(200);

    const again = await validate(uuid, code);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({
      error: 'FORBIDDEN',
      message: 'This sign-in code is no longer valid. Please request a new one.',
    });
  });

  it('counts down the tries left on a wrong code, then answers 429 after 5 wrong codes, even for the right one', async () => {
    const user = await createUser(t.db, { roles: ['ACCOUNTS'] });
    const { uuid, code } = await startFor(user);
    const wrong = wrongCodeFor(code);

    for (const left of ['4 tries', '3 tries', '2 tries', '1 try']) {
      const response = await validate(uuid, wrong);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'FORBIDDEN', message: `The code is not correct. ${left} left.` });
    }
    const fifth = await validate(uuid, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({
      error: 'RATE_LIMITED',
      message: 'Too many wrong codes. Please request a new code.',
    });

    const right = await validate(uuid, code);
    expect(right.statusCode).toBe(429);
    const [attempt] = await t.db.select().from(authAttempts).where(eq(authAttempts.uuid, uuid));
    expect(attempt).toMatchObject({ tries: 5, used: false });
  });

  it('refuses an expired code with 403', async () => {
    const user = await createUser(t.db, { roles: ['ACCOUNTS'] });
    const { uuid, code } = await startFor(user);
    await t.db
      .update(authAttempts)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authAttempts.uuid, uuid));

    const response = await validate(uuid, code);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'FORBIDDEN',
      message: 'This code has expired. Please request a new one.',
    });
  });

  it('gives the code a 10-minute lifetime', async () => {
    const user = await createUser(t.db, { roles: ['ACCOUNTS'] });
    const before = Date.now();
    const { uuid } = await startFor(user);
    const [attempt] = await t.db.select().from(authAttempts).where(eq(authAttempts.uuid, uuid));
    const lifetime = (attempt?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThan(10 * 60_000 - 1000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000 + 1000);
  });

  it('refuses an attempt id nobody issued', async () => {
    const response = await validate('00000000-0000-4000-8000-000000000000', '123456');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'FORBIDDEN',
      message: 'This sign-in code is no longer valid. Please request a new one.',
    });
  });

  it('for an unknown e-mail still returns an attempt id but sends nothing, and no code signs in with it', async () => {
    const email = `nobody.${uniqueSuffix()}@test.ie`;
    const response = await start(email);
    expect(response.statusCode).toBe(200);
    const { uuid } = response.json<{ uuid: string }>();
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, email))).toEqual([]);

    const attempt = await validate(uuid, '000000');
    expect(attempt.statusCode).toBe(403);
    expect(attempt.json<{ message: string }>().message).toBe('The code is not correct. 4 tries left.');
  });

  it('answers 429 to a 4th code request within 15 minutes, saying when to retry', async () => {
    const user = await createUser(t.db, { roles: ['ACCOUNTS'] });
    for (let request = 1; request <= 3; request++)
      expect((await start(user.email)).statusCode, `request ${request}`).toBe(200);

    const fourth = await start(user.email);
    expect(fourth.statusCode).toBe(429);
    const body: { error: string; message: string } = fourth.json();
    expect(body.error).toBe('RATE_LIMITED');
    expect(body.message).toMatch(/^Too many codes requested for this email\. Please try again in 15 minutes\.$/);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, user.email))).toHaveLength(3);

    // Requests older than the window no longer count.
    await t.db
      .update(authAttempts)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(authAttempts.email, user.email.toLowerCase()));
    expect((await start(user.email)).statusCode).toBe(200);
  });

  it.each([
    ['a code of 5 digits', { uuid: '00000000-0000-4000-8000-000000000000', code: '12345' }, 'body.code'],
    ['a code with letters', { uuid: '00000000-0000-4000-8000-000000000000', code: '12a456' }, 'body.code'],
    ['an attempt id that is not a UUID', { uuid: 'abc', code: '123456' }, 'body.uuid'],
  ])('validate answers 400 for %s', async (_label, payload, field) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/validate-auth-attempt', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: { field: string }[] }>().details.map((d) => d.field)).toEqual([field]);
  });

  it('start answers 400 for an e-mail that is not one', async () => {
    const response = await start('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'VALIDATION',
      details: [{ field: 'body.email', message: 'Please enter a valid email address.' }],
    });
  });
});
