import { and, asc, eq } from 'drizzle-orm';
import {
  cleanOptions,
  referenceError,
  type CompanyReference,
  type ReferenceBody,
} from '@courier/domain/companies/references';
import type { Db, DbOrTx } from '../../db/client.ts';
import { requireCompany } from '../../core/companies.ts';
import { companyReferences } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';

type Row = typeof companyReferences.$inferSelect;

function toReference(row: Row): CompanyReference {
  return {
    id: row.id,
    name: row.name,
    header: row.header,
    values: row.values,
    description: row.description,
    showConfig: row.showConfig,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listReferences(db: DbOrTx, companyId: number): Promise<CompanyReference[]> {
  await requireCompany(db, companyId);
  const rows = await db
    .select()
    .from(companyReferences)
    .where(eq(companyReferences.companyId, companyId))
    .orderBy(asc(companyReferences.id));
  return rows.map(toReference);
}

/** Runs the ordered rules of spec 1 §5 against the company's other references; throws the first failure. */
async function validate(tx: DbOrTx, companyId: number, body: ReferenceBody, id?: number): Promise<void> {
  const others = await tx
    .select({ id: companyReferences.id, header: companyReferences.header })
    .from(companyReferences)
    .where(eq(companyReferences.companyId, companyId));
  const message = referenceError(
    { id, name: body.name, header: body.header, values: body.values, limitOptions: body.limitOptions ?? false },
    others,
  );
  if (message) throw badRequest(message, [{ field: fieldOf(message, body), message }]);
}

function fieldOf(message: string, body: ReferenceBody): string {
  if (!body.name.trim() && message.includes('name')) return 'body.name';
  if (message.includes('option')) return 'body.values';
  return 'body.header';
}

function valuesOf(body: ReferenceBody): string[] {
  // Unlimited options: an empty list means free text (spec 1 §5).
  return body.limitOptions === false ? [] : cleanOptions(body.values);
}

export async function createReference(
  db: Db,
  options: { companyId: number; userId: number; body: ReferenceBody },
): Promise<CompanyReference> {
  const { companyId, userId, body } = options;
  return db.transaction(async (tx) => {
    await requireCompany(tx, companyId, { lock: true });
    await validate(tx, companyId, body);
    const [row] = await tx
      .insert(companyReferences)
      .values({
        companyId,
        name: body.name.trim(),
        header: body.header as Row['header'],
        values: valuesOf(body),
        description: body.description?.trim() ?? '',
        showConfig: body.showConfig ?? true,
      })
      .returning();
    if (!row) throw new Error('The reference was not created.');
    await writeAudit(tx, {
      userId,
      action: 'create',
      entityType: 'company_reference',
      entityId: row.id,
      after: toReference(row),
    });
    return toReference(row);
  });
}

async function findOwn(tx: DbOrTx, companyId: number, referenceId: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(companyReferences)
    .where(and(eq(companyReferences.id, referenceId), eq(companyReferences.companyId, companyId)));
  if (!row) throw notFound(`Reference ${referenceId} does not exist for company ${companyId}.`);
  return row;
}

export async function updateReference(
  db: Db,
  options: { companyId: number; referenceId: number; userId: number; body: ReferenceBody },
): Promise<CompanyReference> {
  const { companyId, referenceId, userId, body } = options;
  return db.transaction(async (tx) => {
    await requireCompany(tx, companyId, { lock: true });
    const before = await findOwn(tx, companyId, referenceId);
    await validate(tx, companyId, body, referenceId);
    const [row] = await tx
      .update(companyReferences)
      .set({
        name: body.name.trim(),
        header: body.header as Row['header'],
        values: valuesOf(body),
        ...(body.description !== undefined ? { description: body.description.trim() } : {}),
        ...(body.showConfig !== undefined ? { showConfig: body.showConfig } : {}),
      })
      .where(eq(companyReferences.id, referenceId))
      .returning();
    if (!row) throw notFound(`Reference ${referenceId} does not exist.`);
    await writeAudit(tx, {
      userId,
      action: 'update',
      entityType: 'company_reference',
      entityId: row.id,
      before: toReference(before),
      after: toReference(row),
    });
    return toReference(row);
  });
}

export async function deleteReference(
  db: Db,
  options: { companyId: number; referenceId: number; userId: number },
): Promise<CompanyReference> {
  const { companyId, referenceId, userId } = options;
  return db.transaction(async (tx) => {
    const before = await findOwn(tx, companyId, referenceId);
    await tx.delete(companyReferences).where(eq(companyReferences.id, referenceId));
    await writeAudit(tx, {
      userId,
      action: 'delete',
      entityType: 'company_reference',
      entityId: referenceId,
      before: toReference(before),
    });
    return toReference(before);
  });
}
