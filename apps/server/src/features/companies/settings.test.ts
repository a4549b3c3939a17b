import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  billingContacts,
  companies,
  companyExtendedSettings,
  places,
  tariffCodes,
} from '../../db/schema/index.ts';
import { bearer, createCompany, createTestAppSignedInAs, createUser, signInAs } from '../../test/factories.ts';
import { databaseKinds, type TestApp } from '../../test/test-app.ts';

interface SettingsBody {
  company: { name: string; billingBasis: string; billingEmail: string | null; accountBillingStarted: string | null };
  settings: { referenceRequired: boolean; salesRepId: number | null; parentBillingCompany: number | null };
  extendedSettings: { holdMessage: string | null; discountPercent: number; billingAddressCountry: string };
  billingContacts: { name: string; email: string; phone: string }[];
  salesRep: { id: number; name: string } | null;
}

/** Everything account billing needs (spec 1 §4), so the billing basis may change to Account. */
const COMPLETE_EXTENDED = {
  ledgerAccountCode: 'L10001',
  billingAddressName: 'Atlantic Freight Ltd',
  billingAddressLineOne: '12 Harbour Road',
  billingAddressCity: 'Galway',
  billingAddressCounty: 'Galway',
  billingAddressPostcode: 'H91 X2Y3',
  vatNumber: 'IE1234567A',
  surchargeNameOne: 'Overnight',
  surchargeRateOne: 3.5,
  surchargeNameTwo: 'International',
  surchargeRateTwo: 5,
  surchargeNameThree: 'Ground',
  surchargeRateThree: 0,
};

