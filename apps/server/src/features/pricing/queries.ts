import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tariff, TariffCode, TariffListQuery, Zone, ZoneGeoCode } from '@courier/domain/pricing/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { companies, tariffCodes, tariffs, zones } from '../../db/schema/index.ts';

type TariffRow = typeof tariffs.$inferSelect;

export function toTariff(row: TariffRow): Tariff {
  return {
    id: row.id,
    account: row.account,
    service: row.service,
    zone: row.zone,
    description: row.description,
    pricing: row.pricing,
    tariffCode: row.tariffCodeId,
    carrierId: row.carrierId,
    priceIncreaseRan: row.priceIncreaseRan,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const zoneColumns = { id: zones.id, name: zones.name, countries: zones.countries };

export function listZones(db: DbOrTx): Promise<Zone[]> {
  return db.select(zoneColumns).from(zones).orderBy(asc(zones.id));
}

/** Every zone's outlines for the zones map (stored as GeoJSON [longitude, latitude] rings). */
export async function listZoneGeoCodes(db: DbOrTx): Promise<ZoneGeoCode[]> {
  const rows = await db.select({ name: zones.name, polygon: zones.polygon }).from(zones).orderBy(asc(zones.id));
  return rows.map((row) => ({
    zone: row.name,
    outlines: (row.polygon ?? []).map((ring) => ring.map(([longitude, latitude]) => ({ latitude, longitude }))),
  }));
}

export async function findTariffCode(db: DbOrTx, id: number): Promise<TariffCode | undefined> {
  const [row] = await db.select().from(tariffCodes).where(eq(tariffCodes.id, id));
  return row;
}

export async function findZone(db: DbOrTx, name: string): Promise<Zone | undefined> {
  const [row] = await db.select(zoneColumns).from(zones).where(eq(zones.name, name));
  return row;
}

/** The account code as a company holds it, whatever case it was typed in; undefined when no company has it. */
export async function findAccountCode(db: DbOrTx, account: string): Promise<string | undefined> {
  const [row] = await db
    .select({ accountCode: companies.accountCode })
    .from(companies)
    .where(sql`upper(${companies.accountCode}) = ${account.toUpperCase()}`)
    .limit(1);
  return row?.accountCode ?? undefined;
}

/** Which of these account codes (upper case) no company holds. */
export async function unknownAccountCodes(db: DbOrTx, accounts: readonly string[]): Promise<string[]> {
  if (accounts.length === 0) return [];
  const rows = await db
    .select({ code: sql<string>`upper(${companies.accountCode})` })
    .from(companies)
    .where(
      sql`upper(${companies.accountCode}) in (${sql.join(
        accounts.map((a) => sql`${a}`),
        sql`, `,
      )})`,
    );
  const known = new Set(rows.map((row) => row.code));
  return accounts.filter((account) => !known.has(account));
}

export async function findTariff(db: DbOrTx, id: number): Promise<Tariff | undefined> {
  const [row] = await db.select().from(tariffs).where(eq(tariffs.id, id));
  return row ? toTariff(row) : undefined;
}

const LIST_LIMIT = 2000;

/**
 * GET /api/pricing/tariffs: a list is one family of tariffs. Without `account` it holds base tariffs
 * (no account), with it that account's special tariffs; without `carrierId` customer tariffs, with
 * it that carrier's tariffs; `tariffCodeId` and `zone` narrow further.
 */
export async function listTariffs(db: DbOrTx, query: TariffListQuery): Promise<Tariff[]> {
  const conditions: SQL[] = [
    query.account ? eq(tariffs.account, query.account) : isNull(tariffs.account),
    query.carrierId ? eq(tariffs.carrierId, query.carrierId) : isNull(tariffs.carrierId),
  ];
  if (query.tariffCodeId) conditions.push(eq(tariffs.tariffCodeId, query.tariffCodeId));
  if (query.zone) conditions.push(eq(tariffs.zone, query.zone));
  const rows = await db
    .select()
    .from(tariffs)
    .where(and(...conditions))
    .orderBy(asc(tariffs.tariffCodeId), asc(tariffs.service), asc(tariffs.zone), asc(tariffs.id))
    .limit(LIST_LIMIT);
  return rows.map(toTariff);
}
