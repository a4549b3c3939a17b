import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { equipmentEntryProblems } from '@courier/domain/drivers/rules';
import type { EquipmentBody, EquipmentEntry } from '@courier/domain/drivers/schemas';
import type { Db, DbOrTx } from '../../db/client.ts';
import { driverEquipment, drivers } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { driverNotFound, lockDriver } from './queries.ts';

// A driver's equipment register (spec 2 §3 'Driver equipment', §4, §5, §7): read it, and save the
// whole list (add, return, edit, delete) in one transaction.

type EquipmentRow = typeof driverEquipment.$inferSelect;

function toEquipmentEntry(row: EquipmentRow): EquipmentEntry {
  return {
    id: row.id,
    driverId: row.driverId,
    type: row.type,
    serialNumber: row.serialNumber,
    givenDate: row.givenDate,
    givenBy: row.givenBy,
    returnedDate: row.returnedDate,
    notes: row.notes,
    outstanding: row.returnedDate === null,
  };
}

/** The register, items on loan first, then the latest given first. */
async function equipmentOf(db: DbOrTx, driverId: number): Promise<EquipmentEntry[]> {
  const rows = await db
    .select()
    .from(driverEquipment)
    .where(eq(driverEquipment.driverId, driverId))
    .orderBy(
      asc(sql`${driverEquipment.returnedDate} is not null`),
      desc(driverEquipment.givenDate),
      desc(driverEquipment.id),
    );
  return rows.map(toEquipmentEntry);
}

/** GET /api/drivers/{id}/equipment; 404 for no such driver. */
export async function getEquipment(db: DbOrTx, driverId: number): Promise<EquipmentEntry[]> {
  const [driver] = await db.select({ id: drivers.id }).from(drivers).where(eq(drivers.id, driverId));
  if (!driver) throw driverNotFound(driverId);
  return equipmentOf(db, driverId);
}

/** Every entry checked by the domain rule; 400 naming the first problem, with a detail for each. */
function checkEntries(input: EquipmentBody): void {
  const details = input.flatMap((entry, index) =>
    equipmentEntryProblems(entry).map((problem) => ({
      field: `body.${index}.${problem.field}`,
      message: problem.message,
    })),
  );
  const first = details[0];
  if (first) {
    const index = Number(first.field.split('.')[1]);
    throw badRequest(`Equipment entry ${index + 1}: ${first.message}`, details);
  }
  const seen = new Set<number>();
  input.forEach((entry, index) => {
    if (entry.id === undefined || entry.id === null) return;
    if (seen.has(entry.id)) {
      const message = `Equipment entry ${entry.id} is listed twice.`;
      throw badRequest(message, [{ field: `body.${index}.id`, message }]);
    }
    seen.add(entry.id);
  });
}

const valuesOf = (entry: EquipmentBody[number]) => {
  const returned = (entry.returnedDate ?? '').trim();
  return {
    type: entry.type.trim(),
    serialNumber: entry.serialNumber.trim(),
    givenDate: (entry.givenDate ?? '').trim(),
    givenBy: entry.givenBy.trim(),
    returnedDate: returned === '' ? null : returned,
    notes: (entry.notes ?? '').trim(),
  };
};

const changed = (row: EquipmentRow, values: ReturnType<typeof valuesOf>) =>
  (Object.keys(values) as (keyof typeof values)[]).some((key) => row[key] !== values[key]);

/**
 * PUT /api/drivers/{id}/equipment: the list replaces the register. Entries with an id must be this
 * driver's (400 otherwise) and are updated when they differ; entries without one are added; entries
 * left out are deleted. The driver row is locked so two saves of one register do not interleave;
 * each change is audited. Answers the register after the save.
 */
export async function saveEquipment(
  db: Db,
  options: { userId: number; driverId: number; input: EquipmentBody },
): Promise<EquipmentEntry[]> {
  const { input, driverId, userId } = options;
  checkEntries(input);
  return db.transaction(async (tx) => {
    await lockDriver(tx, driverId);
    const existing = await tx.select().from(driverEquipment).where(eq(driverEquipment.driverId, driverId));
    const byId = new Map(existing.map((row) => [row.id, row]));
    input.forEach((entry, index) => {
      if (entry.id !== undefined && entry.id !== null && !byId.has(entry.id)) {
        const message = `Equipment entry ${entry.id} is not in this driver's register. Reload the register and try again.`;
        throw badRequest(message, [{ field: `body.${index}.id`, message }]);
      }
    });
    const kept = new Set(input.flatMap((entry) => (entry.id ? [entry.id] : [])));
    const removed = existing.filter((row) => !kept.has(row.id));
    if (removed.length > 0) {
      await tx.delete(driverEquipment).where(
        and(
          eq(driverEquipment.driverId, driverId),
          inArray(
            driverEquipment.id,
            removed.map((row) => row.id),
          ),
        ),
      );
      await writeAudit(
        tx,
        removed.map((row) => ({
          userId,
          action: 'delete',
          entityType: 'driver_equipment',
          entityId: row.id,
          before: row,
        })),
      );
    }
    for (const entry of input) {
      const values = valuesOf(entry);
      const before = entry.id ? byId.get(entry.id) : undefined;
      if (before) {
        if (!changed(before, values)) continue;
        const [after] = await tx
          .update(driverEquipment)
          .set(values)
          .where(eq(driverEquipment.id, before.id))
          .returning();
        await writeAudit(tx, {
          userId,
          action: 'update',
          entityType: 'driver_equipment',
          entityId: before.id,
          before,
          after,
        });
      } else {
        const [created] = await tx
          .insert(driverEquipment)
          .values({ driverId, ...values })
          .returning();
        await writeAudit(tx, {
          userId,
          action: 'create',
          entityType: 'driver_equipment',
          entityId: created!.id,
          after: created,
        });
      }
    }
    return equipmentOf(tx, driverId);
  });
}
