import { describe, expect, it } from 'vitest';
import { distanceBetweenPlaces, haversineMetres } from './distance.ts';

describe('haversineMetres', () => {
  it('is 0 from a place to itself', () => {
    expect(haversineMetres({ latitude: 53.3498, longitude: -6.2603 }, { latitude: 53.3498, longitude: -6.2603 })).toBe(
      0,
    );
  });

  it('gives Dublin (Spire) to Cork (city hall) as about 219 km in a straight line', () => {
    const metres = haversineMetres(
      { latitude: 53.3498, longitude: -6.2603 },
      { latitude: 51.8979, longitude: -8.4706 },
    );
    expect(metres).toBeGreaterThan(218_000);
    expect(metres).toBeLessThan(221_000);
  });

  it('is the same both ways and whole metres', () => {
    const a = { latitude: 53.27, longitude: -9.05 };
    const b = { latitude: 52.66, longitude: -8.63 };
    expect(haversineMetres(a, b)).toBe(haversineMetres(b, a));
    expect(Number.isInteger(haversineMetres(a, b))).toBe(true);
  });

  it('one degree of latitude is about 111.2 km', () => {
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBe(111_195);
  });
});

describe('distanceBetweenPlaces', () => {
  it('is null when a place has no map position', () => {
    expect(distanceBetweenPlaces({ latitude: null, longitude: -6 }, { latitude: 53, longitude: -6 })).toBeNull();
    expect(distanceBetweenPlaces({ latitude: 53, longitude: -6 }, { latitude: 53, longitude: null })).toBeNull();
  });

  it('measures two places that have one', () => {
    expect(distanceBetweenPlaces({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBe(111_195);
  });
});
