import { asc, eq, inArray, sql } from 'drizzle-orm';
import { addDays, dublinToday } from '@courier/domain/common/calendar-days';
import {
  EQUIPMENT_SUGGESTIONS,
  PAY_FREQUENCIES,
  type DriverVehicle,
  type StoredDriverVehicle,
} from '@courier/domain/drivers/enums';
import { ibanOf } from '@courier/domain/drivers/profile';
import { needsVehicleRegistration } from '@courier/domain/drivers/rules';
import type { DbOrTx } from '../client.ts';
import {
  dispatchProfiles,
  dispatchRooms,
  driverEquipment,
  driverPaySettings,
  driverProfiles,
  drivers,
  places,
  users,
} from '../schema/index.ts';
import { eircode, irishPhone, personName } from './companies.ts';
import { Random } from './random.ts';

// The demo driver register (issue 13): about 150 drivers (vans, cars, bikes, top-box bikes) with
// dispatch rooms, pay settings, equipment on loan and returned, and a few with registration details
// missing. The 48 drivers of the catalogue (which bookings and set calls point at) are kept and
// extended; the rest are added after them with numbers of their own. Its own random stream, so the
// bookings and everything seeded before keep their values.

export const DEMO_ROOMS = [
  'Dublin City',
  'Dublin North',
  'Dublin South',
  'Dublin West',
  'Cork',
  'Galway',
  'Limerick',
  'Overnight',
] as const;

/** Drivers in the demo register, the catalogue's included. */
export const DEMO_DRIVER_COUNT = 150;
const FIRST_NEW_DRIVER_NUMBER = 300;

// Two stored as the older 'car', as some real drivers still are: the register shows them as vans (spec 2 §3).
const NEW_VEHICLES: readonly StoredDriverVehicle[] = [
  'van',
  'van',
  'van',
  'car',
  'car',
  'bike',
  'bike',
  'top box bike',
  'top box bike',
  'push bike',
  'cargo bike',
  'cargo bike max',
];
const GIVEN_BY = ['Ciarán Doyle', 'Aoife Brennan', 'Declan Fitzgerald'] as const;
const DRIVER_TYPES = ['Contractor', 'Contractor', 'Contractor', 'Employee'] as const;

type DriverRow = { id: number; email: string; vehicle: string; phone: string; firstName: string; lastName: string };

function plate(random: Random, anchorYear: number): string {
  const year = random.int(anchorYear - 12, anchorYear) % 100;
  const county = random.pick(['D', 'D', 'D', 'C', 'G', 'L', 'KE', 'MH', 'WW']);
  return `${String(year).padStart(2, '0')}${random.pick(['1', '2'])}-${county}-${random.int(1, 99_999)}`;
}

function roomsOf(random: Random): string[] {
  const first = random.pick(DEMO_ROOMS);
  const second = random.chance(0.35) ? random.pick(DEMO_ROOMS) : first;
  return [...new Set([first, second])];
}

