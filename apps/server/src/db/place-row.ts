import type { Place } from '@courier/domain/addresses/schemas';
import type { places } from './schema/index.ts';

/** A places row as the API answers it (address book, set calls): coordinates as numbers, eircode = post code. */
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
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
  };
}
