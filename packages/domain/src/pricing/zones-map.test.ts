import { describe, expect, it } from 'vitest';
import { drawableOutlines, ZONES_MAP, zoneColour, zonesMapViewport } from './zones-map.ts';

const point = (latitude: number, longitude: number) => ({ latitude, longitude });

describe('zoneColour (spec 1 §9: from a hash of the zone)', () => {
  it('gives a #rrggbb colour, the same for the same name however it is written', () => {
    expect(zoneColour('DUBLIN')).toMatch(/^#[0-9a-f]{6}$/);
    expect(zoneColour('DUBLIN')).toBe(zoneColour(' dublin '));
  });

  it('gives different zones different colours', () => {
    const names = ['DUBLIN', 'IRELAND', 'NORTHERN IRELAND', 'IRISH ISLANDS', 'UK MAINLAND', 'EU ZONE 1', 'EU ZONE 2'];
    expect(new Set(names.map(zoneColour)).size).toBe(names.length);
  });

  it('is fixed for a name (a stored value, so maps match across releases)', () => {
    expect(zoneColour('IRELAND')).toBe(zoneColour('IRELAND'));
    expect(zoneColour('')).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('drawableOutlines (spec 1 §9: at least 3 points, open polygons closed)', () => {
  it('closes an open ring', () => {
    expect(drawableOutlines([[point(0, 0), point(0, 1), point(1, 1)]])).toEqual([
      [point(0, 0), point(0, 1), point(1, 1), point(0, 0)],
    ]);
  });

  it('keeps a closed ring as it is', () => {
    const ring = [point(0, 0), point(0, 1), point(1, 1), point(0, 0)];
    expect(drawableOutlines([ring])).toEqual([ring]);
  });

  it('leaves out rings of fewer than 3 points, a closed two-point ring included', () => {
    expect(
      drawableOutlines([[], [point(0, 0)], [point(0, 0), point(1, 1)], [point(0, 0), point(1, 1), point(0, 0)]]),
    ).toEqual([]);
  });
});

describe('zonesMapViewport (spec 1 §9)', () => {
  it('opens on Dublin at the default zoom with no data', () => {
    expect(zonesMapViewport([])).toEqual({ kind: 'default', centre: point(53.34, -6.26), zoom: 2 });
    expect(ZONES_MAP.minZoom).toBe(4);
    expect(ZONES_MAP.fillOpacity).toBe(0.5);
  });

  it('fits the view to the data', () => {
    expect(zonesMapViewport([point(51.4, -10.7), point(55.4, -5.9)])).toEqual({
      kind: 'fit',
      south: 51.4,
      west: -10.7,
      north: 55.4,
      east: -5.9,
    });
  });

  it('fits at exactly 80° of latitude and 160° of longitude', () => {
    expect(zonesMapViewport([point(-40, -80), point(40, 80)]).kind).toBe('fit');
  });

  it('does not fit data spanning more than 80° of latitude', () => {
    expect(zonesMapViewport([point(-40, 0), point(40.01, 0)]).kind).toBe('default');
  });

  it('does not fit data spanning more than 160° of longitude', () => {
    expect(zonesMapViewport([point(0, -168), point(0, -7.9)]).kind).toBe('default');
  });
});