export async function seedDrivers(db: DbOrTx, options: { anchor: Date; now: Date; seed: number }): Promise<void> {
  const random = new Random(options.seed);
  const anchorYear = options.anchor.getUTCFullYear();
  await db.insert(dispatchRooms).values(DEMO_ROOMS.map((name) => ({ name })));

  // The catalogue's drivers: registration plates for those with an engine (a few left missing) and rooms.
  const existing = await db.select({ id: drivers.id, vehicle: drivers.vehicle }).from(drivers).orderBy(asc(drivers.id));
  if (existing.length > 0) {
    const values = existing.map((row) => {
      const needsPlate = needsVehicleRegistration(row.vehicle as DriverVehicle) && !random.chance(0.06);
      return sql`(${row.id}::int, ${needsPlate ? plate(random, anchorYear) : ''}::text, ${JSON.stringify(roomsOf(random))}::jsonb)`;
    });
    await db.execute(sql`
      update drivers set vehicle_registration = v.plate, rooms = v.rooms
      from (values ${sql.join(values, sql`, `)}) as v(id, plate, rooms)
      where drivers.id = v.id`);
  }

  // New drivers up to the demo count.
  const added = Array.from({ length: Math.max(0, DEMO_DRIVER_COUNT - existing.length) }, (_, i) => {
    const name = personName(random);
    const vehicle = random.pick(NEW_VEHICLES);
    const driverNumber = FIRST_NEW_DRIVER_NUMBER + i;
    const missingDetails = random.chance(0.05);
    const lastOnline = random.chance(0.08)
      ? null
      : new Date(
          Math.min(
            options.now.getTime(),
            options.anchor.getTime() - random.int(0, 45) * 86_400_000 - random.int(0, 43_200_000),
          ),
        );
    return {
      driverNumber,
      ...name,
      email: `driver${driverNumber}@couriers.demo.ie`,
      phone: missingDetails && random.chance(0.5) ? '' : irishPhone(random),
      vehicle,
      vehicleRegistration: needsVehicleRegistration(vehicle) && !missingDetails ? plate(random, anchorYear) : '',
      rooms: roomsOf(random),
      online: lastOnline !== null && random.chance(0.35),
      lastOnline,
      blocked: random.chance(0.03),
      createdAt: new Date(options.anchor.getTime() - random.int(20, 900) * 86_400_000),
    };
  });
  if (added.length > 0) await db.insert(drivers).values(added);

  const all: DriverRow[] = await db
    .select({
      id: drivers.id,
      email: drivers.email,
      vehicle: drivers.vehicle,
      phone: drivers.phone,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
    })
    .from(drivers)
    .orderBy(asc(drivers.id));
  const placeIds = (await db.select({ id: places.id }).from(places).orderBy(asc(places.id)).limit(500)).map(
    (row) => row.id,
  );

  // Pay settings for most drivers: the new few and some others have none yet (the pay screen names them).
  const settings = all.flatMap((driver) => {
    if (placeIds.length === 0 || random.chance(0.08)) return [];
    const vehicle = driver.vehicle as DriverVehicle;
    const bike = vehicle === 'bike' || vehicle === 'top box bike';
    const cargo = vehicle === 'cargo bike' || vehicle === 'cargo bike max';
    const minPay = random.pick([0, 350, 400, 450, 500, 550]);
    return [
      {
        driverId: driver.id,
        payFrequency: random.chance(0.85) ? 'WEEKLY' : random.pick(PAY_FREQUENCIES),
        minPay,
        maxBoost: minPay === 0 ? 0 : random.pick([75, 100, 125, 150]),
        attendanceBonusOneDay: 0,
        attendanceBonusTwoDay: 0,
        attendanceBonusThreeDay: random.pick([0, 1, 2]),
        attendanceBonusFourDay: random.pick([2, 3, 4]),
        attendanceBonusFiveDay: random.pick([5, 6, 7.5]),
        cargoBonusRate: cargo ? random.pick([5, 7.5, 10]) : 0,
        helmetBonusRate: bike ? random.pick([1, 2]) : 0,
        backBoxBonusRate: vehicle === 'top box bike' ? random.pick([1.5, 2.5]) : 0,
        cargoRentalDeduction: cargo && random.chance(0.5) ? random.pick([8, 10, 12.5]) : 0,
        equipmentRentalDeduction: random.chance(0.3) ? random.pick([1, 1.5, 2]) : 0,
        applyFuelSurcharge: vehicle !== 'push bike' && !cargo && random.chance(0.75),
        driverType: random.pick(DRIVER_TYPES),
        tripsheetEmail: driver.email,
        addressId: random.pick(placeIds),
        taxNumber: `${random.digits(7)}${random.pick(['A', 'B', 'C', 'D', 'T', 'W'])}`,
        vatRegistered: random.chance(0.2),
        sendInformation: random.chance(0.6),
        debtorsLedger: `D${random.digits(4)}`,
        creditorsLedger: `C${random.digits(4)}`,
        updatedAt: options.anchor,
      },
    ];
  });
  if (settings.length > 0) await db.insert(driverPaySettings).values(settings);

  // Equipment: most drivers hold a helmet, phone or jacket; some returned items, some still out.
  const today = dublinToday(options.now);
  const equipment = all.flatMap((driver) => {
    if (random.chance(0.3)) return [];
    return Array.from({ length: random.int(1, 3) }, () => {
      const type = random.pick(EQUIPMENT_SUGGESTIONS);
      const givenDate = addDays(today, -random.int(10, 400));
      const returned = random.chance(0.3);
      return {
        driverId: driver.id,
        type,
        serialNumber: `${type.slice(0, 2).toUpperCase()}-${random.digits(6)}`,
        givenDate,
        givenBy: random.pick(GIVEN_BY),
        returnedDate: returned ? addDays(givenDate, random.int(0, 9)) : null,
        notes: returned && random.chance(0.3) ? 'Returned in good condition' : '',
      };
    });
  });
  if (equipment.length > 0) await db.insert(driverEquipment).values(equipment);

  await seedDriverProfiles(db, { random, all, today });
  await seedDispatchUsers(db);
}

const HOME_TOWNS = [
  { city: 'Dublin', county: 'Dublin', routingKey: 'D08' },
  { city: 'Dublin', county: 'Dublin', routingKey: 'D15' },
  { city: 'Swords', county: 'Dublin', routingKey: 'K67' },
  { city: 'Cork', county: 'Cork', routingKey: 'T12' },
  { city: 'Galway', county: 'Galway', routingKey: 'H91' },
  { city: 'Limerick', county: 'Limerick', routingKey: 'V94' },
  { city: 'Naas', county: 'Kildare', routingKey: 'W91' },
] as const;
const BANKS = ['AIBK', 'BOFI', 'IPBS', 'ULSB'] as const;
const MAKES = [
  ['Ford', 'Transit Custom'],
  ['Renault', 'Kangoo'],
  ['Toyota', 'Corolla'],
  ['Honda', 'PCX 125'],
  ['Yamaha', 'NMAX 125'],
  ['Urban Arrow', 'Cargo L'],
] as const;

