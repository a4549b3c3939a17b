import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tariffs } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { toTariff } from './queries.ts';

/** DELETE /api/pricing/tariffs/{id}: removes the tariff and records what it was. */
export async function deleteTariff(db: Db, { userId, id }: { userId: number; id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(tariffs).where(eq(tariffs.id, id)).returning();
    if (!deleted) throw notFound(`Tariff ${id} does not exist. It may have been deleted already.`);
    await writeAudit(tx, { userId, action: 'delete', entityType: 'tariff', entityId: id, before: toTariff(deleted) });
  });
}
