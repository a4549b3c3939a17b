import { asc, eq, inArray } from 'drizzle-orm';
import type { ScheduleEntry } from '@courier/domain/companies/set-call-schedule';
import type { SetCallPricing } from '@courier/domain/companies/set-calls';
import type { DbOrTx } from '../client.ts';
import {
  addressBookEntries,
  companies,
  companyReferences,
  companyUsers,
  drivers,
  places,
  reviews,
  services,
  setCalls,
  users,
} from '../schema/index.ts';
import { irishPhone, personName } from './companies.ts';
import type { Random } from './random.ts';

const DAY_MS = 86_400_000;
const REVIEW_COUNT = 320;

const FEEDBACK = [
  'Driver was very polite and the parcel arrived well before the deadline.',
  'Collected on time, delivered on time. Exactly what we needed.',
  'A bit late on the collection but the driver called ahead to let us know.',
  'Great service as always, thank you.',
  'The tracking link did not update until the parcel was delivered.',
  'Parcel was left at the wrong door; the driver sorted it out quickly after a call.',
  'Very good value compared with the others we tried.',
  'Delivery took longer than quoted.',
  'Friendly driver, careful with the fragile boxes.',
  '',
  '',
] as const;

const REFERENCE_SETS = [
  [
    {
      name: 'PO Number',
      header: 'Reference' as const,
      values: [] as string[],
      description: 'Purchase order number from the requester',
    },
  ],
  [
    {
      name: 'Cost Centre',
      header: 'CostCentre' as const,
      values: ['Sales', 'Operations', 'Finance', 'Marketing'],
      description: 'Department paying for the job',
    },
    { name: 'Requested by', header: 'Custom' as const, values: [], description: '' },
  ],
  [
    { name: 'Job Number', header: 'Reference' as const, values: [], description: '' },
    {
      name: 'Site Code',
      header: 'CompanyCode' as const,
      values: ['DUB01', 'DUB02', 'CRK01', 'GAL01'],
      description: 'Site the goods are for',
    },
    { name: 'Contact phone', header: 'Phone' as const, values: [], description: '' },
  ],
];

function schedule(random: Random): ScheduleEntry[] {
  const days = [1, 2, 3, 4, 5].filter(() => random.chance(0.45));
  const chosen = days.length > 0 ? days : [random.int(1, 5)];
  return chosen.map((dayOfWeek) => {
    const kind = random.next();
    const collectionTime = { hour: random.int(7, 16), minute: random.pick([0, 15, 30, 45]) };
    if (kind < 0.6) return { dayOfWeek, type: 'nth' as const, options: [1, 2, 3, 4, 5], collectionTime };
    if (kind < 0.85)
      return { dayOfWeek, type: 'nth' as const, options: random.chance(0.5) ? [1, 3] : [2, 4], collectionTime };
    return { dayOfWeek, type: 'last' as const, options: [], collectionTime };
  });
}

/**
 * Demo references, set calls, address book entries and reviews (issue 3). Runs after companies,
 * places, services and drivers, and before bookings (which quote the references).
 */
