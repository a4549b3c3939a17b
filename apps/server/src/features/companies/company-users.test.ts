import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, createTestAppSignedInAs, createUser, signInAs } from '../../test/factories.ts';
import { databaseKinds, type TestApp } from '../../test/test-app.ts';

interface UsersBody {
  admins: { id: number; email: string }[];
  staff: { id: number; email: string }[];
}

describe.each(databaseKinds)('company users and user search on %s', (kind) => {
  let t: TestApp, token: string;
  beforeAll(async () => {
    ({ t, token } = await createTestAppSignedInAs(kind, ['ACCOUNTS']));
  });
  afterAll(() => t?.close());

  const post = (companyId: number, payload: object, headers = bearer(token)) =>
    t.app.inject({ method: 'POST', url: `/api/company/${companyId}/users`, headers, payload });

  it('adds a user as staff, makes them admin and staff again; GET lists admins and staff', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { roles: ['CUSTOMER'], firstName: 'Orla', lastName: 'Byrne' });
    const added = await post(company.id, { userId: user.id, asAdmin: false });
    expect(added.statusCode).toBe(200);
    expect(added.json<UsersBody>()).toMatchObject({ admins: [], staff: [{ id: user.id, email: user.email }] });
    const admin = await post(company.id, { userId: user.id, asAdmin: true });
    expect(admin.json<UsersBody>()).toMatchObject({ admins: [{ id: user.id }], staff: [] });
    await post(company.id, { userId: user.id, asAdmin: false });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/company/${company.id}/users`,
      headers: bearer(token),
    });
    expect(listed.json<UsersBody>()).toMatchObject({ admins: [], staff: [{ id: user.id }] });
  });

  it.each([[0], [-3]])('refuses userId %i: must be greater than 0', async (userId) => {
    const company = await createCompany(t.db);
    const response = await post(company.id, { userId, asAdmin: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      details: [{ field: 'body.userId', message: 'userId must be greater than 0.' }],
    });
  });

  it('answers 404 for a user or company that does not exist', async () => {
    const company = await createCompany(t.db);
    expect((await post(company.id, { userId: 999_999, asAdmin: true })).json()).toEqual({
      error: 'NOT_FOUND',
      message: 'User 999999 does not exist.',
    });
    const user = await createUser(t.db);
    expect((await post(999_999, { userId: user.id, asAdmin: true })).statusCode).toBe(404);
  });

  it('refuses a driver (403)', async () => {
    const company = await createCompany(t.db);
    expect(
      (await post(company.id, { userId: 1, asAdmin: true }, bearer(await signInAs(t, ['DRIVER'])))).statusCode,
    ).toBe(403);
  });

  describe('user search', () => {
    beforeAll(async () => {
      await createUser(t.db, {
        roles: ['ACCOUNTS'],
        firstName: 'Fergal',
        lastName: 'Quinlan',
        email: 'fergal.quinlan@courier.ie',
      });
      await createUser(t.db, {
        roles: ['CUSTOMER'],
        firstName: 'Fergus',
        lastName: 'Quinlan',
        email: 'fergus@customer.ie',
      });
    });
    const search = (query: string, staffOnly?: boolean) =>
      t.app.inject({
        method: 'GET',
        url: `/api/user/search?query=${encodeURIComponent(query)}${staffOnly === undefined ? '' : `&staffOnly=${staffOnly}`}`,
        headers: bearer(token),
      });

    it('finds users by name or e-mail from 3 characters', async () => {
      const names = (await search('quinlan')).json<{ name: string }[]>().map((user) => user.name);
      expect(names).toEqual(['Fergal Quinlan', 'Fergus Quinlan']);
      expect((await search('fergus@')).json<{ name: string }[]>().map((user) => user.name)).toEqual(['Fergus Quinlan']);
    });

    it('staffOnly leaves customers out; roles are described as staff read them', async () => {
      expect((await search('quinlan', true)).json<{ name: string; description: string }[]>()).toEqual([
        {
          id: expect.any(Number),
          name: 'Fergal Quinlan',
          accountCode: null,
          description: 'fergal.quinlan@courier.ie · Accounts',
        },
      ]);
    });

    it('answers nothing below 3 characters or for blank text', async () => {
      expect((await search('qu')).json()).toEqual([]);
      expect((await search('   ')).json()).toEqual([]);
    });

    it('POST /api/users pages users; size above 100 is refused; GET /api/user/{id} answers one user', async () => {
      const page = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: bearer(token),
        payload: { size: 1, skip: 0, searchQuery: 'quinlan' },
      });
      expect(page.json()).toMatchObject({ count: 2, users: [{ firstName: 'Fergal' }] });
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/users',
            headers: bearer(token),
            payload: { size: 101, skip: 0 },
          })
        ).statusCode,
      ).toBe(400);
      // A skip past int4 is refused as the other lists' paging is, not answered with an empty page.
      const farSkip = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: bearer(token),
        payload: { size: 10, skip: 2_147_483_648 },
      });
      expect(farSkip.statusCode).toBe(400);
      expect(farSkip.json()).toMatchObject({
        details: [{ field: 'body.skip', message: 'skip must be at most 100000000.' }],
      });
      const id = page.json<{ users: { id: number }[] }>().users[0]?.id;
      const one = await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });
      expect(one.json()).toMatchObject({
        firstName: 'Fergal',
        lastName: 'Quinlan',
        email: 'fergal.quinlan@courier.ie',
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/user/999999', headers: bearer(token) })).statusCode).toBe(
        404,
      );
    });
  });
});
