import { and, eq, sql } from 'drizzle-orm';
import {
  accountFieldNeeded,
  missingAccountFields,
  missingAccountInformation,
} from '@courier/domain/companies/billing-basis';
import { contactsToSave, settingsPutBodySchema, type SettingsResponse } from '@courier/domain/companies/settings';
import { STAFF_ROLES } from '@courier/domain/users/schemas';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  billingContacts,
  companies,
  companyExtendedSettings,
  companySettings,
  tariffCodes,
  users,
} from '../../db/schema/index.ts';
import { companyExists, requireCompany } from '../../core/companies.ts';
import { placeExists } from '../../core/places.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { writeAudit, type AuditEntry } from '../../platform/audit.ts';
import { SETTINGS_AUDIT_ENTITY, loadCompanySettings } from './settings-queries.ts';

type Body = z.output<typeof settingsPutBodySchema>;

/** Free text as stored: trimmed, and blank means not set (null). Other values pass unchanged. */
function normalise<T extends Record<string, unknown>>(values: T | undefined): Partial<T> {
  if (!values) return {};
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    result[key] = typeof value === 'string' ? value.trim() || null : value;
  }
  return result as Partial<T>;
}

/** Only the fields whose value differs from what is stored. */
function changedFields<T extends Record<string, unknown>>(current: T, next: Partial<T>): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(current[key])) changed[key] = next[key];
  }
  return changed;
}

async function checkCompanyReferences(tx: DbOrTx, company: Partial<SettingsResponse['company']>): Promise<void> {
  if (company.tariffCode !== undefined && company.tariffCode !== null) {
    if (
      (await tx.select({ id: tariffCodes.id }).from(tariffCodes).where(eq(tariffCodes.id, company.tariffCode)))
        .length === 0
    ) {
      throw badRequest('That tariff code does not exist.', [
        { field: 'body.company.tariffCode', message: 'That tariff code does not exist.' },
      ]);
    }
  }
  if (company.defaultPlaceId !== undefined && company.defaultPlaceId !== null) {
    if (!(await placeExists(tx, company.defaultPlaceId))) {
      throw badRequest('That address does not exist. Please choose it again.', [
        { field: 'body.company.defaultPlaceId', message: 'That address does not exist. Please choose it again.' },
      ]);
    }
  }
}

async function checkReferences(
  tx: DbOrTx,
  companyId: number,
  settings: Partial<SettingsResponse['settings']>,
): Promise<void> {
  if (settings.salesRepId !== undefined && settings.salesRepId !== null) {
    const [rep] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, settings.salesRepId),
          sql`${users.roles} ?| array[${sql.join(
            STAFF_ROLES.map((role) => sql`${role}`),
            sql`, `,
          )}]::text[]`,
        ),
      );
    if (!rep)
      throw badRequest('The sales rep must be a staff user.', [
        { field: 'body.settings.salesRepId', message: 'The sales rep must be a staff user.' },
      ]);
  }
  if (settings.parentBillingCompany !== undefined && settings.parentBillingCompany !== null) {
    const message =
      settings.parentBillingCompany === companyId
        ? 'A company cannot be its own parent billing company.'
        : !(await companyExists(tx, settings.parentBillingCompany))
          ? 'The parent billing company does not exist.'
          : null;
    if (message) throw badRequest(message, [{ field: 'body.settings.parentBillingCompany', message }]);
  }
}

/**
 * PUT /api/company/{id}/settings: applies the changed fields of the company, its settings, extended
 * settings and billing contacts in one transaction, with one audit row per changed field. Nothing is
 * written when any rule fails. Returns the settings as now stored.
 */
