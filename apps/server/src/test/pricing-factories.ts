import type { PriceLevel } from '@courier/domain/pricing/tariff-engine';
import type { Db } from '../db/client.ts';
import { carriers, tariffCodes, tariffs, zones } from '../db/schema/index.ts';

export interface PricingCatalogue {
  codes: Record<'DOM' | 'INT' | 'UKM9', number>;
  carriers: Record<'DPD' | 'UPS', number>;
}

/** The tariff codes, carriers and zones a pricing test needs, as the demo data has them. */
export async function createPricingCatalogue(db: Db): Promise<PricingCatalogue> {
  const codeRows = await db
    .insert(tariffCodes)
    .values([
      { code: 'DOM', name: 'Domestic Overnight' },
      { code: 'INT', name: 'International' },
      { code: 'UKM9', name: 'UK Mainland by 9am' },
    ])
    .returning();
  const carrierRows = await db
    .insert(carriers)
    .values([
      { code: 'DPD', name: 'DPD Ireland' },
      { code: 'UPS', name: 'UPS' },
    ])
    .returning();
  await db.insert(zones).values([
    { name: 'IRELAND', countries: ['IE'], colour: '#2f9e44' },
    { name: 'NORTHERN IRELAND', countries: ['GB-NIR'], colour: '#1971c2' },
    { name: 'EU ZONE 1', countries: ['FR', 'DE', 'BE', 'NL', 'LU'], colour: '#e8590c' },
  ]);
  const id = <T extends { id: number; code: string }>(rows: T[], code: string) => {
    const row = rows.find((r) => r.code === code);
    if (!row) throw new Error(`missing ${code}`);
    return row.id;
  };
  return {
    codes: { DOM: id(codeRows, 'DOM'), INT: id(codeRows, 'INT'), UKM9: id(codeRows, 'UKM9') },
    carriers: { DPD: id(carrierRows, 'DPD'), UPS: id(carrierRows, 'UPS') },
  };
}

export const level = (values: Partial<PriceLevel> & Pick<PriceLevel, 'upTo'>): PriceLevel => ({
  basic: 0,
  basicPer: 0,
  then: 0,
  thenPer: 0,
  ...values,
});

/** A tariff row written straight to the table (bypassing the API), for lists and increases. */
export async function createTariff(
  db: Db,
  values: Partial<typeof tariffs.$inferInsert> & { tariffCodeId: number },
): Promise<typeof tariffs.$inferSelect> {
  const [row] = await db
    .insert(tariffs)
    .values({ pricing: [level({ upTo: 9999, basic: 10, basicPer: 5, then: 1, thenPer: 1 })], ...values })
    .returning();
  if (!row) throw new Error('The tariff was not created.');
  return row;
}
