import { Readable } from 'node:stream';
import { bookingStatusLabel, BOOKING_EXPORT_LIMIT } from '@courier/domain/bookings/enums';
import { bookingVehicleLabel, jobTagLabel } from '@courier/domain/bookings/labels';
import { jobDriverPayPercent } from '@courier/domain/bookings/margins';
import { BOOKING_CSV_PRICE_COLUMNS } from '@courier/domain/bookings/price-visibility';
import type { BookingFilter } from '@courier/domain/bookings/schemas';
import { formatCount } from '@courier/domain/common/money';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { bookingFilterCondition } from './filters.ts';
import { badRequest } from '../../http/errors.ts';
import { csvCell, csvLine } from '../../platform/csv.ts';
import { countBookings, intArray, orderOf } from './queries.ts';

/** Rows fetched per round trip: enough to keep the database busy, small enough to keep memory flat. */
const BATCH_SIZE = 1000;
/** Batches read at once: the database has cores to spare while the CSV writer works. */
const READ_AHEAD = 3;

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
/** A place on one line; a name that is just its first address line (a street address) is not repeated, as in the booking's details. */
const placeText = (alias: string) =>
  sql.raw(
    `concat_ws(', ', nullif(nullif(${alias}.name, ''), ${alias}.address_line_one), nullif(${alias}.address_line_one, ''), nullif(${alias}.city, ''), nullif(${alias}.post_code, ''))`,
  );

/**
 * Every booking id of the export in the list order, in one query: fewer than BOOKING_EXPORT_LIMIT
 * (checked first), so at most ~0.8 MB. Read at once rather than a keyset query before each batch,
 * which kept the batches' reads waiting on a round trip each (100 of them at 99,999 rows) and read
 * each batch's ids at a different moment.
 */
async function selectCsvIds(db: DbOrTx, filter: BookingFilter): Promise<number[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(bookingFilterCondition(filter))
    .orderBy(...orderOf(filter));
  return rows.map((row) => row.id);
}

/**
 * The CSV rows of a batch of booking ids in one set-based query: the batch's jobs are aggregated per
 * booking with one GROUP BY (references, tags, drivers, carriers, reviews, cost sums) rather than a
 * subquery per booking, and every table is reached through its primary key or the job's booking index.
 */
async function selectCsvRows(db: DbOrTx, ids: number[]): Promise<CsvRow[]> {
  const result = await db.execute(csvRowsSelect(sql`any(${intArray(ids)})`));
  const rows = rowsOf<CsvRow>(result);
  // Tags and drivers arrive as every job's, space-separated; each is listed once, sorted (cheaper here than per row in SQL).
  for (const row of rows) {
    row.tags = distinctWords(row.tags);
    row.drivers = distinctWords(row.drivers, byNumber);
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is CsvRow => row !== undefined);
}

/**
 * The CSV's columns for the bookings whose id is `ids` (`any(array)` of a batch), in one set-based
 * query. The benchmark runs it over a whole export with PostgreSQL's COPY, as the export's floor.
 */
export function csvRowsSelect(ids: SQL): SQL {
  return sql`
    with j as (
      select bj.booking_id,
        string_agg(bj.reference, ' ' order by bj.id) as jobs,
        string_agg(array_to_string(bj.tags, ' '), ' ') as tags,
        string_agg(concat_ws(' ', bj.driver_number, bj.driver_two_number), ' ') as drivers,
        string_agg(distinct ca.name, ' ') as carriers,
        string_agg(distinct tc.code, ' ') as tariffs,
        string_agg(concat_ws('; ',
          case when bj.needs_same_day_review then 'Same day: ' || coalesce(bj.needs_same_day_review_reason, 'No reason provided') end,
          case when bj.needs_carrier_review then 'Carrier: ' || coalesce(bj.needs_carrier_review_reason, 'No reason provided') end), '; ' order by bj.id)
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
      where bj.booking_id = ${ids}
      group by bj.booking_id
    )
    select b.id, b.reference, ${dublin(sql.raw('b.created_at'))} as created,
      c.account_code, c.name as company,
      (select string_agg((ref->>'name') || ': ' || (ref->>'value'), '; ') from jsonb_array_elements(b.company_references) as ref) as client_references,
      b.status, b.type, s.name as service, coalesce(b.vehicle, s.type) as vehicle,
      j.collection, j.delivery, ${dublin(sql.raw('b.collection_time'))} as collection_time,
      b.number_of_packages as packages, b.weight_of_packages::text as weight,
      j.jobs,
      j.tags, j.drivers,
      j.carriers, j.tariffs, j.reviews,
      b.ex_vat_price::text as charge, b.driver_price::text as driver_pay,
      j.carrier_cost::text, j.customs::text, j.insurance::text, j.extras::text
    from bookings b
    join companies c on c.id = b.company_id
    join services s on s.id = b.service_id
    left join j on j.booking_id = b.id
    where b.id = ${ids}`;
}

