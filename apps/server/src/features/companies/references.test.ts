import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, createTestAppSignedInAs, signInAs } from '../../test/factories.ts';
import { databaseKinds, type TestApp } from '../../test/test-app.ts';

interface Reference {
  id: number;
  name: string;
  header: string;
  values: string[];
}

describe.each(databaseKinds)('company references on %s', (kind) => {
  let t: TestApp, token: string;
  beforeAll(async () => {
    ({ t, token } = await createTestAppSignedInAs(kind, ['TELEPHONIST']));
  });
  afterAll(() => t?.close());

  const url = (companyId: number, referenceId?: number) =>
    `/api/company/${companyId}/references${referenceId ? `/${referenceId}` : ''}`;
  const create = (companyId: number, payload: object, headers = bearer(token)) =>
    t.app.inject({ method: 'POST', url: url(companyId), headers, payload });
  const list = async (companyId: number) =>
    (await t.app.inject({ method: 'GET', url: url(companyId), headers: bearer(token) })).json<Reference[]>();

  it('creates (201), lists, updates (200) and deletes (200) a reference', async () => {
    const company = await createCompany(t.db);
    const created = await create(company.id, { name: 'PO Number', header: 'Reference', values: [] });
    expect(created.statusCode).toBe(201);
    const reference: Reference = created.json();
    expect(reference).toMatchObject({ name: 'PO Number', header: 'Reference', values: [] });

    const updated = await t.app.inject({
      method: 'PUT',
      url: url(company.id, reference.id),
      headers: bearer(token),
      payload: { name: 'Cost centre', header: 'CostCentre', values: [' Sales ', 'Ops', 'Ops', ''], limitOptions: true },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Cost centre', header: 'CostCentre', values: ['Sales', 'Ops'] });
    expect(await list(company.id)).toHaveLength(1);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: url(company.id, reference.id),
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await list(company.id)).toEqual([]);
  });

  it('applies the rules in the spec order with its four messages', async () => {
    const company = await createCompany(t.db);
    await create(company.id, { name: 'PO Number', header: 'Reference', values: [] });
    const message = async (payload: object) => (await create(company.id, payload)).json<{ message: string }>().message;
    expect(await message({ name: '', header: 'Reference', values: [], limitOptions: true })).toBe(
      'The header "Reference" is already in use. Please choose another header.',
    );
    expect(await message({ name: ' ', header: '', values: [] })).toBe('Please enter a name for this reference.');
    expect(await message({ name: 'Dept', header: null, values: [] })).toBe(
      'Please choose a header for this reference.',
    );
    expect(await message({ name: 'Dept', header: 'CostCentre', values: [], limitOptions: true })).toBe(
      'Please enter at least one option for this reference.',
    );
    const failed = await create(company.id, { name: 'Dept', header: 'CostCentre', values: [' '], limitOptions: true });
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toMatchObject({
      error: 'VALIDATION',
      details: [{ field: 'body.values', message: 'Please enter at least one option for this reference.' }],
    });
    expect(await list(company.id)).toHaveLength(1);
  });

  it('Custom may repeat; a reference keeps its own header when edited; unlimited options store an empty list', async () => {
    const company = await createCompany(t.db);
    expect((await create(company.id, { name: 'One', header: 'Custom', values: [] })).statusCode).toBe(201);
    expect((await create(company.id, { name: 'Two', header: 'Custom', values: [] })).statusCode).toBe(201);
    const phone: Reference = (await create(company.id, { name: 'Phone', header: 'Phone', values: [] })).json();
    const edit = await t.app.inject({
      method: 'PUT',
      url: url(company.id, phone.id),
      headers: bearer(token),
      payload: { name: 'Phone no.', header: 'Phone', values: ['x'], limitOptions: false },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ name: 'Phone no.', values: [] });
  });

  it('the header rule is per company', async () => {
    const [a, b] = [await createCompany(t.db), await createCompany(t.db)];
    expect((await create(a.id, { name: 'PO', header: 'Reference', values: [] })).statusCode).toBe(201);
    expect((await create(b.id, { name: 'PO', header: 'Reference', values: [] })).statusCode).toBe(201);
  });

  it('answers 404 for another company’s reference, or a company that does not exist', async () => {
    const [a, b] = [await createCompany(t.db), await createCompany(t.db)];
    const reference: Reference = (await create(a.id, { name: 'PO', header: 'Reference', values: [] })).json();
    const other = await t.app.inject({ method: 'DELETE', url: url(b.id, reference.id), headers: bearer(token) });
    expect(other.statusCode).toBe(404);
    expect((await create(999_999, { name: 'PO', header: 'Reference', values: [] })).statusCode).toBe(404);
    expect(await list(a.id)).toHaveLength(1);
  });

  it('answers 400 for an unknown header or a name over 100 characters', async () => {
    const company = await createCompany(t.db);
    expect((await create(company.id, { name: 'PO', header: 'Invoice', values: [] })).statusCode).toBe(400);
    const long = await create(company.id, { name: 'x'.repeat(101), header: 'Reference', values: [] });
    expect(long.json()).toMatchObject({
      details: [{ field: 'body.name', message: 'The name can be at most 100 characters.' }],
    });
  });

  it('answers 400 naming the option over 100 characters, or the name with a NUL character, and saves nothing', async () => {
    const company = await createCompany(t.db);
    const longOption = await create(company.id, {
      name: 'PO',
      header: 'Custom',
      values: ['Sales', 'x'.repeat(5_000)],
      limitOptions: true,
    });
    expect(longOption.statusCode).toBe(400);
    expect(longOption.json()).toMatchObject({
      details: [{ field: 'body.values.1', message: 'An option can be at most 100 characters.' }],
    });
    const nul = await create(company.id, { name: 'Dept\u0000code', header: 'Custom', values: [] });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ details: [{ field: 'body.name' }] });
    expect(await list(company.id)).toHaveLength(0);
  });

  it('refuses a driver (403)', async () => {
    const company = await createCompany(t.db);
    const response = await create(
      company.id,
      { name: 'PO', header: 'Reference', values: [] },
      bearer(await signInAs(t, ['DRIVER'])),
    );
    expect(response.statusCode).toBe(403);
  });
});
