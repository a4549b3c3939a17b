import { eq, inArray } from 'drizzle-orm';
import type { Place } from '@courier/domain/addresses/schemas';
import type { DbOrTx } from '../db/client.ts';
import { places } from '../db/schema/index.ts';

/** A places row as the API answers it (address book, set calls): eircode = post code. */
export function toPlace(row: typeof places.$inferSelect): Place {
  return {
    placeId: row.placeId,
    id: row.id,
    name: row.name,
    postCode: row.postCode,
    eircode: row.postCode,
    addressLineOne: row.addressLineOne,
    addressLineTwo: row.addressLineTwo,
    city: row.city,
    county: row.county,
    countryCode: row.countryCode,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

export async function findPlaceByPlaceId(db: DbOrTx, placeId: string): Promise<Place | undefined> {
  const [row] = await db.select().from(places).where(eq(places.placeId, placeId));
  return row ? toPlace(row) : undefined;
}

export async function findPlaceById(db: DbOrTx, id: number): Promise<Place | undefined> {
  const [row] = await db.select().from(places).where(eq(places.id, id));
  return row ? toPlace(row) : undefined;
}

/** The places of these place ids, by place id (ids that name no place are left out). */
export async function placesByPlaceId(db: DbOrTx, placeIds: readonly string[]): Promise<Map<string, Place>> {
  const unique = [...new Set(placeIds)];
  const rows = unique.length > 0 ? await db.select().from(places).where(inArray(places.placeId, unique)) : [];
  return new Map(rows.map((row) => [row.placeId, toPlace(row)]));
}

/** Whether a place id names a place (a form's chosen address may have been removed since). */
export async function placeExists(db: DbOrTx, placeId: string): Promise<boolean> {
  const rows = await db.select({ id: places.id }).from(places).where(eq(places.placeId, placeId)).limit(1);
  return rows.length > 0;
}
