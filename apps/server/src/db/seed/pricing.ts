import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { PriceLevel } from '@courier/domain/pricing/tariff-engine';
import { CHARGE_SERVICE_CODES, TARIFF_SERVICE_NAMES } from '@courier/domain/pricing/tariff-services';
import type { DbOrTx } from '../client.ts';
import { carriers, companies, tariffCodes, tariffs, zones } from '../schema/index.ts';
import { Random } from './random.ts';
import { ZONE_OUTLINES } from './zone-outlines.ts';

type Box = [west: number, south: number, east: number, north: number];
const ring = ([w, s, e, n]: Box): [number, number][][] => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
];

/**
 * Irish and international zones: the countries are what pricing matches on. The Irish and British zones
 * have outlines (zone-outlines.ts); the wider zones a box around their countries, for the map.
 */
const ZONES: { name: string; countries: string[]; box: Box | null; colour: string; factor: number }[] = [
  { name: 'DUBLIN', countries: ['IE'], box: [-6.45, 53.2, -6.05, 53.45], colour: '#1971c2', factor: 0.8 },
  { name: 'IRELAND', countries: ['IE'], box: [-10.7, 51.4, -5.9, 55.4], colour: '#2f9e44', factor: 1 },
  { name: 'NORTHERN IRELAND', countries: ['GB-NIR'], box: [-8.2, 54.0, -5.4, 55.3], colour: '#7048e8', factor: 1.15 },
  { name: 'IRISH ISLANDS', countries: ['IE'], box: [-10.3, 51.4, -8.3, 55.3], colour: '#0c8599', factor: 1.6 },
  { name: 'UK MAINLAND', countries: ['GB'], box: [-6.3, 49.9, 1.8, 58.7], colour: '#e03131', factor: 1.4 },
  {
    name: 'EU ZONE 1',
    countries: ['BE', 'DE', 'FR', 'LU', 'NL'],
    box: [-4.8, 42.3, 15.0, 55.1],
    colour: '#e8590c',
    factor: 2,
  },
  {
    name: 'EU ZONE 2',
    countries: ['AT', 'DK', 'ES', 'IT', 'PT', 'SE'],
    box: [-9.5, 36.0, 24.2, 69.1],
    colour: '#f08c00',
    factor: 2.4,
  },
  {
    name: 'EU ZONE 3',
    countries: ['BG', 'CZ', 'EE', 'FI', 'GR', 'HR', 'HU', 'LT', 'LV', 'PL', 'RO', 'SI', 'SK'],
    box: [12.1, 34.8, 31.6, 70.1],
    colour: '#c2255c',
    factor: 2.9,
  },
  { name: 'NORTH AMERICA', countries: ['CA', 'US'], box: [-168.0, 24.5, -52.6, 71.4], colour: '#5f3dc4', factor: 4.2 },
  { name: 'REST OF WORLD', countries: [], box: null, colour: '#495057', factor: 5.5 },
];

/** Which zones each tariff code's base tariffs price. */
const ZONES_OF_CODE: Record<string, string[]> = {
  DOM: ['DUBLIN', 'IRELAND', 'NORTHERN IRELAND', 'IRISH ISLANDS'],
  RAPC: ['DUBLIN', 'IRELAND'],
  TW48: ['IRELAND', 'NORTHERN IRELAND'],
  UKM9: ['UK MAINLAND'],
  UKM6: ['UK MAINLAND'],
  UKM2: ['UK MAINLAND'],
  INT: ['EU ZONE 1', 'EU ZONE 2', 'EU ZONE 3', 'NORTH AMERICA', 'REST OF WORLD'],
  PUR: ['NORTH AMERICA'],
};

/** The charges that are tariff services, not codes (spec 2 §3): flat fees in Ireland, under the domestic code. */
const CHARGE_TARIFFS: { service: (typeof CHARGE_SERVICE_CODES)[number]; euro: number }[] = [
  { service: 'CANC', euro: 15 },
  { service: 'FAIC', euro: 22.5 },
];
const CHARGE_TARIFF_CODE = 'DOM';

/** Which carrier carries which codes (by carrier code), for the carrier tariffs: what each charges us. */
const CARRIER_CODES: Record<string, string[]> = {
  DPD: ['DOM', 'TW48', 'UKM6', 'UKM2', 'RAPC'],
  UPS: ['INT', 'UKM9', 'PUR'],
  FEDEX: ['INT', 'PUR'],
};

/** Speed premium of a code over the plain overnight price. */
const CODE_FACTOR: Record<string, number> = {
  DOM: 1,
  RAPC: 1.6,
  TW48: 0.8,
  UKM9: 1.5,
  UKM6: 1.1,
  UKM2: 0.9,
  INT: 1,
  PUR: 1.1,
};

const toFive = (euro: number) => Math.round(euro * 20) / 20; // prices end in 0 or 5 cent