export async function saveCompanySettings(
  db: Db,
  options: { companyId: number; userId: number; body: Body },
): Promise<SettingsResponse> {
  const { companyId, userId, body } = options;
  return db.transaction(async (tx) => {
    // Lock the company row: two autosaves of the same company apply one after the other.
    await requireCompany(tx, companyId, { lock: true });
    const current = await loadCompanySettings(tx, companyId);
    if (!current) throw notFound(`Company ${companyId} has no settings.`);

    const company = changedFields(current.company, normalise(body.company));
    const settings = changedFields(current.settings, normalise(body.settings));
    const extended = changedFields(current.extendedSettings, normalise(body.extendedSettings));
    const contacts = body.billingContacts ? contactsToSave(body.billingContacts) : undefined;
    const contactsChanged =
      contacts !== undefined && JSON.stringify(contacts) !== JSON.stringify(current.billingContacts);

    // Card billing is for card users only: it is never offered as a choice (spec 1 §3).
    if (company.billingBasis === 'stripe') {
      throw badRequest('Card billing cannot be chosen for a company.', [
        { field: 'body.company.billingBasis', message: 'Card billing cannot be chosen for a company.' },
      ]);
    }
    await checkReferences(tx, companyId, settings);
    await checkCompanyReferences(tx, company);

    const next = { ...current.company, ...company };
    const nextExtended = { ...current.extendedSettings, ...extended };
    const nextSettings = { ...current.settings, ...settings };
    if (next.billingBasis === 'account') {
      // spec 1 §4: account billing needs all of this; checked on the result of this very change.
      const missing = missingAccountFields({
        accountCode: next.accountCode,
        quantumAccountCode: next.quantumAccountCode,
        ...nextExtended,
        billingContactCount: (contacts ?? current.billingContacts).length,
        salesRepId: nextSettings.salesRepId,
      });
      if (missing.length > 0 && (company.billingBasis === 'account' || missing.length > missingNow(current))) {
        const summary = `Missing Information: ${missing.map((item) => item.label).join(', ')}.`;
        // Each missing item marks the field it is entered in; a change of basis also marks the basis.
        throw badRequest(summary, [
          ...(company.billingBasis === 'account' ? [{ field: 'body.company.billingBasis', message: summary }] : []),
          ...missing.map((item) => ({ field: `body.${item.field}`, message: accountFieldNeeded(item.label) })),
        ]);
      }
    }

    if (Object.keys(company).length > 0) {
      const startedNow = company.billingBasis === 'account' && current.company.accountBillingStarted === null;
      await tx
        .update(companies)
        .set({ ...company, ...(startedNow ? { accountBillingStarted: sql`now()` } : {}) } as Partial<
          typeof companies.$inferInsert
        >)
        .where(eq(companies.id, companyId));
    }
    if (Object.keys(settings).length > 0)
      await tx.update(companySettings).set(settings).where(eq(companySettings.companyId, companyId));
    if (Object.keys(extended).length > 0) {
      await tx.update(companyExtendedSettings).set(extended).where(eq(companyExtendedSettings.companyId, companyId));
    }
    if (contactsChanged && contacts) {
      await tx.delete(billingContacts).where(eq(billingContacts.companyId, companyId));
      if (contacts.length > 0)
        await tx.insert(billingContacts).values(contacts.map((contact) => ({ ...contact, companyId })));
    }

    const entry = (field: string, before: unknown, after: unknown): AuditEntry => ({
      userId,
      action: 'update',
      entityType: SETTINGS_AUDIT_ENTITY,
      entityId: companyId,
      field,
      before: before ?? null,
      after: after ?? null,
    });
    await writeAudit(tx, [
      ...Object.entries(company).map(([key, value]) =>
        entry(`company.${key}`, current.company[key as keyof typeof current.company], value),
      ),
      ...Object.entries(settings).map(([key, value]) =>
        entry(`settings.${key}`, current.settings[key as keyof typeof current.settings], value),
      ),
      ...Object.entries(extended).map(([key, value]) =>
        entry(`extendedSettings.${key}`, current.extendedSettings[key as keyof typeof current.extendedSettings], value),
      ),
      ...(contactsChanged ? [entry('billingContacts', current.billingContacts, contacts)] : []),
    ]);

    const saved = await loadCompanySettings(tx, companyId);
    if (!saved) throw notFound(`Company ${companyId} does not exist.`);
    return saved;
  });
}

/** How much an account company already lacks (old data may be incomplete): an edit may not make it worse. */
function missingNow(current: SettingsResponse): number {
  return missingAccountInformation({
    accountCode: current.company.accountCode,
    quantumAccountCode: current.company.quantumAccountCode,
    ...current.extendedSettings,
    billingContactCount: current.billingContacts.length,
    salesRepId: current.settings.salesRepId,
  }).length;
}