describe.each(databaseKinds)('company settings on %s', (kind) => {
  let t: TestApp, token: string;
  let repId: number;
  beforeAll(async () => {
    ({ t, token } = await createTestAppSignedInAs(kind, ['ACCOUNTS']));
    repId = (await createUser(t.db, { roles: ['ACCOUNTS'], firstName: 'Róisín', lastName: 'Walsh' })).id;
  });
  afterAll(() => t?.close());

  const get = (id: number, headers = bearer(token)) =>
    t.app.inject({ method: 'GET', url: `/api/company/${id}/settings`, headers });
  const put = (id: number, payload: object, headers = bearer(token)) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/company/${id}/settings`,
      headers,
      payload: { changes: JSON.stringify(payload), ...payload },
    });
  const auditRows = (id: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'company_settings'), eq(auditLog.entityId, String(id))));

  it('GET answers the company, settings, extended settings and billing contacts', async () => {
    const company = await createCompany(t.db, {
      company: { name: 'Burren Bakery', billingEmail: 'accounts@burren.ie' },
    });
    const response = await get(company.id);
    expect(response.statusCode).toBe(200);
    const body: SettingsBody = response.json();
    expect(body.company).toMatchObject({ id: company.id, name: 'Burren Bakery', billingBasis: 'stripeCompany' });
    expect(body.settings).toMatchObject({ referenceRequired: false, salesRepId: null });
    expect(body.extendedSettings).toMatchObject({
      discountPercent: 0,
      billingAddressCountry: 'IE',
      invoiceInterval: 'M',
      defaultVatCode: 'STD',
      creditControlCode: 'AOIFE',
    });
    expect(body.billingContacts).toEqual([]);
  });

  it('GET answers 404 for a company that does not exist', async () => {
    const response = await get(999_999);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Company 999999 does not exist.' });
  });

  it.each([['DRIVER'], ['CUSTOMER'], ['PRICING']])('refuses a %s with 403, reading or saving', async (role) => {
    const company = await createCompany(t.db);
    const headers = bearer(await signInAs(t, [role]));
    expect((await get(company.id, headers)).statusCode).toBe(403);
    expect((await put(company.id, { settings: { referenceRequired: true } }, headers)).statusCode).toBe(403);
    expect(await auditRows(company.id)).toHaveLength(0);
  });

  it('saves a toggle and writes exactly one audit row with who, field, before and after', async () => {
    const company = await createCompany(t.db);
    const response = await put(company.id, { settings: { referenceRequired: true } });
    expect(response.statusCode).toBe(200);
    expect(response.json<SettingsBody>().settings.referenceRequired).toBe(true);
    expect((await get(company.id)).json<SettingsBody>().settings.referenceRequired).toBe(true);
    const rows = await auditRows(company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      field: 'settings.referenceRequired',
      before: false,
      after: true,
      action: 'update',
    });
    expect(rows[0]?.userId).toEqual(expect.any(Number));
  });

  it('writes one audit row per changed field, and none for values sent unchanged', async () => {
    const company = await createCompany(t.db, { company: { name: 'Kerry Foods' } });
    const response = await put(company.id, {
      company: { name: 'Kerry Foods', phone: '+353 66 712 3456' },
      settings: { referenceRequired: false, loyaltyDiscount: true },
      extendedSettings: { holdMessage: 'Call accounts first.', discountPercent: 2.5 },
    });
    expect(response.statusCode).toBe(200);
    const rows = await auditRows(company.id);
    expect(rows.map((row) => row.field).sort()).toEqual([
      'company.phone',
      'extendedSettings.discountPercent',
      'extendedSettings.holdMessage',
      'settings.loyaltyDiscount',
    ]);
    expect(rows.find((row) => row.field === 'extendedSettings.discountPercent')).toMatchObject({
      before: 0,
      after: 2.5,
    });
    // The stored numeric itself (the column type reads it as the number 2.5).
    const [stored] = await t.db
      .select({ discountPercent: sql<string>`${companyExtendedSettings.discountPercent}::text` })
      .from(companyExtendedSettings)
      .where(eq(companyExtendedSettings.companyId, company.id));
    expect(stored?.discountPercent).toBe('2.50');

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/company/${company.id}/settings/history`,
      headers: bearer(token),
    });
    expect(history.statusCode).toBe(200);
    expect(history.json<unknown[]>()).toHaveLength(4);
  });

  it('the history lists the newest change first', async () => {
    const company = await createCompany(t.db);
    await put(company.id, { settings: { loyaltyDiscount: true } });
    await put(company.id, { settings: { loyaltyDiscount: false } });
    const history: { field: string; after: unknown; userName: string | null }[] = (
      await t.app.inject({ method: 'GET', url: `/api/company/${company.id}/settings/history`, headers: bearer(token) })
    ).json();
    expect(history.map((row) => row.after)).toEqual([false, true]);
    expect(history[0]?.userName).toBe('Test User');
  });

  it.each([
    [
      'an invalid billing email',
      { company: { billingEmail: 'not-an-email' } },
      'body.company.billingEmail',
      'Please enter a valid billing email address.',
    ],
    ['a blank company name', { company: { name: '  ' } }, 'body.company.name', 'Please enter the company name.'],
    ['no company name (null)', { company: { name: null } }, 'body.company.name', 'Please enter the company name.'],
    [
      'an empty account code',
      { company: { accountCode: '' } },
      'body.company.accountCode',
      'The account code must be 1 to 100 characters.',
    ],
    [
      'an account code of 101 characters',
      { company: { accountCode: 'A'.repeat(101) } },
      'body.company.accountCode',
      'The account code must be 1 to 100 characters.',
    ],
    [
      'a quantum account code of 101 characters',
      { company: { quantumAccountCode: 'Q'.repeat(101) } },
      'body.company.quantumAccountCode',
      'The accounting system account code must be 1 to 100 characters.',
    ],
    [
      'a ledger code of 101 characters',
      { extendedSettings: { ledgerAccountCode: 'L'.repeat(101) } },
      'body.extendedSettings.ledgerAccountCode',
      'The ledger account code can be at most 100 characters.',
    ],
    [
      'a billing line of 256 characters',
      { extendedSettings: { billingAddressLineOne: 'x'.repeat(256) } },
      'body.extendedSettings.billingAddressLineOne',
      'Billing address line one can be at most 255 characters.',
    ],
    [
      'a hold message of 1001 characters',
      { extendedSettings: { holdMessage: 'x'.repeat(1001) } },
      'body.extendedSettings.holdMessage',
      'The hold message can be at most 1000 characters.',
    ],
    [
      'an unknown country',
      { extendedSettings: { billingAddressCountry: 'XX' } },
      'body.extendedSettings.billingAddressCountry',
      'Please choose a country from the list.',
    ],
    [
      'a discount above 100',
      { extendedSettings: { discountPercent: 101 } },
      'body.extendedSettings.discountPercent',
      'The discount cannot be above 100.',
    ],
    [
      'a discount below 0',
      { extendedSettings: { discountPercent: -5 } },
      'body.extendedSettings.discountPercent',
      'The discount cannot be below 0.',
    ],
    [
      'a discount of 12.34567 (more than 2 decimal places)',
      { extendedSettings: { discountPercent: 12.34567 } },
      'body.extendedSettings.discountPercent',
      'The discount has at most 2 decimal places.',
    ],
    [
      'a surcharge rate of 4.125 (more than 2 decimal places)',
      { extendedSettings: { surchargeRateTwo: 4.125 } },
      'body.extendedSettings.surchargeRateTwo',
      'The international surcharge rate has at most 2 decimal places.',
    ],
    [
      // 99999999999999999999 as typed reads as 1e20.
      'a surcharge rate of 99999999999999999999',
      { extendedSettings: { surchargeRateOne: 1e20 } },
      'body.extendedSettings.surchargeRateOne',
      'The nationwide overnight surcharge rate cannot be above 1000.',
    ],
    [
      'a discount that is not a number',
      { extendedSettings: { discountTwoPercent: '5%' } },
      'body.extendedSettings.discountTwoPercent',
      'The second discount must be a number.',
    ],
    [
      'no discount (null)',
      { extendedSettings: { discountPercent: null } },
      'body.extendedSettings.discountPercent',
      'The discount must be a number.',
    ],
    [
      'an unknown surcharge tier',
      { settings: { cycloneSurchargeTier: 'TIER_NINE' } },
      'body.settings.cycloneSurchargeTier',
      expect.any(String),
    ],
    [
      'a contact with an invalid email',
      { billingContacts: [{ name: 'Aoife', email: 'aoife@', phone: '' }] },
      'body.billingContacts.0.email',
      'Please enter a valid email address for the billing contact.',
    ],
  ])('answers 400 beside the field for %s', async (_label, payload, field, message) => {
    const company = await createCompany(t.db);
    const response = await put(company.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: unknown[] }>().details).toContainEqual({ field, message });
  });

  it('accepts the limits exactly: 100-character account code, 1000-character hold message, 255-character line', async () => {
    const company = await createCompany(t.db);
    const response = await put(company.id, {
      company: { accountCode: 'A'.repeat(100) },
      extendedSettings: { holdMessage: 'x'.repeat(1000), billingAddressLineOne: 'y'.repeat(255) },
    });
    expect(response.statusCode).toBe(200);
  });

  it('stores a discount of 12.34 as 12.34, and nothing of a discount of 12.34567', async () => {
    const company = await createCompany(t.db);
    const storedDiscount = async () =>
      (
        await t.db
          .select({ discountPercent: sql<string>`${companyExtendedSettings.discountPercent}::text` })
          .from(companyExtendedSettings)
          .where(eq(companyExtendedSettings.companyId, company.id))
      )[0]?.discountPercent;
    expect((await put(company.id, { extendedSettings: { discountPercent: 12.34567 } })).statusCode).toBe(400);
    expect(await storedDiscount()).toBe('0.00');
    expect(await auditRows(company.id)).toHaveLength(0);
    expect((await put(company.id, { extendedSettings: { discountPercent: 12.34 } })).statusCode).toBe(200);
    expect(await storedDiscount()).toBe('12.34');
  });

  it('refuses a body that is not JSON changes text, or names an unknown field', async () => {
    const company = await createCompany(t.db);
    const notJson = await t.app.inject({
      method: 'PUT',
      url: `/api/company/${company.id}/settings`,
      headers: bearer(token),
      payload: { changes: '{oops', settings: { loyaltyDiscount: true } },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json<{ details: unknown[] }>().details).toContainEqual({
      field: 'body.changes',
      message: 'changes must be JSON text.',
    });
    expect((await put(company.id, { settings: { madeUp: true } })).statusCode).toBe(400);
  });

  it('writes nothing when one field of the PUT is invalid', async () => {
    const company = await createCompany(t.db, { company: { name: 'Galway Bay Couriers' } });
    const response = await put(company.id, {
      company: { name: 'Renamed Ltd', billingEmail: 'broken' },
      settings: { loyaltyDiscount: true },
      billingContacts: [{ name: 'Ciara', email: 'ciara@galwaybay.ie', phone: '' }],
    });
    expect(response.statusCode).toBe(400);
    const body: SettingsBody = (await get(company.id)).json();
    expect(body.company.name).toBe('Galway Bay Couriers');
    expect(body.settings).toMatchObject({ loyaltyDiscount: false });
    expect(body.billingContacts).toEqual([]);
    expect(await auditRows(company.id)).toHaveLength(0);
  });

  it('writes nothing when a rule checked inside the transaction fails (a customer as sales rep)', async () => {
    const company = await createCompany(t.db);
    const customer = await createUser(t.db, { roles: ['CUSTOMER'] });
    const response = await put(company.id, {
      extendedSettings: { holdMessage: 'On hold' },
      settings: { salesRepId: customer.id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'The sales rep must be a staff user.',
      details: [{ field: 'body.settings.salesRepId' }],
    });
    expect((await get(company.id)).json<SettingsBody>().extendedSettings.holdMessage).toBeNull();
  });

  it('a staff sales rep is saved and named', async () => {
    const company = await createCompany(t.db);
    const response = await put(company.id, { settings: { salesRepId: repId } });
    expect(response.statusCode).toBe(200);
    expect(response.json<SettingsBody>().salesRep).toEqual({ id: repId, name: 'Róisín Walsh' });
  });

  it('sets a tariff code and a default address that exist, and refuses ones that do not', async () => {
    const company = await createCompany(t.db);
    const [code] = await t.db.insert(tariffCodes).values({ code: 'DOM', name: 'Domestic Overnight' }).returning();
    await t.db.insert(places).values({
      placeId: 'pl_settings',
      name: 'Head Office',
      addressLineOne: '1 Main Street',
      city: 'Naas',
      county: 'Kildare',
      postCode: 'W91 X2Y3',
    });
    const body = (await get(company.id)).json<{ tariffCodes: { code: string }[] }>();
    expect(body.tariffCodes).toEqual([{ id: code?.id, code: 'DOM', name: 'Domestic Overnight' }]);
    const saved = await put(company.id, { company: { tariffCode: code?.id, defaultPlaceId: 'pl_settings' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      company: { tariffCode: code?.id, defaultPlaceId: 'pl_settings' },
      defaultPlace: { placeId: 'pl_settings', name: 'Head Office', address: '1 Main Street, Naas, Kildare, W91 X2Y3' },
    });
    const badCode = await put(company.id, { company: { tariffCode: 999_999 } });
    expect(badCode.json()).toMatchObject({
      details: [{ field: 'body.company.tariffCode', message: 'That tariff code does not exist.' }],
    });
    const badPlace = await put(company.id, { company: { defaultPlaceId: 'pl_gone' } });
    expect(badPlace.json()).toMatchObject({
      details: [
        { field: 'body.company.defaultPlaceId', message: 'That address does not exist. Please choose it again.' },
      ],
    });
  });

  it('a company cannot be its own parent billing company; another company can', async () => {
    const company = await createCompany(t.db);
    const parent = await createCompany(t.db);
    const own = await put(company.id, { settings: { parentBillingCompany: company.id } });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ message: 'A company cannot be its own parent billing company.' });
    expect((await put(company.id, { settings: { parentBillingCompany: parent.id } })).statusCode).toBe(200);
  });

  it('billing contacts: one with an empty email is not saved; a missing name or phone is saved empty', async () => {
    const company = await createCompany(t.db);
    const response = await put(company.id, {
      billingContacts: [{ name: 'No Email', email: '', phone: '+353 1 234 5678' }, { email: 'accounts@burren.ie' }],
    });
    expect(response.statusCode).toBe(200);
    const rows = await t.db.select().from(billingContacts).where(eq(billingContacts.companyId, company.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: '',
      email: 'accounts@burren.ie',
      phone: '',
      groundInvoices: true,
      overnightInvoices: true,
    });
    expect((await auditRows(company.id)).map((row) => row.field)).toEqual(['billingContacts']);
  });

  describe('billing basis (spec 1 §4)', () => {
    it('refuses Account while information is missing, listing what is missing, and writes nothing', async () => {
      const company = await createCompany(t.db, { company: { accountCode: 'BURR01' } });
      const response = await put(company.id, { company: { billingBasis: 'account' } });
      expect(response.statusCode).toBe(400);
      const body: { message: string; details: { field: string; message: string }[] } = response.json();
      expect(body.message).toMatch(
        /^Missing Information: Accounting system \(Quantum\) account code, Ledger account code, /,
      );
      // Each missing item marks its own field (issue 10), besides the basis being changed.
      expect(body.details).toContainEqual({
        field: 'body.billingContacts',
        message: 'At least one billing contact is needed for account billing.',
      });
      expect(body.details).toContainEqual({
        field: 'body.extendedSettings.ledgerAccountCode',
        message: 'Ledger account code is needed for account billing.',
      });
      expect(body.details).toContainEqual({ field: 'body.company.billingBasis', message: body.message });
      expect(body.details.map((detail) => detail.field)).not.toContain('body.company.accountCode');
      expect((await get(company.id)).json<SettingsBody>().company.billingBasis).toBe('stripeCompany');
    });

    it('allows Account when everything is present, in the same PUT, and records when account billing started', async () => {
      const company = await createCompany(t.db);
      const response = await put(company.id, {
        company: { billingBasis: 'account', accountCode: 'ATL001', quantumAccountCode: 'Q10001' },
        settings: { salesRepId: repId },
        extendedSettings: COMPLETE_EXTENDED,
        billingContacts: [{ name: 'Seán', email: 'sean@atlantic.ie', phone: '' }],
      });
      expect(response.statusCode).toBe(200);
      const body: SettingsBody = response.json();
      expect(body.company.billingBasis).toBe('account');
      expect(body.company.accountBillingStarted).not.toBeNull();
    });

    it('refuses clearing what an account company needs, marking that field only, and keeps it', async () => {
      const company = await createCompany(t.db);
      const complete = await put(company.id, {
        company: { billingBasis: 'account', accountCode: 'ATL002', quantumAccountCode: 'Q10002' },
        settings: { salesRepId: repId },
        extendedSettings: COMPLETE_EXTENDED,
        billingContacts: [{ name: 'Seán', email: 'sean@atlantic.ie', phone: '' }],
      });
      expect(complete.statusCode).toBe(200);
      const response = await put(company.id, { company: { accountCode: null } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'VALIDATION',
        message: 'Missing Information: Account code.',
        details: [{ field: 'body.company.accountCode', message: 'Account code is needed for account billing.' }],
      });
      const [row] = await t.db.select().from(companies).where(eq(companies.id, company.id));
      expect(row?.accountCode).toBe('ATL002');
    });

    it('never offers card billing (stripe)', async () => {
      const company = await createCompany(t.db);
      const response = await put(company.id, { company: { billingBasis: 'stripe' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Card billing cannot be chosen for a company.' });
    });

    it('changing back to PAYG applies directly', async () => {
      const company = await createCompany(t.db, { company: { billingBasis: 'account' } });
      const response = await put(company.id, { company: { billingBasis: 'stripeCompany' } });
      expect(response.statusCode).toBe(200);
      const [row] = await t.db.select().from(companies).where(eq(companies.id, company.id));
      expect(row?.billingBasis).toBe('stripeCompany');
    });
  });
});
