import { count, eq, sql } from 'drizzle-orm';
import type { Role } from '@courier/domain/auth/roles';
import type { Db } from '../client.ts';
import { companies, companyUsers, users } from '../schema/index.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { seedBookings } from './bookings.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedCompanyRecords } from './company-records.ts';
import { seedDriverPay } from './driver-pay.ts';
import { seedDrivers } from './drivers.ts';
import { seedInvoicePeriods, type DemoInvoicing } from './invoicing.ts';
import { seedPricing } from './pricing.ts';
import { generateCompanies, insertCompanies, irishPhone, personName } from './companies.ts';
import { Random } from './random.ts';

export const DEMO_PASSWORD = 'courier-demo';
export const DEMO_SEED = 20261122;
export const DEMO_COMPANY_COUNT = 120;

/** One demo login per role, `<role>@demo.ie` (ARCHITECTURE 'Running'). */
export const DEMO_LOGINS: { role: Role; firstName: string; lastName: string }[] = [
  { role: 'SUPERADMIN', firstName: 'Siobhán', lastName: 'Kavanagh' },
  { role: 'MANAGER', firstName: 'Declan', lastName: 'Fitzgerald' },
  { role: 'ACCOUNTS', firstName: 'Aoife', lastName: 'Brennan' },
  { role: 'PRICING', firstName: 'Pádraig', lastName: 'Nolan' },
  { role: 'DISPATCHER', firstName: 'Ciarán', lastName: 'Doyle' },
  { role: 'TELEPHONIST', firstName: 'Niamh', lastName: 'Quinn' },
  { role: 'DRIVER', firstName: 'Eoin', lastName: 'Maguire' },
  { role: 'CUSTOMER', firstName: 'Gráinne', lastName: 'Hayes' },
];

function emailFriendly(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '');
}

export interface DemoDataOptions {
  companyCount?: number;
  /** For tests: the demo as seeded at that moment (bookings are never stamped after it). */
  now?: Date;
  /** The invoicing area's issuing (features/invoicing/demo-invoicing.ts): the demo's invoices are issued by it. */
  invoicing: DemoInvoicing;
}

/**
 * Seeds the demo data once: only when the database has no users at all. A demo database seeded
 * before the demo issued its invoices as finalise does gets the documents its invoice numbers lack.
 */
export async function seedDemoDataIfEmpty(db: Db, options: Omit<DemoDataOptions, 'companyCount'>): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  if ((row?.value ?? 0) > 0) {
    await options.invoicing.documentOlderInvoices(db);
    return false;
  }
  await seedDemoData(db, options);
  return true;
}

/**
 * Deterministic demo data (fixed seed). Dates are relative to the day of seeding so that "last
 * booking" and "joined" read naturally whenever it is run.
 */
export async function seedDemoData(db: Db, options: DemoDataOptions): Promise<void> {
  const random = new Random(DEMO_SEED);
  const now = options.now ?? new Date();
  const anchor = new Date(now);
  anchor.setUTCHours(12, 0, 0, 0);
  const demoHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    await seedCatalogue(tx, random, anchor);
    await tx.insert(users).values(
      DEMO_LOGINS.map((login) => ({
        firstName: login.firstName,
        lastName: login.lastName,
        email: `${login.role.toLowerCase()}@demo.ie`,
        phone: irishPhone(random),
        passwordHash: demoHash,
        roles: [login.role],
        // Staff join at the moment of seeding (`now`, which tests set), not the database's clock.
        createdAt: now,
      })),
    );
    // Sales reps: staff users the company settings point at.
    const reps = await tx
      .insert(users)
      .values(
        Array.from({ length: 6 }, (_, i) => {
          const name = personName(random);
          return {
            ...name,
            email: `${emailFriendly(name.firstName)}.${emailFriendly(name.lastName)}.${i + 1}@courier.ie`,
            phone: irishPhone(random),
            passwordHash: demoHash,
            roles: ['ACCOUNTS'],
            createdAt: now,
          };
        }),
      )
      .returning({ id: users.id });

    const generated = generateCompanies({
      random,
      count: options.companyCount ?? DEMO_COMPANY_COUNT,
      anchor,
      salesRepIds: reps.map((r) => r.id),
    });
    const companyIds = await insertCompanies(tx, generated);

    // Customer users of each company: one admin and a few staff.
    const people = companyIds.flatMap((companyId, index) =>
      Array.from({ length: random.int(1, 4) }, (_, n) => {
        const name = personName(random);
        return {
          companyId,
          isAdmin: n === 0,
          user: {
            ...name,
            email: `${emailFriendly(name.firstName)}.${emailFriendly(name.lastName)}.${index + 1}${n}@customer.demo.ie`,
            phone: irishPhone(random),
            passwordHash: demoHash,
            roles: ['CUSTOMER'],
            stripeId: random.chance(0.3) ? `cus_${random.digits(8)}` : null,
            createdAt: new Date(anchor.getTime() - random.int(10, 900) * 86_400_000),
            // Never after `now`: seeded in the morning, a sign-in 'today at noon' would be in the future.
            lastLoginDate: random.chance(0.7)
              ? new Date(Math.min(now.getTime(), anchor.getTime() - random.int(0, 60) * 86_400_000))
              : null,
          },
        };
      }),
    );
    const userRows = await tx
      .insert(users)
      .values(people.map((p) => p.user))
      .returning({ id: users.id });
    await tx
      .insert(companyUsers)
      .values(
        people.map((p, i) => ({ companyId: p.companyId, userId: userRows[i]?.id as number, isAdmin: p.isAdmin })),
      );

    // The demo customer login belongs to the first company, as its admin.
    const [customer] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'customer@demo.ie'));
    const [firstCompany] = await tx.select({ id: companies.id }).from(companies).orderBy(companies.id).limit(1);
    if (customer && firstCompany)
      await tx.insert(companyUsers).values({ companyId: firstCompany.id, userId: customer.id, isAdmin: true });

    // Zones and tariffs (base, special for some accounts, carriers'): after companies, before bookings.
    await seedPricing(tx, { seed: DEMO_SEED + 5 });
    // Account customers are priced on a tariff code: most on domestic overnight, every fifth on rapid courier.
    await tx.execute(sql`
      update companies set tariff_code = (select id from tariff_codes where code = case when companies.id % 5 = 0 then 'RAPC' else 'DOM' end)
      where billing_basis = 'account'`);

    await seedCompanyRecords(tx, new Random(DEMO_SEED + 3), anchor);

    // Bookings last: they point at companies, customers, drivers, places, tariffs and reference definitions.
    await seedBookings(tx, { anchor, seed: DEMO_SEED + 4, now });
    // A company's last booking is its own latest booking, not a made-up date (issue 10).
    await tx.execute(sql`
      update companies set last_booking = (select max(created_at) from bookings where bookings.company_id = companies.id)`);
    // Invoice periods after the bookings: they span each account customer's booking days.
    await seedInvoicePeriods(tx, { anchor, seed: DEMO_SEED + 6, invoicing: options.invoicing });
    // The driver register (issue 13) last, on its own random stream: the catalogue's drivers, which
    // bookings point at, are extended, and the rest of the ~150 added after them.
    await seedDrivers(tx, { anchor, now, seed: DEMO_SEED + 7 });
    // Driver pay (issue 13) after the drivers' pay settings: six weeks of periods from the completed tasks.
    await seedDriverPay(tx, { now, seed: DEMO_SEED + 8 });
  });
}