export async function seedCompanyRecords(db: DbOrTx, random: Random, anchor: Date): Promise<void> {
  const companyRows = await db
    .select({ id: companies.id, name: companies.name, accountCode: companies.accountCode })
    .from(companies)
    .orderBy(asc(companies.id));
  const placeRows = await db.select().from(places).orderBy(asc(places.id)).limit(400);
  const serviceRows = await db
    .select({ id: services.id })
    .from(services)
    .where(inArray(services.service, ['STANDARD', 'PRIORITY', 'ECONOMY']))
    .orderBy(asc(services.id));
  const driverRows = await db
    .select({ driverNumber: drivers.driverNumber })
    .from(drivers)
    .where(eq(drivers.blocked, false));

  const references = companyRows.flatMap((company, index) => {
    if (index % 5 === 4) return [];
    const set = REFERENCE_SETS[index % REFERENCE_SETS.length] ?? [];
    return set.map((reference) => ({
      companyId: company.id,
      ...reference,
      createdAt: new Date(anchor.getTime() - random.int(20, 600) * DAY_MS),
    }));
  });
  if (references.length > 0) await db.insert(companyReferences).values(references);

  const setCallRows = companyRows.slice(0, 40).flatMap((company, index) =>
    Array.from({ length: index % 3 === 0 ? 2 : 1 }, () => {
      const collection = random.pick(placeRows);
      const delivery = random.pick(placeRows);
      const fixed = random.chance(0.3);
      return {
        companyId: company.id,
        active: random.chance(0.8),
        pushHolidays: random.chance(0.3),
        return: random.chance(0.2),
        emailConfirmation: random.chance(0.6),
        collectionName: collection.name,
        collectionPhone: irishPhone(random),
        deliveryName: delivery.name,
        deliveryPhone: irishPhone(random),
        reference: random.chance(0.5) ? `SC-${random.digits(5)}` : '',
        quantumRef: '',
        notes: random.pick([
          'Ask for reception.',
          'Collect from the loading bay at the back.',
          '',
          'Call the contact on arrival.',
        ]),
        pricing: (fixed ? { charge: random.int(15, 60), driver: random.int(8, 30) } : {}) as SetCallPricing,
        driver: random.chance(0.3) && driverRows.length > 0 ? random.pick(driverRows).driverNumber : null,
        isDocuments: random.chance(0.4),
        weightOfPackages: random.int(1, 40),
        numberOfPackages: random.int(1, 6),
        goodsDescription: random.pick(['Documents', 'Prescriptions', 'Spare parts', 'Samples', 'Stationery']),
        serviceId: serviceRows.length > 0 ? random.pick(serviceRows).id : null,
        collectionPlaceId: collection.placeId,
        deliveryPlaceId: delivery.placeId,
        schedule: schedule(random),
        createdAt: new Date(anchor.getTime() - random.int(30, 700) * DAY_MS),
      };
    }),
  );
  if (setCallRows.length > 0) await db.insert(setCalls).values(setCallRows);

  const entry = (companyId: number | null) => {
    const place = random.pick(placeRows);
    const contact = personName(random);
    return {
      companyId,
      entryName: `${place.name} (${place.city})`,
      name: place.name,
      addressLineOne: place.addressLineOne,
      addressLineTwo: place.addressLineTwo,
      city: place.city,
      county: place.county,
      postCode: place.postCode,
      country: place.country,
      countryCode: place.countryCode,
      latitude: place.latitude ?? 53.3498,
      longitude: place.longitude ?? -6.2603,
      contactName: random.chance(0.7) ? `${contact.firstName} ${contact.lastName}` : '',
      contactPhone: random.chance(0.7) ? irishPhone(random) : '',
      notes: random.pick([
        '',
        '',
        'Deliveries before 4pm only.',
        'Use the side entrance.',
        'Security desk signs for parcels.',
      ]),
    };
  };
  const entries = [
    ...companyRows.slice(0, 60).flatMap((company) => Array.from({ length: random.int(1, 4) }, () => entry(company.id))),
    ...Array.from({ length: 30 }, () => entry(null)),
  ];
  await db.insert(addressBookEntries).values(entries);

  // Reviews come from customer users.
  const customers = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .innerJoin(companyUsers, eq(companyUsers.userId, users.id))
    .orderBy(asc(users.id))
    .limit(300);
  if (customers.length === 0) return;
  const reviewRows = Array.from({ length: REVIEW_COUNT }, () => {
    const customer = random.pick(customers);
    const score = () => Math.max(1, Math.min(5, Math.round(4.2 + (random.next() - 0.65) * 4)));
    const [speed, driver, value] = [score(), score(), score()];
    return {
      userId: customer.id,
      fullName: `${customer.firstName} ${customer.lastName}`,
      email: customer.email,
      speed,
      driver,
      value,
      total: Number(((speed + driver + value) / 3).toFixed(1)),
      feedback: random.pick(FEEDBACK),
      approved: random.chance(0.5),
      deleted: random.chance(0.05),
      createdAt: new Date(anchor.getTime() - random.int(0, 365) * DAY_MS - random.int(0, DAY_MS)),
    };
  });
  await db.insert(reviews).values(reviewRows.map((row) => ({ ...row, approved: row.deleted ? false : row.approved })));
}
