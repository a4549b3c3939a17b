// The distance of a customer quote (issue 14): the straight line between the two places on the
// globe (haversine), not the road distance, which needs a routing service the product does not have.

/** Mean radius of the Earth in metres (IUGG), the usual figure for haversine distances. */
const EARTH_RADIUS_M = 6_371_008.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Metres between two points, rounded to the metre (bookings keep distance as whole metres, spec 2 §3). */
export function haversineMetres(from: LatLng, to: LatLng): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLng = radians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a))));
}

/** The distance between two places, or null when either has no map position. */
export function distanceBetweenPlaces(
  from: { latitude: number | null; longitude: number | null },
  to: { latitude: number | null; longitude: number | null },
): number | null {
  if (from.latitude === null || from.longitude === null || to.latitude === null || to.longitude === null) return null;
  return haversineMetres(
    { latitude: from.latitude, longitude: from.longitude },
    { latitude: to.latitude, longitude: to.longitude },
  );
}
