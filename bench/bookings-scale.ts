// Scale data for the booking benchmarks: companies, bookings, jobs and tasks generated inside
// PostgreSQL with set-based SQL (generate_series), so 500,000 bookings / 1,000,000 jobs / 2,500,000
// tasks take minutes, not hours. Run alone: `BENCH_DATABASE_URL=postgres://... node --import tsx bench/bookings-scale.ts`.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { seedCatalogue } from '../apps/server/src/db/seed/catalogue.ts';
import { Random } from '../apps/server/src/db/seed/random.ts';

export interface ScaleSize {
  companies: number;
  bookings: number;
}

/** 500,000 bookings across 2,000 companies with BENCH_SCALE=1; a tenth of that otherwise. */
export function scaleSize(): ScaleSize {
  return process.env.BENCH_SCALE === '1'
    ? { companies: 2000, bookings: 500_000 }
    : { companies: 2000, bookings: 50_000 };
}

export interface ScaleResult {
  bookings: number;
  jobs: number;
  tasks: number;
  ms: number;
}

/**
 * Fills a migrated, empty database. Each booking has 1, 2, 1 or 4 jobs in turn (2 on average) and
 * each job 2 or 3 tasks (2.5 on average); statuses, views, services, prices and tags are spread the
 * way the demo data spreads them. setseed makes it repeatable.
 */
