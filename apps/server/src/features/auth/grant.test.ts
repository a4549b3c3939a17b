import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../db/schema/index.ts';
import { hashToken } from '../../http/access.ts';
import { bearer, createUser, signIn, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

describe.each(databaseKinds)('support sign-in (POST /api/auth/grant) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const grant = (token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/grant', headers: bearer(token), payload: payload as object });

  it('lets a SUPERADMIN act as another user, recorded in the session and the audit log', async () => {
    const admin = await createUser(t.db, { roles: ['SUPERADMIN'] });
    const adminToken = await signIn(t, admin);
    const customer = await createUser(t.db, { roles: ['CUSTOMER'], firstName: 'Gráinne', lastName: 'Hayes' });

    const response = await grant(adminToken, { userUUID: customer.uuid });
    expect(response.statusCode).toBe(200);
    const body: { roles: string[]; accessToken: string } = response.json();
    expect(body).toEqual({ roles: ['CUSTOMER'], accessToken: expect.any(String) });

    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(body.accessToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      uuid: customer.uuid,
      email: customer.email,
      firstName: 'Gráinne',
      roles: '["CUSTOMER"]',
    });

    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.accessToken)));
    expect(session).toMatchObject({ userId: customer.id, grantedBy: admin.id });

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, customer.uuid));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId: admin.id,
      action: 'auth.grant',
      entityType: 'user',
      after: { email: customer.email },
    });

    // The SUPERADMIN's own session is untouched.
    const own = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(adminToken) });
    expect(own.json()).toMatchObject({ uuid: admin.uuid });
  });

  it('answers 400 when userUUID is not a UUID or is missing', async () => {
    const token = await signInAs(t, ['SUPERADMIN']);
    const notUuid = await grant(token, { userUUID: '42' });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json()).toEqual({
      error: 'VALIDATION',
      message: 'Invalid body.userUUID: userUUID must be a UUID.',
      details: [{ field: 'body.userUUID', message: 'userUUID must be a UUID.' }],
    });
    const missing = await grant(token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ details: { field: string }[] }>().details.map((d) => d.field)).toEqual(['body.userUUID']);
  });

  it.each([['MANAGER'], ['ACCOUNTS'], ['DISPATCHER'], ['CUSTOMER']])(
    'refuses a %s with 403 and writes nothing',
    async (role) => {
      const token = await signInAs(t, [role]);
      const target = await createUser(t.db, { roles: ['ACCOUNTS'] });
      const response = await grant(token, { userUUID: target.uuid });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'FORBIDDEN', message: 'This needs one of the roles Super admin.' });
      expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, target.uuid))).toEqual([]);
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, target.id))).toEqual([]);
    },
  );

  it('answers 401 without a session', async () => {
    const target = await createUser(t.db, { roles: ['ACCOUNTS'] });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/grant', payload: { userUUID: target.uuid } });
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 for a UUID no user has', async () => {
    const token = await signInAs(t, ['SUPERADMIN']);
    const response = await grant(token, { userUUID: '9b2f4c1e-7a3d-4e5f-8a6b-1c2d3e4f5a6b' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'No user has this id.' });
  });
});
