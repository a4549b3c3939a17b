// Customer API benchmarks on PostgreSQL scale data (bench/bookings-scale.ts): a customer of the
// busiest companies pages their bookings (GET /api/customer/bookings: no filter, status and four
// months, a reference search) and asks for quotes (POST /api/customer/quote), p50/p95 over HTTP.
// Alone: `BENCH_DATABASE_URL=postgres://... node --import tsx bench/customer-api.ts` (BENCH_SCALE=1 for 500,000 bookings).
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../apps/server/src/db/client.ts';
import { insertBenchUser, withListeningApp, withScratchDatabase } from './bench-app.ts';
import { generateBookingScale, scaleSize } from './bookings-scale.ts';
import { failedRun, measureRequests, ms, percentile, type BenchResult } from './support.ts';

const BENCH = 'customer API, PostgreSQL';
const EMAIL = 'bench.customer@courier.ie';
const REQUESTS = 100;
const BUDGET_P95_MS = 100;

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(query));
}

/**
 * The customer: a user of the three busiest companies (their settings rows made, as every real
 * company has them), the first made a big account holding every fifth booking (10,000 at the default
 * scale, 100,000 with BENCH_SCALE=1), a zone and a base domestic tariff for quotes.
 */
async function prepareCustomer(database: Database) {
  const busiest = await rows<{ company_id: number }>(
    database,
    sql`select company_id from bookings group by company_id order by count(*) desc, company_id limit 3`,
  );
  const companyIds = busiest.map((row) => row.company_id);
  await database.db.execute(sql`update bookings set company_id = ${companyIds[0] ?? 0} where id % 5 = 0`);
  await insertBenchUser(database, { email: EMAIL, lastName: 'Customer', roles: ['CUSTOMER'] });
  const ids = sql.join(
    companyIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await database.db.execute(sql`
    insert into company_settings (company_id) select id from companies where id in (${ids}) on conflict do nothing`);
  await database.db.execute(sql`
    insert into company_extended_settings (company_id) select id from companies where id in (${ids}) on conflict do nothing`);
  await database.db.execute(sql`
    insert into company_users (company_id, user_id, is_admin)
    select c.id, u.id, true from companies c, users u where c.id in (${ids}) and u.email = ${EMAIL}`);
  await database.db.execute(
    sql`insert into zones (name, countries) values ('IRELAND', '["IE"]') on conflict do nothing`,
  );
  await database.db.execute(sql`
    insert into tariffs (service, zone, tariff_code_id, pricing)
    select 'DOM', 'IRELAND', id, '[{"upTo": 2, "basic": 8.5, "basicPer": 2, "then": 0, "thenPer": 0},
                                  {"upTo": 9999, "basic": 11, "basicPer": 5, "then": 0.95, "thenPer": 1}]'::jsonb
    from tariff_codes where code = 'DOM' on conflict do nothing`);
  const [reference] = await rows<{ reference: string }>(
    database,
    sql`select reference from bookings where company_id = ${companyIds[0] ?? 0} order by id limit 1 offset 7`,
  );
  const placeIds = await rows<{ place_id: string }>(
    database,
    sql`select place_id from places where country_code = 'IE' order by id limit 2`,
  );
  const [service] = await rows<{ id: number }>(
    database,
    sql`select id from services where active and service not in ('OVERNIGHT', 'INTERNATIONAL') order by id limit 1`,
  );
  await database.db.execute(sql`analyze`);
  return {
    companyIds,
    bookings: (
      await rows<{ n: number }>(database, sql`select count(*)::int as n from bookings where company_id in (${ids})`)
    )[0]?.n,
    reference: reference?.reference ?? 'S0000001',
    collectionPlaceId: placeIds[0]?.place_id ?? '',
    deliveryPlaceId: placeIds[1]?.place_id ?? '',
    serviceId: service?.id ?? 1,
  };
}

async function benchOn(databaseUrl: string): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const database = await openDatabase({ databaseUrl, dataDir: null });
  try {
    await database.migrate();
    const scale = await generateBookingScale(database, scaleSize());
    results.push({
      bench: BENCH,
      case: `generate ${scale.bookings.toLocaleString('en-IE')} bookings / ${scale.jobs.toLocaleString('en-IE')} jobs`,
      summary: ms(scale.ms),
      metrics: { ...scale, ms: Math.round(scale.ms) },
      ok: true,
    });
    const customer = await prepareCustomer(database);
    await withListeningApp({ database, databaseUrl, email: EMAIL }, async ({ address, token }) => {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const from = new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 10);
      const cases: { name: string; query: string }[] = [
        { name: '(a) first page of 25, all companies', query: 'size=25' },
        {
          name: '(b) one company, delivered, 4 months',
          query: `size=25&companyId=${customer.companyIds[0]}&status=delivered&from=${from}`,
        },
        {
          name: `(c) reference search '${customer.reference.slice(2, 7)}'`,
          query: `size=25&search=${customer.reference.slice(2, 7)}`,
        },
        { name: '(d) page 20 of 25', query: 'size=25&skip=475' },
      ];
      for (const listCase of cases) {
        let count = 0;
        const samples = await measureRequests(
          async () => {
            const response = await fetch(`${address}/api/customer/bookings?${listCase.query}`, { headers });
            if (response.status !== 200)
              throw new Error(
                `GET /api/customer/bookings?${listCase.query} answered ${response.status}: ${await response.text()}`,
              );
            count = ((await response.json()) as { count: number }).count;
          },
          { warmUp: 5, count: REQUESTS, limitMs: Number.POSITIVE_INFINITY },
        );
        const [p50, p95] = [percentile(samples, 50), percentile(samples, 95)];
        results.push({
          bench: BENCH,
          case: `GET /api/customer/bookings ${listCase.name}`,
          summary: `p50 ${ms(p50)}  p95 ${ms(p95)}`,
          metrics: { p50, p95, count, requests: samples.length },
          ok: p95 < BUDGET_P95_MS,
          note: `${count.toLocaleString('en-IE')} matching of the customer's ${(customer.bookings ?? 0).toLocaleString('en-IE')}; budget p95 < ${BUDGET_P95_MS} ms`,
        });
      }

      let weightKg = 0;
      const quotes = await measureRequests(
        async () => {
          weightKg = (weightKg + 1.3) % 60;
          const response = await fetch(`${address}/api/customer/quote`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              companyId: customer.companyIds[0],
              collectionPlaceId: customer.collectionPlaceId,
              deliveryPlaceId: customer.deliveryPlaceId,
              serviceId: customer.serviceId,
              weightKg: Number(weightKg.toFixed(1)),
            }),
          });
          if (response.status !== 200)
            throw new Error(`POST /api/customer/quote answered ${response.status}: ${await response.text()}`);
        },
        { warmUp: 5, count: REQUESTS, limitMs: Number.POSITIVE_INFINITY },
      );
      const [p50, p95] = [percentile(quotes, 50), percentile(quotes, 95)];
      results.push({
        bench: BENCH,
        case: 'POST /api/customer/quote (priced and kept)',
        summary: `p50 ${ms(p50)}  p95 ${ms(p95)}`,
        metrics: { p50, p95, requests: quotes.length },
        ok: p95 < BUDGET_P95_MS,
        note: `${quotes.length} quotes, weights 0 to 60 kg; budget p95 < ${BUDGET_P95_MS} ms`,
      });
    });
  } catch (error) {
    results.push(failedRun(BENCH, error));
  } finally {
    await database.close();
  }
  return results;
}

/** The customer API on a scratch database of the PostgreSQL server at `serverUrl`. */
export function benchCustomerApi(serverUrl: string): Promise<BenchResult[]> {
  return withScratchDatabase(serverUrl, (databaseUrl) => benchOn(databaseUrl));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server.');
  for (const result of await benchCustomerApi(serverUrl))
    console.log(`${result.ok ? 'ok ' : 'BAD'} ${result.case}: ${result.summary}  (${result.note ?? ''})`);
}
