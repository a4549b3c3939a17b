import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { TariffCandidate } from '@courier/domain/companies/set-call-bookings';
import type { Place } from '@courier/domain/addresses/schemas';
import { placesByPlaceId } from '../../../core/places.ts';
import type { DbOrTx } from '../../../db/client.ts';
import {
  companies,
  companyReferences,
  drivers,
  services,
  setCalls,
  tariffCodes,
  tariffs,
  zones,
} from '../../../db/schema/index.ts';

export type SetCallRow = typeof setCalls.$inferSelect;

/** The next active set calls after `cursor`, by id (the partial index on active keeps this cheap). */
export function nextActiveSetCalls(tx: DbOrTx, cursor: number, limit: number): Promise<SetCallRow[]> {
  return tx
    .select()
    .from(setCalls)
    .where(and(eq(setCalls.active, true), gt(setCalls.id, cursor)))
    .orderBy(asc(setCalls.id))
    .limit(limit);
}

export interface SetCallBookingContext {
  services: Map<number, typeof services.$inferSelect>;
  companies: Map<number, { id: number; accountCode: string | null; tariffCode: number | null }>;
  places: Map<string, Place>;
  /** Driver row id by driver number (the set call's driver code). */
  driverIds: Map<number, number>;
  /** A company's first reference of header 'Reference', which a set call's reference fills. */
  referenceOf: Map<number, { id: number; name: string; header: string }>;
  /** Tariff code id by code (DOM, INT): the code a company without its own is priced under. */
  tariffCodeIds: Map<string, number>;
  zones: { name: string; countries: string[] }[];
  tariffs: TariffCandidate[];
}

/** Everything a batch of set calls needs to become bookings, read in a few queries for the whole batch. */
export async function loadBookingContext(tx: DbOrTx, rows: readonly SetCallRow[]): Promise<SetCallBookingContext> {
  const unique = <T>(values: (T | null)[]) => [...new Set(values.filter((value): value is T => value !== null))];
  const serviceIds = unique(rows.map((row) => row.serviceId));
  const companyIds = unique(rows.map((row) => row.companyId));
  const driverNumbers = unique(rows.map((row) => row.driver));
  const serviceRows =
    serviceIds.length > 0 ? await tx.select().from(services).where(inArray(services.id, serviceIds)) : [];
  const companyRows =
    companyIds.length > 0
      ? await tx
          .select({
            id: companies.id,
            accountCode: companies.accountCode,
            tariffCode: companies.tariffCode,
          })
          .from(companies)
          .where(inArray(companies.id, companyIds))
      : [];
  const driverRows =
    driverNumbers.length > 0
      ? await tx
          .select({ id: drivers.id, driverNumber: drivers.driverNumber })
          .from(drivers)
          .where(inArray(drivers.driverNumber, driverNumbers))
      : [];
  const referenceRows =
    companyIds.length > 0
      ? await tx
          .select({
            id: companyReferences.id,
            companyId: companyReferences.companyId,
            name: companyReferences.name,
            header: companyReferences.header,
          })
          .from(companyReferences)
          .where(and(inArray(companyReferences.companyId, companyIds), eq(companyReferences.header, 'Reference')))
          .orderBy(asc(companyReferences.id))
      : [];
  const codeRows = await tx.select({ id: tariffCodes.id, code: tariffCodes.code }).from(tariffCodes);
  const accounts = unique(companyRows.map((row) => row.accountCode));
  const tariffRows = await tx
    .select({
      id: tariffs.id,
      account: tariffs.account,
      tariffCodeId: tariffs.tariffCodeId,
      service: tariffs.service,
      zone: tariffs.zone,
      pricing: tariffs.pricing,
    })
    .from(tariffs)
    .where(
      and(
        isNull(tariffs.carrierId),
        inArray(tariffs.service, ['DOM', 'INT']),
        accounts.length > 0 ? or(isNull(tariffs.account), inArray(tariffs.account, accounts)) : isNull(tariffs.account),
      ),
    )
    .orderBy(asc(tariffs.id));

  const referenceOf = new Map<number, { id: number; name: string; header: string }>();
  for (const row of referenceRows) if (!referenceOf.has(row.companyId)) referenceOf.set(row.companyId, row);
  return {
    services: new Map(serviceRows.map((row) => [row.id, row])),
    companies: new Map(companyRows.map((row) => [row.id, row])),
    places: await placesByPlaceId(
      tx,
      rows.flatMap((row) => [row.collectionPlaceId, row.deliveryPlaceId]).filter((id): id is string => id !== null),
    ),
    driverIds: new Map(driverRows.map((row) => [row.driverNumber, row.id])),
    referenceOf,
    tariffCodeIds: new Map(codeRows.map((row) => [row.code, row.id])),
    zones: await tx.select({ name: zones.name, countries: zones.countries }).from(zones).orderBy(asc(zones.id)),
    tariffs: tariffRows,
  };
}
