import { sql } from 'drizzle-orm';
import type { PayWeek } from '@courier/domain/driver-pay/pay-weeks';
import type { Db } from '../apps/server/src/db/client.ts';
import {
  bookingJobs,
  bookingTasks,
  bookings,
  companies,
  driverPaySettings,
  drivers,
  places,
  services,
} from '../apps/server/src/db/schema/index.ts';

/**
 * `count` drivers numbered from `firstNumber` (vans, cars, bikes and top-box bikes in turn), each with
 * pay settings and `tasksPerDriver` tasks (two per job) completed across every day of `week`; set-based,
 * so a few statements for 30,000 tasks. `tag` keeps its bookings, place and service apart from others.
 */
export async function seedPayDrivers(
  db: Db,
  options: { week: PayWeek; count: number; firstNumber: number; tasksPerDriver: number; tag: string },
): Promise<void> {
  const { week, count, firstNumber, tasksPerDriver, tag } = options;
  const last = firstNumber + count - 1;
  const [place] = await db
    .insert(places)
    .values({ placeId: `bench-${tag}-depot`, name: 'Depot', city: 'Dublin 12' })
    .returning();
  const [service] = await db
    .insert(services)
    .values({ name: 'Van Standard', type: 'VAN', service: 'STANDARD', serviceCode: `BENCH-${tag}` })
    .returning();
  const [company] = await db
    .insert(companies)
    .values({ name: `Bench ${tag} Freight` })
    .returning();
  await db.execute(sql`
    insert into ${drivers} (driver_number, first_name, last_name, email, vehicle)
    select ${firstNumber - 1}::int + n, 'Driver', 'Number ' || n, 'driver' || n || '@' || ${tag}::text || '.bench.ie',
           (array['van', 'car', 'bike', 'top box bike'])[1 + n % 4]
    from generate_series(1, ${count}::int) n`);
  await db.execute(sql`
    insert into ${driverPaySettings} (driver_id, pay_frequency, min_pay, max_boost, attendance_bonus_one_day,
      attendance_bonus_two_day, attendance_bonus_three_day, attendance_bonus_four_day, attendance_bonus_five_day,
      cargo_bonus_rate, apply_fuel_surcharge, tripsheet_email, address_id, tax_number)
    select id, 'WEEKLY', 450, 120, 1, 2, 3, 4, 5, case when vehicle = 'bike' then 4 else 0 end, id % 2 = 0,
           email, ${place!.id}, 'IE' || id
    from ${drivers} where driver_number between ${firstNumber}::int and ${last}::int`);
  const prefix = `PAY${tag.toUpperCase()}`;
  await db.execute(sql`
    insert into ${bookings} (reference, company_id, service_id, type, status, created_at)
    select ${prefix}::text || n, ${company!.id}, ${service!.id}, 'same_day', 'delivered',
           ${week.start}::date + ((n % 7) || ' days')::interval + interval '9 hours'
    from generate_series(1, ${(count * tasksPerDriver) / 2}::int) n`);
  await db.execute(sql`
    insert into ${bookingJobs} (booking_id, reference, status, customer_charge, driver_price)
    select id, reference || '-1', 'delivered', 30, 18 from ${bookings} where reference like ${`${prefix}%`}`);
  // Job n goes to driver n mod count: every driver works all seven days of the week.
  await db.execute(sql`
    insert into ${bookingTasks} (reference, job_id, type, status, driver_id, driver_pay, driver_pay_extra, completed_at, position)
    select j.reference || '-T' || t, j.id, case when t = 1 then 'COLLECTION' else 'DELIVERY' end, 'COMPLETED',
           d.id, 9 + (j.id % 7), case when j.id % 10 = 0 then 2.5 else 0 end,
           b.created_at + (t || ' hours')::interval, t - 1
    from ${bookingJobs} j
    join ${bookings} b on b.id = j.booking_id
    join ${drivers} d on d.driver_number = ${firstNumber}::int + (j.id % ${count}::int),
    generate_series(1, 2) t
    where b.reference like ${`${prefix}%`}`);
  await db.execute(sql`analyze`);
}