/** A parcel tariff's four bands: small parcels flat, then per kg, then per 5 kg for pallets. */
function parcelLevels(random: Random, factor: number): PriceLevel[] {
  const wobble = () => 0.92 + random.next() * 0.16;
  const base = 7.5 * factor * wobble();
  return [
    { upTo: 2, basic: toFive(base), basicPer: 2, then: 0, thenPer: 0 },
    { upTo: 10, basic: toFive(base * 1.3), basicPer: 5, then: toFive(0.9 * factor * wobble()), thenPer: 1 },
    { upTo: 30, basic: toFive(base * 2), basicPer: 10, then: toFive(0.7 * factor * wobble()), thenPer: 1 },
    { upTo: 9999, basic: toFive(base * 4.5), basicPer: 30, then: toFive(2.5 * factor * wobble()), thenPer: 5 },
  ];
}

const flatFee = (euro: number): PriceLevel[] => [{ upTo: 9999, basic: euro, basicPer: 9999, then: 0, thenPer: 0 }];

const scaled = (levels: PriceLevel[], factor: number): PriceLevel[] =>
  levels.map((level) => ({ ...level, basic: toFive(level.basic * factor), then: toFive(level.then * factor) }));

/**
 * Zones, base tariffs for every tariff code, special tariffs for some account customers and the
 * carriers' tariffs. Deterministic (own seed). Runs after the catalogue and the companies.
 */
export async function seedPricing(db: DbOrTx, options: { seed: number }): Promise<void> {
  const random = new Random(options.seed);
  await db.insert(zones).values(
    ZONES.map((zone) => ({
      name: zone.name,
      countries: zone.countries,
      polygon: ZONE_OUTLINES[zone.name] ?? (zone.box ? ring(zone.box) : null),
      colour: zone.colour,
    })),
  );
  const zoneFactor = new Map(ZONES.map((zone) => [zone.name, zone.factor]));
  const codeRows = await db.select().from(tariffCodes).orderBy(asc(tariffCodes.id));
  const carrierRows = await db.select().from(carriers).orderBy(asc(carriers.id));

  const rows: (typeof tariffs.$inferInsert)[] = [];
  const baseLevels = new Map<string, PriceLevel[]>(); // `${code}/${zone}`
  for (const code of codeRows) {
    for (const zone of ZONES_OF_CODE[code.code] ?? []) {
      const pricing = parcelLevels(random, (zoneFactor.get(zone) ?? 1) * (CODE_FACTOR[code.code] ?? 1));
      baseLevels.set(`${code.code}/${zone}`, pricing);
      rows.push({
        account: null,
        service: code.code,
        zone,
        tariffCodeId: code.id,
        pricing,
        description: `${code.name}, ${zone.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase())}`,
      });
    }
  }

  const chargeCode = codeRows.find((row) => row.code === CHARGE_TARIFF_CODE);
  for (const charge of chargeCode ? CHARGE_TARIFFS : []) {
    rows.push({
      account: null,
      service: charge.service,
      zone: 'IRELAND',
      tariffCodeId: chargeCode?.id ?? 0,
      pricing: flatFee(charge.euro),
      description: `${TARIFF_SERVICE_NAMES[charge.service]}, Ireland`,
    });
  }

  // What the carriers charge us: 60 to 75 % of our base price for the same code and zone.
  for (const carrier of carrierRows) {
    for (const codeName of CARRIER_CODES[carrier.code] ?? []) {
      const code = codeRows.find((row) => row.code === codeName);
      if (!code) continue;
      for (const zone of ZONES_OF_CODE[codeName] ?? []) {
        const base = baseLevels.get(`${codeName}/${zone}`);
        if (!base) continue;
        rows.push({
          account: null,
          carrierId: carrier.id,
          service: codeName,
          zone,
          tariffCodeId: code.id,
          pricing: scaled(base, 0.6 + random.next() * 0.15),
          description: `${carrier.name} ${codeName}`,
        });
      }
    }
  }

  // Special tariffs: agreed rates for some account customers, a few percent off the base price.
  const accounts = await db
    .select({ accountCode: companies.accountCode, name: companies.name })
    .from(companies)
    .where(and(eq(companies.billingBasis, 'account'), isNotNull(companies.accountCode)))
    .orderBy(asc(companies.id));
  const specials: [string, string][] = [
    ['DOM', 'IRELAND'],
    ['DOM', 'DUBLIN'],
    ['INT', 'EU ZONE 1'],
    ['UKM6', 'UK MAINLAND'],
  ];
  for (const company of accounts.filter((_, index) => index % 3 === 0)) {
    const count = random.int(1, specials.length);
    for (const [codeName, zone] of specials.slice(0, count)) {
      const code = codeRows.find((row) => row.code === codeName);
      const base = baseLevels.get(`${codeName}/${zone}`);
      if (!code || !base || !company.accountCode) continue;
      const discount = random.int(5, 15);
      rows.push({
        account: company.accountCode,
        service: codeName,
        zone,
        tariffCodeId: code.id,
        pricing: scaled(base, 1 - discount / 100),
        description: `Agreed rate for ${company.name} (${discount} % off)`,
      });
    }
  }

  for (let start = 0; start < rows.length; start += 500)
    await db.insert(tariffs).values(rows.slice(start, start + 500));
}