/**
 * The batches' CSV text in the list order. The ids come first, in one query; the batches' rows, the
 * costly part, are read by up to READ_AHEAD queries at once, so the database works on several batches
 * while the response sends the oldest. A batch's rows become its bytes as soon as they arrive: waiting
 * for their turn as one buffer (outside the heap, instead of some 30 strings a row), they do not outlive
 * the young generation, so the heap stays small (the export's memory growth was 100-117 MB at 99,999
 * rows with rows waiting).
 */
async function* csvBatches(
  db: DbOrTx,
  filter: BookingFilter,
  toText: (rows: CsvRow[]) => Buffer,
): AsyncGenerator<Buffer> {
  const ids = await selectCsvIds(db, filter);
  const inFlight: Promise<Buffer>[] = [];
  let next = 0;
  while (next < ids.length || inFlight.length > 0) {
    while (next < ids.length && inFlight.length < READ_AHEAD) {
      const text = selectCsvRows(db, ids.slice(next, next + BATCH_SIZE)).then(toText);
      next += BATCH_SIZE;
      // A failed read surfaces when its turn comes (or never, if the client has gone); not as unhandled.
      text.catch(() => undefined);
      inFlight.push(text);
    }
    const oldest = inFlight.shift();
    if (oldest) yield await oldest;
  }
}

/** The distinct space-separated words of a text, sorted; null for none. */
function distinctWords(text: string | null, compare?: (a: string, b: string) => number): string | null {
  if (!text) return null;
  const words = text.split(' ');
  if (words.length === 1) return text;
  // Most bookings have one or two jobs: two words need no set or sort.
  if (words.length === 2) {
    const [first = '', second = ''] = words;
    if (!first || !second || first === second) return first || second || null;
    const ordered = compare ? compare(first, second) <= 0 : first < second;
    return ordered ? text : `${second} ${first}`;
  }
  return [...new Set(words)].filter(Boolean).sort(compare).join(' ') || null;
}

const byNumber = (a: string, b: string) => Number(a) - Number(b);

/**
 * A numeric(12, 2) column's text ('12.50', '-3.00': PostgreSQL writes its two decimals) or, for a
 * booking without jobs to sum, 0.00. Read as text, never as a float.
 */
const money = (value: string | null) => value ?? '0.00';

/** The price columns of the domain's list (spec 2 §6), only for roles that see prices. */
const PRICE_CELLS: Record<(typeof BOOKING_CSV_PRICE_COLUMNS)[number], (row: CsvRow) => string> = {
  Charge: (row) => money(row.charge),
  'Driver Pay': (row) => money(row.driver_pay),
  'Driver Pay %': (row) => String(jobDriverPayPercent(row.driver_pay, row.charge)),
  'Carrier Cost': (row) => money(row.carrier_cost),
  Customs: (row) => money(row.customs),
  Insurance: (row) => money(row.insurance),
  Extras: (row) => money(row.extras),
};

/** The cell of a value's label, each worked out once an export: few statuses, vehicles and sets of tags recur. */
function labelCells(label: (value: string) => string): (value: string) => string {
  const cells = new Map<string, string>();
  return (value) => {
    let cell = cells.get(value);
    if (cell === undefined) {
      cell = csvCell(label(value));
      cells.set(value, cell);
    }
    return cell;
  };
}

const text = (value: string | null) => (value === null ? '' : csvCell(value));

/**
 * One booking's CSV line. Text a person typed (references, names, addresses, reviews) and lists of
 * numbers go through csvCell; the database's dates ('DD/MM/YY HH24:MI'), counts and weights (both
 * checked >= 0) and single amounts cannot start a formula or need quotes, and are written as they come
 * (100,000 rows: each cell's checks and the arrays of cells were a third of the export's CPU).
 */
