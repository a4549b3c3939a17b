import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, reviews } from '../../db/schema/index.ts';
import { bearer, createTestAppSignedInAs, signInAs } from '../../test/factories.ts';
import { databaseKinds, type TestApp } from '../../test/test-app.ts';

describe.each(databaseKinds)('reviews on %s', (kind) => {
  let t: TestApp, token: string;
  const ids: number[] = [];
  beforeAll(async () => {
    ({ t, token } = await createTestAppSignedInAs(kind, ['MANAGER']));
    const base = Date.UTC(2026, 5, 1);
    const rows = await t.db
      .insert(reviews)
      .values(
        Array.from({ length: 13 }, (_, i) => ({
          fullName: `Customer ${i + 1}`,
          email: `customer${i + 1}@example.ie`,
          total: 1 + (i % 5),
          speed: 1 + (i % 5),
          driver: 5,
          value: 4,
          feedback: i === 0 ? '' : 'Great service',
          deleted: i === 12,
          createdAt: new Date(base + i * 3_600_000),
        })),
      )
      .returning({ id: reviews.id });
    ids.push(...rows.map((row) => row.id));
  });
  afterAll(() => t?.close());

  const list = (payload: object, headers = bearer(token)) =>
    t.app.inject({ method: 'POST', url: '/api/review', headers, payload });
  const approve = (id: number, approved: boolean, headers = bearer(token)) =>
    t.app.inject({ method: 'PUT', url: `/api/review/${id}`, headers, payload: { approved } });

  it('pages reviews newest first with the count', async () => {
    const first = await list({ size: 10, skip: 0 });
    expect(first.statusCode).toBe(200);
    const body: {
      count: number;
      reviews: { id: number; user: { fullName: string }; deleted: boolean; total: number }[];
    } = first.json();
    expect(body.count).toBe(13);
    expect(body.reviews).toHaveLength(10);
    expect(body.reviews[0]).toMatchObject({
      user: { fullName: 'Customer 13', email: 'customer13@example.ie' },
      deleted: true,
      total: 3,
    });
    expect((await list({ size: 10, skip: 10 })).json<{ reviews: unknown[] }>().reviews).toHaveLength(3);
  });

  it.each([
    [{ size: 101, skip: 0 }, 'body.size', 'size must be at most 100.'],
    [{ size: 0, skip: 0 }, 'body.size', 'size must be at least 1.'],
    [{ size: 10, skip: -1 }, 'body.skip', 'skip must be at least 0.'],
    // Past int4 and past any list: refused like the other lists' paging, not answered with an empty page.
    [{ size: 10, skip: 2_147_483_648 }, 'body.skip', 'skip must be at most 100000000.'],
    [{ size: 10, skip: 100_000_001 }, 'body.skip', 'skip must be at most 100000000.'],
    [{ size: 10, skip: 1.5 }, 'body.skip', 'skip must be a whole number.'],
    [{ size: 10, skip: '10' }, 'body.skip', 'skip must be a number.'],
  ])('refuses %j', async (payload, field, message) => {
    const response = await list(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ details: [{ field, message }] });
  });

  it('approves and unapproves, with an audit row each time', async () => {
    const id = ids[1] as number;
    const approved = await approve(id, true);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id, approved: true });
    expect((await approve(id, false)).json()).toMatchObject({ approved: false });
    const rows = (await t.db.select().from(auditLog)).filter(
      (row) => row.entityType === 'review' && row.entityId === String(id),
    );
    expect(rows.map((row) => row.after)).toEqual([true, false]);
  });

  it('refuses to approve a deleted review (409) and a missing one (404); approved must be a boolean', async () => {
    const deleted = await approve(ids[12] as number, true);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ error: 'STATE_CONFLICT' });
    expect((await approve(999_999, true)).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/review/${ids[0]}`,
      headers: bearer(token),
      payload: { approved: 'yes' },
    });
    expect(bad.json()).toMatchObject({
      details: [{ field: 'body.approved', message: 'approved must be true or false.' }],
    });
  });

  it.each([['ACCOUNTS'], ['DISPATCHER'], ['TELEPHONIST']])('refuses a %s: reviews need MANAGER', async (role) => {
    const headers = bearer(await signInAs(t, [role]));
    expect((await list({ size: 10, skip: 0 }, headers)).json()).toEqual({
      error: 'FORBIDDEN',
      message: 'This needs one of the roles Manager.',
    });
    expect((await approve(ids[2] as number, true, headers)).statusCode).toBe(403);
  });

  it('a superadmin may, by rank', async () => {
    expect((await list({ size: 10, skip: 0 }, bearer(await signInAs(t, ['SUPERADMIN'])))).statusCode).toBe(200);
  });
});
