import { asc } from 'drizzle-orm';
import type { TariffCode } from '@courier/domain/pricing/schemas';
import type { DbOrTx } from '../db/client.ts';
import { tariffCodes } from '../db/schema/index.ts';

/** Every tariff code (id, code, name) by id: the pricing catalogue, and the booking list's names for codes. */
export function listTariffCodes(db: DbOrTx): Promise<TariffCode[]> {
  return db.select().from(tariffCodes).orderBy(asc(tariffCodes.id));
}