/**
 * Profiles (spec 2 §3 'Driver profile') for most drivers, every section filled as a driver would;
 * the rest have none yet, as new drivers do. Drawn after everything above, so it changes no value
 * seeded before it.
 */
async function seedDriverProfiles(
  db: DbOrTx,
  options: { random: Random; all: DriverRow[]; today: string },
): Promise<void> {
  const { random, today } = options;
  const year = Number(today.slice(0, 4));
  const profiles = options.all.flatMap((driver) => {
    if (random.chance(0.15)) return [];
    const town = random.pick(HOME_TOWNS);
    const [make, model] = random.pick(MAKES);
    const contact = personName(random);
    const bank = random.pick(BANKS);
    const hasLicence = driver.vehicle !== 'push bike' && driver.vehicle !== 'cargo bike' && !random.chance(0.05);
    const day = (fromYear: number, toYear: number) =>
      `${random.int(fromYear, toYear)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
    return [
      {
        driverId: driver.id,
        personal: {
          dateOfBirth: day(year - 60, year - 19),
          nationality: random.pick(['Irish', 'Irish', 'Irish', 'Polish', 'Brazilian', 'Lithuanian']),
          ppsNumber: `${random.digits(7)}${random.pick(['A', 'B', 'D', 'T', 'W'])}`,
        },
        contact: {
          addressLineOne: `${random.int(1, 120)} ${random.pick(['Main Street', 'Church Road', 'Park Avenue', 'The Green'])}`,
          addressLineTwo: '',
          city: town.city,
          county: town.county,
          eircode: eircode(random, town.routingKey),
          alternativePhone: random.chance(0.2) ? irishPhone(random) : '',
        },
        rightToWork: {
          status: random.pick(['Irish citizen', 'Irish citizen', 'EU citizen', 'Stamp 4']),
          documentNumber: random.chance(0.5) ? `P${random.digits(7)}` : '',
          expiryDate: random.chance(0.3) ? day(year + 1, year + 5) : null,
          verified: random.chance(0.85),
        },
        licence: {
          hasLicence,
          licenceNumber: hasLicence ? random.digits(9) : '',
          categories: hasLicence ? (driver.vehicle === 'van' || driver.vehicle === 'car' ? 'B' : 'AM, A') : '',
          issuingCountry: hasLicence ? 'Ireland' : '',
          expiryDate: hasLicence ? day(year, year + 9) : null,
        },
        vehicle: {
          make,
          model,
          colour: random.pick(['White', 'Silver', 'Black', 'Blue', 'Red']),
          ownVehicle: random.chance(0.7),
          insurer: random.pick(['Aviva', 'Allianz', 'AXA', 'FBD']),
          insurancePolicyNumber: `POL-${random.digits(8)}`,
          insuranceExpiryDate: day(year, year + 1),
        },
        emergency: {
          contactName: `${contact.firstName} ${contact.lastName}`,
          relationship: random.pick(['Partner', 'Mother', 'Father', 'Sister', 'Brother', 'Friend']),
          phone: irishPhone(random),
        },
        payment: {
          accountName: `${driver.firstName} ${driver.lastName}`,
          iban: ibanOf('IE', `${bank}${random.digits(6)}${random.digits(8)}`),
          bic: `${bank}IE2D`,
        },
        consents: {
          dataProcessing: true,
          backgroundCheck: random.chance(0.9),
          marketing: random.chance(0.3),
          signedOn: day(year - 2, year - 1),
        },
      },
    ];
  });
  if (profiles.length > 0) await db.insert(driverProfiles).values(profiles);
}

/**
 * Dispatch users (spec 2 §3 'Dispatch setup'): the demo driver login drives as the first driver of
 * the register that has no login yet; the demo dispatcher works the Dublin rooms.
 */
async function seedDispatchUsers(db: DbOrTx): Promise<void> {
  const logins = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['driver@demo.ie', 'dispatcher@demo.ie']));
  const driverLogin = logins.find((login) => login.email === 'driver@demo.ie');
  const dispatcherLogin = logins.find((login) => login.email === 'dispatcher@demo.ie');
  if (driverLogin) {
    const [driver] = await db
      .select({ id: drivers.id, rooms: drivers.rooms })
      .from(drivers)
      .where(sql`${drivers.userId} is null and not ${drivers.blocked}`)
      .orderBy(asc(drivers.driverNumber))
      .limit(1);
    if (driver) {
      await db.update(drivers).set({ userId: driverLogin.id }).where(eq(drivers.id, driver.id));
      await db.insert(dispatchProfiles).values({ userId: driverLogin.id, role: 'DRIVER', rooms: driver.rooms });
    }
  }
  if (dispatcherLogin)
    await db.insert(dispatchProfiles).values({
      userId: dispatcherLogin.id,
      role: 'DISPATCHER',
      rooms: ['Dublin City', 'Dublin North', 'Dublin South'],
    });
}
