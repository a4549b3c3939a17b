import { asc, eq, isNull } from 'drizzle-orm';
import type {
  AddressBookEntry,
  addressBookEntryBodySchema,
  addressBookEntryUpdateSchema,
} from '@courier/domain/addresses/schemas';
import { hasAccess, AREAS, type Role } from '@courier/domain/auth/roles';
import { countryByCode } from '@courier/domain/common/countries';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { companyExists, requireCompany } from '../../core/companies.ts';
import { addressBookEntries } from '../../db/schema/index.ts';
import { badRequest, notFound, roleRequired } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';

type Row = typeof addressBookEntries.$inferSelect;
type Body = z.output<typeof addressBookEntryBodySchema>;

function toEntry(row: Row): AddressBookEntry {
  return {
    entryId: row.id,
    name: row.entryName,
    address: {
      name: row.name,
      addressLineOne: row.addressLineOne,
      addressLineTwo: row.addressLineTwo,
      city: row.city,
      county: row.county,
      postCode: row.postCode,
      country: row.country,
      countryCode: row.countryCode,
    },
    latitude: row.latitude,
    longitude: row.longitude,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    notes: row.notes,
    companyId: row.companyId,
  };
}

/**
 * spec 1 §6: a company's address book is the Address Book tab (ACCOUNTS); the public one is
 * /addresses (DISPATCHER). The rank rule lets MANAGER and SUPERADMIN into both.
 */
export function requireAddressBookAccess(roles: readonly Role[], companyId: number | null): void {
  const area = companyId === null ? AREAS.addresses : AREAS.companyTabAddressBook;
  if (!hasAccess(roles, area)) throw roleRequired(area);
}

export async function listEntries(db: DbOrTx, companyId: number | null): Promise<AddressBookEntry[]> {
  if (companyId !== null) {
    await requireCompany(db, companyId);
  }
  const rows = await db
    .select()
    .from(addressBookEntries)
    .where(companyId === null ? isNull(addressBookEntries.companyId) : eq(addressBookEntries.companyId, companyId))
    .orderBy(asc(addressBookEntries.entryName), asc(addressBookEntries.id));
  return rows.map(toEntry);
}

function valuesOf(body: Body) {
  if (body.isPublic !== (body.company === null)) {
    throw badRequest('An entry is public exactly when it has no company.', [
      { field: 'body.isPublic', message: 'An entry is public exactly when it has no company.' },
    ]);
  }
  return {
    companyId: body.company,
    entryName: body.entryName,
    name: body.name,
    addressLineOne: body.addressOne,
    addressLineTwo: body.addressTwo,
    city: body.city,
    county: body.county,
    postCode: body.postcode,
    // The schema checked the name against the code; it is stored as the list spells it.
    country: countryByCode(body.countryCode)?.Name ?? body.country,
    countryCode: body.countryCode.toUpperCase(),
    latitude: body.latitude,
    longitude: body.longitude,
    contactName: body.contactName,
    contactPhone: body.contactPhone,
    notes: body.notes,
  };
}

/** The company an entry's body names must exist (400, it is the caller's input). */
async function requireBodyCompany(tx: DbOrTx, companyId: number | null): Promise<void> {
  if (companyId === null) return;
  if (!(await companyExists(tx, companyId)))
    throw badRequest(`Company ${companyId} does not exist.`, [
      { field: 'body.company', message: `Company ${companyId} does not exist.` },
    ]);
}

export async function createEntry(
  db: Db,
  options: { body: Body; roles: readonly Role[]; userId: number },
): Promise<{ entryId: number }> {
  const values = valuesOf(options.body);
  requireAddressBookAccess(options.roles, values.companyId);
  return db.transaction(async (tx) => {
    await requireBodyCompany(tx, values.companyId);
    const [row] = await tx.insert(addressBookEntries).values(values).returning();
    if (!row) throw new Error('The entry was not created.');
    await writeAudit(tx, {
      userId: options.userId,
      action: 'create',
      entityType: 'address_book_entry',
      entityId: row.id,
      after: toEntry(row),
    });
    return { entryId: row.id };
  });
}

export async function updateEntry(
  db: Db,
  options: { body: z.output<typeof addressBookEntryUpdateSchema>; roles: readonly Role[]; userId: number },
): Promise<AddressBookEntry> {
  const values = valuesOf(options.body);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(addressBookEntries)
      .where(eq(addressBookEntries.id, options.body.entryId))
      .for('update');
    if (!before) throw notFound(`Address book entry ${options.body.entryId} does not exist.`);
    // Both the entry's book and the book it moves to must be the caller's to edit.
    requireAddressBookAccess(options.roles, before.companyId);
    requireAddressBookAccess(options.roles, values.companyId);
    await requireBodyCompany(tx, values.companyId);
    const [row] = await tx
      .update(addressBookEntries)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(addressBookEntries.id, before.id))
      .returning();
    if (!row) throw notFound(`Address book entry ${options.body.entryId} does not exist.`);
    await writeAudit(tx, {
      userId: options.userId,
      action: 'update',
      entityType: 'address_book_entry',
      entityId: row.id,
      before: toEntry(before),
      after: toEntry(row),
    });
    return toEntry(row);
  });
}

export async function deleteEntry(
  db: Db,
  options: { entryId: number; roles: readonly Role[]; userId: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(addressBookEntries)
      .where(eq(addressBookEntries.id, options.entryId))
      .for('update');
    if (!before) throw notFound(`Address book entry ${options.entryId} does not exist.`);
    requireAddressBookAccess(options.roles, before.companyId);
    await tx.delete(addressBookEntries).where(eq(addressBookEntries.id, before.id));
    await writeAudit(tx, {
      userId: options.userId,
      action: 'delete',
      entityType: 'address_book_entry',
      entityId: before.id,
      before: toEntry(before),
    });
  });
}
