/**
 * Rough but recognisable outlines of the demo zones, written as [latitude, longitude] as one reads
 * them off a map, and stored as GeoJSON-style [longitude, latitude] rings (zones.polygon). The border
 * between IRELAND and NORTHERN IRELAND is the same points in both, so the two meet on the map.
 */
type Point = [latitude: number, longitude: number];

/** The land border, from Carlingford Lough in the east to Lough Foyle in the north-west. */
const BORDER: Point[] = [
  [54.03, -6.1],
  [54.1, -6.35],
  [54.08, -6.62],
  [54.29, -6.85],
  [54.4, -6.95],
  [54.18, -7.23],
  [54.1, -7.45],
  [54.29, -7.88],
  [54.48, -8.1],
  [54.55, -7.83],
  [54.83, -7.48],
  [55.0, -7.35],
  [55.2, -7.0],
];

/** The Republic's coast, from Lough Foyle round Malin Head, down the west, along the south and up the east to Carlingford. */
const IRELAND_COAST: Point[] = [
  [55.38, -7.37],
  [55.15, -8.3],
  [54.65, -8.78],
  [54.6, -8.4],
  [54.3, -8.6],
  [54.32, -9.35],
  [54.3, -10.0],
  [53.95, -10.1],
  [53.4, -10.2],
  [53.25, -9.05],
  [53.15, -9.27],
  [52.85, -9.45],
  [52.56, -9.93],
  [52.42, -9.95],
  [52.1, -10.5],
  [51.9, -10.4],
  [51.6, -10.2],
  [51.55, -9.85],
  [51.45, -9.82],
  [51.55, -8.9],
  [51.6, -8.53],
  [51.8, -8.27],
  [51.95, -7.85],
  [52.08, -7.6],
  [52.12, -6.93],
  [52.17, -6.37],
  [52.55, -6.2],
  [52.8, -6.14],
  [52.97, -6.0],
  [53.38, -6.06],
  [53.58, -6.1],
  [53.8, -6.22],
  [53.95, -6.35],
];

/** Northern Ireland's coast, from Lough Foyle east round Fair Head and south to Carlingford. */
const NORTHERN_IRELAND_COAST: Point[] = [
  [55.18, -6.95],
  [55.21, -6.65],
  [55.23, -6.15],
  [54.85, -5.8],
  [54.67, -5.55],
  [54.4, -5.45],
  [54.35, -5.55],
  [54.2, -5.88],
];

/** County Dublin, from Balbriggan down the coast to Bray and back by the Dublin mountains and Lucan. */
const DUBLIN: Point[] = [
  [53.63, -6.18],
  [53.58, -6.12],
  [53.5, -6.1],
  [53.45, -6.13],
  [53.39, -6.06],
  [53.35, -6.15],
  [53.3, -6.13],
  [53.27, -6.09],
  [53.21, -6.11],
  [53.2, -6.25],
  [53.22, -6.45],
  [53.3, -6.47],
  [53.36, -6.52],
  [53.45, -6.45],
  [53.55, -6.35],
  [53.63, -6.25],
];

/** Great Britain, clockwise from Dover. */
const GREAT_BRITAIN: Point[] = [
  [51.13, 1.35],
  [51.39, 1.43],
  [51.5, 0.7],
  [51.79, 1.16],
  [52.48, 1.75],
  [52.93, 1.3],
  [52.95, 0.35],
  [53.14, 0.34],
  [53.58, 0.12],
  [54.12, -0.08],
  [54.49, -0.61],
  [54.63, -1.15],
  [55.0, -1.42],
  [55.77, -2.0],
  [56.05, -2.7],
  [56.28, -2.58],
  [57.15, -2.08],
  [57.5, -1.78],
  [57.68, -2.95],
  [57.48, -4.22],
  [57.82, -3.95],
  [58.44, -3.09],
  [58.67, -3.38],
  [58.62, -5.0],
  [57.9, -5.16],
  [57.28, -5.71],
  [56.73, -6.22],
  [56.41, -5.47],
  [55.31, -5.8],
  [55.46, -4.63],
  [54.64, -4.86],
  [54.95, -3.2],
  [54.49, -3.61],
  [54.07, -2.87],
  [53.4, -3.05],
  [53.33, -3.86],
  [53.31, -4.63],
  [52.76, -4.79],
  [52.41, -4.09],
  [51.88, -5.31],
  [51.57, -4.3],
  [51.46, -3.17],
  [51.21, -3.48],
  [51.02, -4.53],
  [50.42, -5.08],
  [50.07, -5.72],
  [49.96, -5.2],
  [50.36, -4.14],
  [50.62, -3.41],
  [50.52, -2.45],
  [50.7, -1.98],
  [50.73, -0.78],
  [50.73, 0.24],
  [50.91, 0.97],
];

/** The inhabited offshore islands priced apart: Achill, Clare Island, the Aran Islands, Arranmore, Tory, Cape Clear. */
const IRISH_ISLANDS: Point[][] = [
  [
    [54.05, -10.2],
    [54.02, -9.92],
    [53.9, -9.95],
    [53.93, -10.25],
  ],
  [
    [53.82, -10.03],
    [53.82, -9.93],
    [53.78, -9.95],
  ],
  [
    [53.15, -9.85],
    [53.12, -9.5],
    [53.05, -9.55],
    [53.08, -9.82],
  ],
  [
    [55.02, -8.57],
    [55.01, -8.48],
    [54.97, -8.5],
  ],
  [
    [55.27, -8.27],
    [55.27, -8.17],
    [55.25, -8.22],
  ],
  [
    [51.45, -9.55],
    [51.45, -9.47],
    [51.42, -9.5],
  ],
];

const toRing = (points: Point[]): [number, number][] => {
  const ring = points.map(([latitude, longitude]): [number, number] => [longitude, latitude]);
  const first = ring[0];
  return first ? [...ring, first] : ring;
};

/** Outlines by zone name; zones not named here keep the box or no outline that pricing.ts gives them. */
export const ZONE_OUTLINES: Record<string, [number, number][][]> = {
  DUBLIN: [toRing(DUBLIN)],
  IRELAND: [toRing([...IRELAND_COAST, ...BORDER])],
  'NORTHERN IRELAND': [toRing([...NORTHERN_IRELAND_COAST, ...BORDER])],
  'IRISH ISLANDS': IRISH_ISLANDS.map(toRing),
  'UK MAINLAND': [toRing(GREAT_BRITAIN)],
};
