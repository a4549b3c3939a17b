import { TARIFF_CODE_SERVICES, TARIFF_SERVICE_NAMES } from '@courier/domain/pricing/tariff-services';
import type { DbOrTx } from '../client.ts';
import { carriers, drivers, places, services, tariffCodes } from '../schema/index.ts';
import { eircode, irishPhone, personName } from './companies.ts';
import { STREETS, TOWNS } from './irish-data.ts';
import type { Random } from './random.ts';

/**
 * The tariff codes (spec 2 §3): the services tariffs are grouped by, named as the domain names them.
 * The cancellation and failed-collection charges (CANC, FAIC) are tariff services, not codes: their
 * tariffs sit under the domestic code (pricing.ts).
 */
export const TARIFF_CODES = TARIFF_CODE_SERVICES.map((code) => ({ code, name: TARIFF_SERVICE_NAMES[code] }));

const SERVICE_VEHICLES = [
  { type: 'PUSH_BIKE', label: 'Push Bike', code: 'PB' },
  { type: 'BIKE', label: 'Motorbike', code: 'MB' },
  { type: 'TOP_BOX_BIKE', label: 'Top Box Bike', code: 'TB' },
  { type: 'CARGO_BIKE', label: 'Cargo Bike', code: 'CB' },
  { type: 'CARGO_BIKE_MAX', label: 'Cargo Bike Max', code: 'CM' },
  { type: 'VAN', label: 'Van', code: 'VN' },
] as const;
const SAME_DAY_LEVELS = [
  { service: 'STANDARD', label: 'Standard', code: 'S' },
  { service: 'PRIORITY', label: 'Priority', code: 'P' },
  { service: 'ECONOMY', label: 'Economy', code: 'E' },
] as const;

const VEHICLE_OF_DRIVER = [
  'bike',
  'bike',
  'top box bike',
  'push bike',
  'cargo bike',
  'cargo bike max',
  'van',
  'van',
] as const;

export async function seedCatalogue(db: DbOrTx, random: Random, anchor: Date): Promise<void> {
  await db.insert(tariffCodes).values(TARIFF_CODES);
  await db.insert(carriers).values([
    { code: 'DPD', name: 'DPD Ireland' },
    { code: 'UPS', name: 'UPS' },
    { code: 'FEDEX', name: 'FedEx Express' },
  ]);
  await db.insert(services).values([
    ...SERVICE_VEHICLES.flatMap((vehicle) =>
      SAME_DAY_LEVELS.map((level) => ({
        name: `${vehicle.label} ${level.label}`,
        type: vehicle.type,
        service: level.service,
        serviceCode: `${vehicle.code}${level.code}`,
      })),
    ),
    { name: 'Overnight Parcel', type: 'VAN', service: 'OVERNIGHT', serviceCode: 'ON' },
    { name: 'International Parcel', type: 'VAN', service: 'INTERNATIONAL', serviceCode: 'OS' },
  ]);
  await db.insert(drivers).values(
    Array.from({ length: 48 }, (_, i) => {
      const name = personName(random);
      return {
        driverNumber: 100 + i * 3,
        ...name,
        email: `driver${100 + i * 3}@couriers.demo.ie`,
        phone: irishPhone(random),
        vehicle: random.pick(VEHICLE_OF_DRIVER),
        online: random.chance(0.4),
        lastOnline: new Date(anchor.getTime() - random.int(0, 40) * 86_400_000 - random.int(0, 86_400_000)),
        blocked: random.chance(0.05),
      };
    }),
  );
  await insertPlaces(db, generatePlaces(random, 2000));
}

const PLACE_KINDS = [
  'Office',
  'Warehouse',
  'Clinic',
  'Pharmacy',
  'Studio',
  'Depot',
  'Shop',
  'House',
  'Apartments',
  'Centre',
] as const;

/** Real-looking Irish addresses around town centres, with eircodes and coordinates. */
export function generatePlaces(random: Random, count: number, startIndex = 0): (typeof places.$inferInsert)[] {
  return Array.from({ length: count }, (_, i) => {
    const town = random.pick(TOWNS);
    const street = random.pick(STREETS);
    const number = random.int(1, 180);
    const owner = personName(random).lastName;
    return {
      placeId: `pl_${(startIndex + i + 1).toString(36).padStart(6, '0')}`,
      name: random.chance(0.6) ? `${owner} ${random.pick(PLACE_KINDS)}` : `${number} ${street}`,
      addressLineOne: `${number} ${street}`,
      addressLineTwo: random.chance(0.3) ? `Unit ${random.int(1, 40)}` : '',
      city: town.city,
      county: town.county,
      postCode: eircode(random, town.routingKey),
      countryCode: 'IE',
      country: 'IRELAND, REPUBLIC OF',
      latitude: Number((town.latitude + (random.next() - 0.5) * 0.04).toFixed(6)),
      longitude: Number((town.longitude + (random.next() - 0.5) * 0.06).toFixed(6)),
    };
  });
}

const CHUNK = 1000;

export async function insertPlaces(db: DbOrTx, rows: (typeof places.$inferInsert)[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK)
    await db.insert(places).values(rows.slice(start, start + CHUNK));
}
