import { asc, eq } from 'drizzle-orm';
import type { CompanyReferenceValue, UpdateClientReferencesBody } from '@courier/domain/bookings/schemas';
import type { Db } from '../../db/client.ts';
import { bookings, companyReferences } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../http/errors.ts';

/**
 * PUT /api/bookings/reference: replaces a booking's client references. Each must be one of the
 * company's reference definitions (or one the booking already carries, if its definition has since
 * been removed), with a non-empty value (spec 2 §5) that is one of the definition's options when it
 * has any. Load, check and save in one transaction, audited.
 */
export async function updateClientReferences(db: Db, options: { body: UpdateClientReferencesBody; userId: number }) {
  const { bookingId, companyReferences: wanted } = options.body;
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({
        id: bookings.id,
        reference: bookings.reference,
        companyId: bookings.companyId,
        companyReferences: bookings.companyReferences,
      })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update')
      .limit(1);
    if (!booking) throw notFound(`Booking ${bookingId} does not exist.`);
    const definitions = await tx
      .select({
        id: companyReferences.id,
        name: companyReferences.name,
        header: companyReferences.header,
        values: companyReferences.values,
      })
      .from(companyReferences)
      .where(eq(companyReferences.companyId, booking.companyId))
      .orderBy(asc(companyReferences.id));

    const seen = new Set<number>();
    const details: { field: string; message: string }[] = [];
    const saved: CompanyReferenceValue[] = [];
    wanted.forEach((input, index) => {
      const field = `body.companyReferences.${index}`;
      if (seen.has(input.id)) {
        details.push({ field: `${field}.id`, message: `Reference ${input.id} is given twice.` });
        return;
      }
      seen.add(input.id);
      const definition = definitions.find((candidate) => candidate.id === input.id);
      const existing = booking.companyReferences.find((candidate) => candidate.id === input.id);
      if (!definition && !existing) {
        details.push({
          field: `${field}.id`,
          message: `Reference ${input.id} is not one of this company's references.`,
        });
        return;
      }
      if (definition && definition.values.length > 0 && !definition.values.includes(input.value)) {
        details.push({
          field: `${field}.value`,
          message: `${definition.name} must be one of: ${definition.values.join(', ')}.`,
        });
        return;
      }
      saved.push({
        id: input.id,
        name: definition?.name ?? existing?.name ?? '',
        header: definition?.header ?? existing?.header ?? '',
        value: input.value,
      });
    });
    if (details.length > 0) throw badRequest(details[0]?.message ?? 'The references are not valid.', details);

    await tx.update(bookings).set({ companyReferences: saved }).where(eq(bookings.id, booking.id));
    await writeAudit(tx, {
      userId: options.userId,
      action: 'update',
      entityType: 'booking',
      entityId: booking.id,
      field: 'companyReferences',
      before: booking.companyReferences,
      after: saved,
    });
    return { bookingId: booking.id, reference: booking.reference, companyReferences: saved };
  });
}
