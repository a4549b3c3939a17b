import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { bookingStatusLabel, BOOKING_EXPORT_LIMIT } from '@courier/domain/bookings/enums';
import { jobDriverPayPercent } from '@courier/domain/bookings/margins';
import type { BookingFilter } from '@courier/domain/bookings/schemas';
import { and, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { bookingFilterCondition } from './filters.ts';
import { badRequest } from '../../http/errors.ts';
import { afterRow, countBookings, orderOf } from './queries.ts';

/** Rows fetched per round trip: enough to keep the database busy, small enough to keep memory flat. */
const BATCH_SIZE = 5000;

const BASE_COLUMNS = [
  'Reference',
  'Created',
  'Account Code',
  'Company',
  'Client References',
  'Status',
  'View',
  'Service',
  'Vehicle',
  'Collection',
  'Delivery',
  'Collection Time',
  'Packages',
  'Weight (kg)',
  'Jobs',
  'Tags',
  'Driver Numbers',
  'Carrier',
  'Tariff Service',
  'Needs Review',
];
const PRICE_COLUMNS = ['Charge', 'Driver Pay', 'Driver Pay %', 'Carrier Cost', 'Customs', 'Insurance', 'Extras'];

interface CsvRow {
  id: number;
  reference: string;
  created: string;
  account_code: string | null;
  company: string;
  client_references: string | null;
  status: string;
  type: string;
  service: string;
  vehicle: string;
  collection: string | null;
  delivery: string | null;
  collection_time: string | null;
  packages: number;
  weight: string;
  jobs: string | null;
  tags: string | null;
  drivers: string | null;
  carriers: string | null;
  tariffs: string | null;
  reviews: string | null;
  charge: string;
  driver_pay: string;
  carrier_cost: string | null;
  customs: string | null;
  insurance: string | null;
  extras: string | null;
}

const dublin = (column: SQL) => sql`to_char(${column} at time zone 'Europe/Dublin', 'DD/MM/YY HH24:MI')`;
const placeText = (alias: string) => sql.raw(`concat_ws(', ', nullif(${alias}.name, ''), nullif(${alias}.address_line_one, ''), nullif(${alias}.city, ''), nullif(${alias}.post_code, ''))`);

/**
 * One CSV batch in one query: each booking with its jobs aggregated in SQL (references, tags, drivers,
 * carriers, reviews, cost sums), so a batch of thousands is one round trip and no per-job objects.
 * The page of ids is chosen first, so the aggregates run for the batch only, not for every match.
 */
async function selectCsvBatch(db: DbOrTx, options: { filter: BookingFilter; after: number | undefined }): Promise<CsvRow[]> {
  const where = and(bookingFilterCondition(options.filter), options.after === undefined ? undefined : afterRow(options.filter, { id: options.after }));
  const result = await db.execute(sql`
    select ${bookings.id} as id, ${bookings.reference} as reference, ${dublin(sql`${bookings.createdAt}`)} as created,
      c.account_code, c.name as company,
      (select string_agg((ref->>'name') || ': ' || (ref->>'value'), '; ') from jsonb_array_elements(${bookings.companyReferences}) as ref) as client_references,
      ${bookings.status} as status, ${bookings.type} as type, s.name as service, coalesce(${bookings.vehicle}, s.type) as vehicle,
      j.collection, j.delivery, ${dublin(sql`${bookings.collectionTime}`)} as collection_time,
      ${bookings.numberOfPackages} as packages, ${bookings.weightOfPackages}::text as weight,
      j.jobs, j.tags, j.drivers, j.carriers, j.tariffs, j.reviews,
      ${bookings.exVatPrice}::text as charge, ${bookings.driverPrice}::text as driver_pay,
      j.carrier_cost::text, j.customs::text, j.insurance::text, j.extras::text
    from (select ${bookings.id} as page_id from ${bookings} ${where ? sql`where ${where}` : sql``} order by ${sql.join(orderOf(options.filter), sql`, `)} limit ${BATCH_SIZE}) as page
    join ${bookings} on ${bookings.id} = page.page_id
    join companies c on c.id = ${bookings.companyId}
    join services s on s.id = ${bookings.serviceId}
    left join lateral (
      select string_agg(bj.reference, ' ' order by bj.id) as jobs,
        (select string_agg(distinct tag, ' ') from booking_jobs x cross join unnest(x.tags) as tag where x.booking_id = ${bookings.id}) as tags,
        (select string_agg(distinct driver::text, ' ') from booking_jobs x cross join unnest(array[x.driver_number, x.driver_two_number]) as driver where x.booking_id = ${bookings.id}) as drivers,
        string_agg(distinct ca.name, ' ') as carriers,
        string_agg(distinct tc.code, ' ') as tariffs,
        string_agg(concat_ws('; ',
          case when bj.needs_same_day_review then 'Same day: ' || coalesce(bj.needs_same_day_review_reason, 'No reason provided') end,
          case when bj.needs_carrier_review then 'Carrier: ' || coalesce(bj.needs_carrier_review_reason, 'No reason provided') end), '; ')
          filter (where bj.needs_same_day_review or bj.needs_carrier_review) as reviews,
        sum(bj.carrier_price) as carrier_cost, sum(bj.carrier_customs_charge) as customs,
        sum(bj.carrier_insurance_charge) as insurance, sum(bj.extras_charge) as extras,
        (array_agg(${placeText('cp')} order by bj.id))[1] as collection,
        (array_agg(${placeText('dp')} order by bj.id desc))[1] as delivery
      from booking_jobs bj
      left join carriers ca on ca.id = bj.carrier_id
      left join tariff_codes tc on tc.id = bj.tariff_code_id
      left join places cp on cp.id = bj.collection_place_id
      left join places dp on dp.id = bj.delivery_place_id
      where bj.booking_id = ${bookings.id}
    ) as j on true
    order by ${sql.join(orderOf(options.filter), sql`, `)}`);
  return Array.isArray(result) ? (result as CsvRow[]) : (result as unknown as { rows: CsvRow[] }).rows;
}

const money = (value: string | null) => (value === null ? '0.00' : Number(value).toFixed(2));

function csvRow(row: CsvRow, seePrices: boolean): string[] {
  const line = [
    row.reference,
    row.created,
    row.account_code ?? '',
    row.company,
    row.client_references ?? '',
    bookingStatusLabel(row.status),
    row.type === 'same_day' ? 'Same Day' : 'ON / OS',
    row.service,
    row.vehicle,
    row.collection ?? '',
    row.delivery ?? '',
    row.collection_time ?? 'ASAP',
    String(row.packages),
    Number(row.weight).toFixed(2),
    row.jobs ?? '',
    row.tags ?? '',
    row.drivers ?? '',
    row.carriers ?? '',
    row.tariffs ?? '',
    row.reviews ?? '',
  ];
  if (seePrices) {
    line.push(money(row.charge), money(row.driver_pay), String(jobDriverPayPercent(row.driver_pay, row.charge)), money(row.carrier_cost), money(row.customs), money(row.insurance), money(row.extras));
  }
  return line;
}

/**
 * Checks the size first (spec 2 §9: only below 100,000), then returns a stream of CSV text that reads
 * the bookings in keyset batches: memory stays flat however many rows, and the first bytes leave at once.
 */
export async function exportBookingsCsv(db: DbOrTx, options: { filter: BookingFilter; seePrices: boolean }): Promise<{ count: number; stream: Readable }> {
  const total = await countBookings(db, options.filter);
  if (total >= BOOKING_EXPORT_LIMIT) {
    throw badRequest(
      `This search matches ${total.toLocaleString('en-IE')} bookings; a CSV can hold fewer than ${BOOKING_EXPORT_LIMIT.toLocaleString('en-IE')}. Narrow the filters (dates, company or status) and try again.`,
    );
  }
  async function* rows(): AsyncGenerator<string[]> {
    yield [...BASE_COLUMNS, ...(options.seePrices ? PRICE_COLUMNS : [])];
    let after: number | undefined;
    for (;;) {
      const batch = await selectCsvBatch(db, { filter: options.filter, after });
      for (const row of batch) yield csvRow(row, options.seePrices);
      if (batch.length < BATCH_SIZE) return;
      after = batch.at(-1)?.id;
    }
  }
  const csv = stringify({ bom: true });
  // pipeline passes a failure (a lost database) on to the response stream, which then aborts.
  pipeline(Readable.from(rows()), csv, () => undefined);
  return { count: total, stream: csv };
}
