import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  formatAddress,
  PLACE_SEARCH_MIN_LENGTH,
  type PlaceSearchResult,
  type placeCreateBodySchema,
  type placeSearchQuerySchema,
} from '@courier/domain/addresses/schemas';
import { countryByCode } from '@courier/domain/common/countries';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { liftValues, preparedQuery } from '../../db/prepared.ts';
import { places } from '../../db/schema/index.ts';

const SEARCH_LIMIT = 20;
const METRES_PER_DEGREE = 111_320;

/** The same expression as the trigram index places_search_trgm_idx (catalogue.ts), so the index serves it. */
const searchText = sql`lower(${places.name} || ' ' || ${places.addressLineOne} || ' ' || ${places.addressLineTwo} || ' ' || ${places.city} || ' ' || ${places.county} || ' ' || ${places.postCode} || ' ' || replace(${places.postCode}, ' ', ''))`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word of the query must appear in the name, address or eircode (each a trigram-indexed LIKE). */
function wordsCondition(query: string): SQL | undefined {
  const words = query
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 8);
  return and(...words.map((word) => sql`${searchText} like ${`%${escapeLike(word)}%`}`));
}

type PlaceRow = typeof places.$inferSelect;
type SearchQuery = z.output<typeof placeSearchQuerySchema>;

async function searchRows(db: Db, options: SearchQuery): Promise<PlaceRow[]> {
  const text = options.query.trim();
  if (text.length < PLACE_SEARCH_MIN_LENGTH) return [];
  const compact = text.toLowerCase().replace(/\s+/g, '');
  const lower = text.toLowerCase();
  const conditions: (SQL | undefined)[] = [wordsCondition(text)];
  if (options.countryCode) conditions.push(eq(places.countryCode, options.countryCode.toUpperCase()));
  if (options.filterPlaceId) conditions.push(ne(places.placeId, options.filterPlaceId));
  if (options.latitude !== undefined && options.longitude !== undefined && options.radius !== undefined) {
    const latDelta = options.radius / METRES_PER_DEGREE;
    const lngDelta =
      options.radius / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((options.latitude * Math.PI) / 180)));
    conditions.push(sql`${places.latitude} between ${options.latitude - latDelta} and ${options.latitude + latDelta}`);
    conditions.push(
      sql`${places.longitude} between ${options.longitude - lngDelta} and ${options.longitude + lngDelta}`,
    );
  }
  // Ranked: the exact eircode, then names starting with the text, then addresses starting with it, then the rest by name.
  const rank = sql<number>`case
    when lower(replace(${places.postCode}, ' ', '')) = ${compact} then 0
    when lower(${places.name}) like ${`${escapeLike(lower)}%`} then 1
    when lower(${places.addressLineOne}) like ${`${escapeLike(lower)}%`} then 2
    else 3 end`;
  const where = liftValues(and(...conditions), 'w');
  const order = liftValues(rank, 'r');
  // Prepared once per shape: how many words, which of country, left-out place and area are given.
  const query = preparedQuery(db, `place-search|${where.text}|${order.text}`, (name) =>
    db
      .select()
      .from(places)
      .where(where.template())
      .orderBy(order.template() ?? sql`1`, asc(places.name), asc(places.id))
      .limit(SEARCH_LIMIT)
      .prepare(name),
  );
  return query.execute({ ...where.values, ...order.values });
}

/** GET /api/place/search: from 3 characters, ranked (spec 1 §5, §7). */
export async function searchPlaces(db: Db, options: SearchQuery): Promise<PlaceSearchResult> {
  const rows = await searchRows(db, options);
  return rows.map((row) => ({
    placeId: row.placeId,
    name: row.name,
    eircode: row.postCode,
    address: formatAddress(row),
  }));
}

/** GET /api/place/search/exisiting: the same search, as id, name and description. */
export async function searchExistingPlaces(db: Db, query: string) {
  const rows = await searchRows(db, { query });
  return rows.map((row) => ({ id: row.id, name: row.name, description: formatAddress(row) }));
}

/** POST /api/place/create: a custom address; the country name comes from its code (spec 1 §5). */
export async function createPlace(
  db: DbOrTx,
  body: z.output<typeof placeCreateBodySchema>,
): Promise<{ placeId: string }> {
  const { address } = body;
  const country = countryByCode(address.countryCode);
  const placeId = `pl_c${randomBytes(6).toString('hex')}`;
  await db.insert(places).values({
    placeId,
    name: address.name,
    addressLineOne: address.addressLineOne,
    addressLineTwo: address.addressLineTwo,
    city: address.city,
    county: address.county,
    postCode: address.postCode,
    countryCode: country?.Code ?? address.countryCode,
    country: country?.Name ?? '',
    latitude: address.latitude ?? null,
    longitude: address.longitude ?? null,
  });
  return { placeId };
}
