import { asc, eq } from 'drizzle-orm';
import type { Carrier } from '@courier/domain/pricing/schemas';
import type { DbOrTx } from '../db/client.ts';
import { carriers } from '../db/schema/index.ts';

/** Every carrier: by id (the pricing catalogue) or by name (a list filter's choices). */
export function listCarriers(db: DbOrTx, order: 'id' | 'name' = 'id'): Promise<Carrier[]> {
  return db
    .select({ id: carriers.id, code: carriers.code, name: carriers.name })
    .from(carriers)
    .orderBy(order === 'name' ? asc(carriers.name) : asc(carriers.id));
}

export async function findCarrier(db: DbOrTx, id: number): Promise<Carrier | undefined> {
  const [row] = await db
    .select({ id: carriers.id, code: carriers.code, name: carriers.name })
    .from(carriers)
    .where(eq(carriers.id, id));
  return row;
}
