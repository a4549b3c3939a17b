import { and, desc, eq } from 'drizzle-orm';
import type { SettingsHistory, SettingsResponse } from '@courier/domain/companies/settings';
import type { DbOrTx } from '../../db/client.ts';
import {
  auditLog,
  billingContacts,
  companies,
  companyExtendedSettings,
  companySettings,
  places,
  tariffCodes,
  users,
} from '../../db/schema/index.ts';
import { formatAddress } from '@courier/domain/addresses/schemas';
import { toCompany } from '../../core/companies.ts';

type ExtendedRow = typeof companyExtendedSettings.$inferSelect;

/** The extended settings row as the API answers it (without its company id). */
export function toExtendedSettings(row: ExtendedRow): SettingsResponse['extendedSettings'] {
  const { companyId: _companyId, ...rest } = row;
  return {
    ...rest,
    invoiceFormat: rest.invoiceFormat as SettingsResponse['extendedSettings']['invoiceFormat'],
    onInvoiceFormat: rest.onInvoiceFormat as SettingsResponse['extendedSettings']['onInvoiceFormat'],
    creditControlCode: rest.creditControlCode as SettingsResponse['extendedSettings']['creditControlCode'],
  };
}

/** Everything the Settings tab shows, or undefined when the company (or one of its settings rows) is missing. */
export async function loadCompanySettings(db: DbOrTx, companyId: number): Promise<SettingsResponse | undefined> {
  const [row] = await db
    .select({ company: companies, settings: companySettings, extended: companyExtendedSettings })
    .from(companies)
    .innerJoin(companySettings, eq(companySettings.companyId, companies.id))
    .innerJoin(companyExtendedSettings, eq(companyExtendedSettings.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) return undefined;
  const contacts = await db
    .select({
      name: billingContacts.name,
      email: billingContacts.email,
      phone: billingContacts.phone,
      groundInvoices: billingContacts.groundInvoices,
      overnightInvoices: billingContacts.overnightInvoices,
    })
    .from(billingContacts)
    .where(eq(billingContacts.companyId, companyId))
    .orderBy(billingContacts.id);
  const { companyId: _companyId, ...settings } = row.settings;
  const [salesRep] = settings.salesRepId
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, settings.salesRepId))
    : [];
  const [parent] = settings.parentBillingCompany
    ? await db
        .select({ id: companies.id, name: companies.name, accountCode: companies.accountCode })
        .from(companies)
        .where(eq(companies.id, settings.parentBillingCompany))
    : [];
  const [place] = row.company.defaultPlaceId
    ? await db.select().from(places).where(eq(places.placeId, row.company.defaultPlaceId))
    : [];
  const codes = await db
    .select({ id: tariffCodes.id, code: tariffCodes.code, name: tariffCodes.name })
    .from(tariffCodes)
    .orderBy(tariffCodes.code);
  return {
    company: toCompany(row.company),
    settings: {
      ...settings,
      cycloneSurchargeTier: settings.cycloneSurchargeTier as SettingsResponse['settings']['cycloneSurchargeTier'],
      adminSurchargeTier: settings.adminSurchargeTier as SettingsResponse['settings']['adminSurchargeTier'],
    },
    extendedSettings: toExtendedSettings(row.extended),
    billingContacts: contacts,
    salesRep: salesRep ? { id: salesRep.id, name: `${salesRep.firstName} ${salesRep.lastName}` } : null,
    parentCompany: parent ?? null,
    defaultPlace: place ? { placeId: place.placeId, name: place.name, address: formatAddress(place) } : null,
    tariffCodes: codes,
  };
}

const HISTORY_LIMIT = 200;
/** The audit log's entity type for settings changes of a company. */
export const SETTINGS_AUDIT_ENTITY = 'company_settings';

/** The audit rows of a company's settings, newest first. */
export async function settingsHistory(db: DbOrTx, companyId: number): Promise<SettingsHistory> {
  const rows = await db
    .select({
      id: auditLog.id,
      field: auditLog.field,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.entityType, SETTINGS_AUDIT_ENTITY), eq(auditLog.entityId, String(companyId))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(HISTORY_LIMIT);
  return rows
    .filter((row) => row.field !== null)
    .map((row) => ({
      id: row.id,
      field: row.field ?? '',
      before: row.before,
      after: row.after,
      createdAt: row.createdAt.toISOString(),
      userName: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim(),
    }));
}