function csvText(
  row: CsvRow,
  cells: { status: (value: string) => string; vehicle: (value: string) => string; tags: (value: string) => string },
  seePrices: boolean,
): string {
  const line = `${csvCell(row.reference)},${row.created},${text(row.account_code)},${csvCell(row.company)},${text(row.client_references)},${cells.status(row.status)},${row.type === 'same_day' ? 'Same Day' : 'ON / OS'},${csvCell(row.service)},${cells.vehicle(row.vehicle)},${text(row.collection)},${text(row.delivery)},${row.collection_time ?? 'ASAP'},${row.packages},${row.weight},${text(row.jobs)},${row.tags === null ? '' : cells.tags(row.tags)},${text(row.drivers)},${text(row.carriers)},${text(row.tariffs)},${text(row.reviews)}`;
  if (!seePrices) return `${line}\n`;
  let prices = '';
  for (const column of BOOKING_CSV_PRICE_COLUMNS) prices += `,${PRICE_CELLS[column](row)}`;
  return `${line}${prices}\n`;
}

/** Bytes a batch's line takes on average, to size its buffer (a line is ~310 bytes with prices). */
const LINE_BYTES_GUESS = 400;
/** UTF-8's longest character: a write that ends this close to the buffer's end may have been cut short. */
const MAX_CHAR_BYTES = 4;

/**
 * The rows' lines written one by one into one buffer, grown when a line does not fit. Not one string of
 * the whole batch first: at ~300 KB each was a large object in the young generation, ~30 MB of them an
 * export, committed until the next scavenge, which with a young generation regrowing after a quiet spell
 * raised the process's memory by 55-70 MB on some exports (bench/bookings-list.ts).
 */
export function linesToBytes<T>(rows: readonly T[], lineOf: (row: T) => string): Buffer {
  let bytes = Buffer.allocUnsafe(Math.max(rows.length, 1) * LINE_BYTES_GUESS);
  let length = 0;
  for (const row of rows) {
    const line = lineOf(row);
    let written = bytes.write(line, length);
    // A write that stops short of the end by a character's width or more wrote the whole line.
    const needed = bytes.length - (length + written) < MAX_CHAR_BYTES ? Buffer.byteLength(line) : written;
    if (written < needed) {
      const grown = Buffer.allocUnsafe(Math.max(bytes.length * 2, length + needed + MAX_CHAR_BYTES));
      bytes.copy(grown, 0, 0, length);
      bytes = grown;
      written = bytes.write(line, length);
    }
    length += written;
  }
  return bytes.subarray(0, length);
}

/**
 * Checks the size first (spec 2 §9: only below 100,000), then returns a stream of CSV text that reads
 * the bookings in batches of ids: memory stays flat however many rows, and the first bytes leave soon.
 */
export async function exportBookingsCsv(
  db: DbOrTx,
  options: { filter: BookingFilter; seePrices: boolean },
): Promise<{ count: number; stream: Readable }> {
  const total = await countBookings(db, options.filter);
  if (total >= BOOKING_EXPORT_LIMIT) {
    throw badRequest(
      `This search matches ${formatCount(total)} bookings; a CSV can hold fewer than ${formatCount(BOOKING_EXPORT_LIMIT)}. Narrow the filters (dates, company or status) and try again.`,
    );
  }
  // One chunk of text a batch (not a row): few, large writes keep the event loop and the GC light.
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(`\uFEFF${csvLine([...BASE_COLUMNS, ...(options.seePrices ? BOOKING_CSV_PRICE_COLUMNS : [])])}`);
    const cells = {
      status: labelCells(bookingStatusLabel),
      vehicle: labelCells(bookingVehicleLabel),
      // Labels, as the list shows them ('SECOND LEG'); a label may hold a space, so they are comma-separated.
      tags: labelCells((tags) => tags.split(' ').map(jobTagLabel).join(', ')),
    };
    // The batch's bytes at once: its lines (pieces of the rows' strings) and its rows are garbage then,
    // not kept in the heap while the batch waits its turn.
    yield* csvBatches(db, options.filter, (rows) =>
      linesToBytes(rows, (row) => csvText(row, cells, options.seePrices)),
    );
  }
  // A failed read (a lost database) destroys the stream, which aborts the response.
  return { count: total, stream: Readable.from(chunks(), { objectMode: false }) };
}