export async function generateBookingScale(database: Database, size: ScaleSize): Promise<ScaleResult> {
  const started = performance.now();
  const { db } = database;
  await seedCatalogue(db, new Random(7), new Date());
  await db.execute(sql`
    insert into companies (name, account_code, billing_basis, created_at)
    select 'Scale Company ' || n, 'SC' || lpad(n::text, 5, '0'), case when n % 3 = 0 then 'stripeCompany' else 'account' end, now() - (n || ' days')::interval
    from generate_series(1, ${size.companies}) as n`);
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    with svc as (select array_agg(id order by id) filter (where service not in ('OVERNIGHT', 'INTERNATIONAL')) as same_day,
                        min(id) filter (where service = 'OVERNIGHT') as overnight,
                        min(id) filter (where service = 'INTERNATIONAL') as international from services),
         co as (select min(id) as first_id, count(*) as n from companies)
    insert into bookings (reference, company_id, service_id, type, vehicle, status, created_at, collection_time, number_of_packages,
                          weight_of_packages, ex_vat_price, driver_price, distance, duration, goods_description)
    select 'S' || lpad(g.n::text, 7, '0'),
           co.first_id + (g.r1 * co.n)::int % co.n,
           case when g.same_day then svc.same_day[1 + (g.n % array_length(svc.same_day, 1))] when g.r2 < 0.7 then svc.overnight else svc.international end,
           case when g.same_day then 'same_day' else 'other' end,
           case when g.same_day then (array['BIKE','TOP-BOX-BIKE','CARGO-BIKE','CARGO-BIKE-MAX','SMALL-VAN','LARGE-VAN','PUSHBIKE'])[1 + g.n % 7] end,
           case when g.r3 < 0.84 then 'delivered' when g.r3 < 0.91 then 'cancelled' when g.r3 < 0.95 then 'failed' when g.r3 < 0.97 then 'confirmed'
                when g.r3 < 0.98 then 'in_progress' when g.r3 < 0.99 then 'out_for_delivery' else 'quote' end,
           now() - g.r4 * interval '365 days',
           case when g.r2 < 0.3 then now() - g.r4 * interval '365 days' + interval '2 hours' end,
           1 + (g.n % 5),
           round((0.2 + g.r2 * 40)::numeric, 2),
           round((8 + g.r1 * 140)::numeric, 2),
           case when g.same_day then round(((8 + g.r1 * 140) * (0.3 + g.r3 * 0.15))::numeric, 2) else 0 end,
           (1000 + g.r2 * 50000)::int,
           (20 + g.r3 * 800)::int,
           'Scale parcel'
    from (select n, random() as r1, random() as r2, random() as r3, random() as r4, random() < 0.8 as same_day from generate_series(1, ${size.bookings}) as n) as g, svc, co`);
  await db.execute(sql`
    with ca as (select array_agg(id order by id) as ids from carriers),
         tc as (select array_agg(id order by id) as ids from tariff_codes),
         pl as (select min(id) as first_id, count(*) as n from places)
    insert into booking_jobs (booking_id, reference, status, customer_charge, driver_price, driver_number, carrier_id, tariff_code_id,
                              carrier_price, carrier_customs_charge, carrier_insurance_charge, tags, collection_place_id, delivery_place_id, created_at,
                              needs_same_day_review, needs_carrier_review, windows)
    select b.id, b.reference || '-' || k, b.status, round(b.ex_vat_price / jobs, 2), round(b.driver_price / jobs, 2),
           case when b.type = 'same_day' then 100 + 3 * ((b.id + k) % 48) end,
           case when b.type <> 'same_day' then ca.ids[1 + (b.id % array_length(ca.ids, 1))] end,
           case when b.type <> 'same_day' then tc.ids[1 + (b.id % array_length(tc.ids, 1))] end,
           case when b.type <> 'same_day' then round(b.ex_vat_price / jobs * 0.55, 2) else 0 end,
           case when b.type <> 'same_day' and b.id % 9 = 0 then 12.5 else 0 end,
           case when b.type <> 'same_day' and b.id % 4 = 0 then 1.2 else 0 end,
           case when jobs > 1 then array[case when k = 1 then 'SPLIT' else 'SECOND_LEG' end] when b.id % 23 = 0 then array['WAITING_TIME'] when b.id % 41 = 0 then array['TAIL_LIFT'] else '{}' end,
           pl.first_id + (b.id * 7 + k) % pl.n, pl.first_id + (b.id * 13 + k) % pl.n, b.created_at,
           b.type = 'same_day' and b.id % 19 = 0, b.type <> 'same_day' and b.id % 11 = 0,
           jsonb_build_object('collectionStart', b.created_at, 'collectionEnd', b.created_at + interval '1 hour', 'deliveryStart', b.created_at + interval '1 hour', 'deliveryEnd', b.created_at + interval '4 hours')
    from (select *, (array[1, 2, 1, 4])[1 + id % 4] as jobs from bookings) as b
    cross join lateral generate_series(1, b.jobs) as k, ca, tc, pl`);
  await db.execute(sql`
    insert into booking_tasks (reference, job_id, type, status, driver_pay, position)
    select j.reference || '-T' || t, j.id, case when t = 1 then 'COLLECTION' when t = 2 then 'DELIVERY' else 'STOP' end, 'COMPLETED',
           round(j.driver_price / (2 + j.id % 2), 2), t
    from booking_jobs j cross join lateral generate_series(1, 2 + j.id % 2) as t`);
  // As autovacuum would have by the time real tables held this much: statistics and the visibility map.
  await db.execute(sql`vacuum analyze`);
  const result = (await db.execute(
    sql`select (select count(*) from bookings)::int as b, (select count(*) from booking_jobs)::int as j, (select count(*) from booking_tasks)::int as t`,
  )) as unknown as {
    rows: { b: number; j: number; t: number }[];
  };
  const [counts] = result.rows;
  return { bookings: counts?.b ?? 0, jobs: counts?.j ?? 0, tasks: counts?.t ?? 0, ms: performance.now() - started };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL (a PostgreSQL database to fill; it must be empty).');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const database = await openDatabase({ databaseUrl: url, dataDir: null });
  await database.migrate();
  const result = await generateBookingScale(database, scaleSize());
  console.log(
    `${result.bookings} bookings, ${result.jobs} jobs, ${result.tasks} tasks in ${(result.ms / 1000).toFixed(1)} s`,
  );
  await database.close();
}
