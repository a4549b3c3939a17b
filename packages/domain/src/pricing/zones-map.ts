/**
 * The zones map (spec 1 §9): where it opens, which outlines it draws and in which colour. Pure, so the
 * rule is written once and tested here; the map widget (apps/web/src/ui/zones-map.tsx) only draws.
 */

/** A point as the map takes it. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Spec 1 §9: minimum zoom 4, default zoom 2, centred on Dublin. */
export const ZONES_MAP = {
  minZoom: 4,
  defaultZoom: 2,
  centre: { latitude: 53.34, longitude: -6.26 },
  fillOpacity: 0.5,
  /** The view is fitted to the zones unless they span more than this (degrees). */
  maxFittedSpan: { latitude: 80, longitude: 160 },
} as const;

/** A 32-bit FNV-1a hash of the text: the same name gives the same colour on every screen and server. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  // MurmurHash3's finaliser: names that differ in one letter ('EU ZONE 1', 'EU ZONE 2') land far apart.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

const hex = (value: number) =>
  Math.round(value * 255)
    .toString(16)
    .padStart(2, '0');

/**
 * The zone's colour from a hash of its name (spec 1 §9), as #rrggbb: the hue from some bits of the
 * hash and the lightness (one of five) from others, so two zones seldom look alike; every one is a
 * strong, mid-dark colour that reads on a map.
 */
export function zoneColour(zoneName: string): string {
  const hash = hashOf(zoneName.trim().toUpperCase());
  const hue = hash % 360;
  const lightness = 0.32 + ((hash >>> 12) % 5) * 0.05;
  const saturation = 0.7;
  // HSL to RGB (CSS Color 4).
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return `#${hex(channel(0))}${hex(channel(8))}${hex(channel(4))}`;
}

const samePoint = (a: LatLng, b: LatLng) => a.latitude === b.latitude && a.longitude === b.longitude;

/**
 * The outlines the map draws (spec 1 §9 'draws only zones with at least 3 points and closes an open
 * polygon'): a ring with fewer than 3 distinct points is left out; an open ring is closed.
 */
export function drawableOutlines(rings: readonly (readonly LatLng[])[]): LatLng[][] {
  return rings.flatMap((ring) => {
    const points = [...ring];
    const first = points[0];
    const last = points.at(-1);
    const closed = first !== undefined && last !== undefined && points.length > 1 && samePoint(first, last);
    const distinct = closed ? points.length - 1 : points.length;
    if (distinct < 3 || !first) return [];
    return [closed ? points : [...points, first]];
  });
}

/** Where the zones map opens: fitted to the outlines, or the spec's default view when they span too far. */
export type ZonesMapViewport =
  | { kind: 'fit'; south: number; west: number; north: number; east: number }
  | { kind: 'default'; centre: LatLng; zoom: number };

/** Spec 1 §9: fitted to the data unless it spans more than 80° of latitude or 160° of longitude. */
export function zonesMapViewport(points: readonly LatLng[]): ZonesMapViewport {
  const fallback: ZonesMapViewport = { kind: 'default', centre: ZONES_MAP.centre, zoom: ZONES_MAP.defaultZoom };
  if (points.length === 0) return fallback;
  const latitudes = points.map((point) => point.latitude);
  const longitudes = points.map((point) => point.longitude);
  const south = Math.min(...latitudes);
  const north = Math.max(...latitudes);
  const west = Math.min(...longitudes);
  const east = Math.max(...longitudes);
  if (north - south > ZONES_MAP.maxFittedSpan.latitude || east - west > ZONES_MAP.maxFittedSpan.longitude)
    return fallback;
  return { kind: 'fit', south, west, north, east };
}
