// The booking list's pending price changes (spec 2 §2 'Booking list', §3 'Pending price change', §5
// 'Price inputs'): what a price cell accepts, how a typed value is read, and how the changes gathered
// on a page become the body of PUT /api/pricing/update. Pure: the web list keeps the state.
import { formatEuro } from '../common/money.ts';
import { MAX_EURO, MAX_KG, MAX_PACKAGES } from './limits.ts';
import type { JobPriceChange } from './price-review-schemas.ts';

/** A job's price cells (spec 2 §3 'Price input types': charge, driverPay, carrierPrice, carrierCustoms, carrierInsurance). */
export const JOB_PRICE_INPUTS = [
  'customerCharge',
  'driverPay',
  'carrierPrice',
  'carrierCustomsCharge',
  'carrierInsuranceCharge',
] as const;
/** A job's tariff (spec 2 §3 'tariffCode'): chosen by service; the job is re-priced from it. */
export type JobChoiceInput = 'tariffId';
/** A booking's cells (weight, packageCount): a change applies to each of its jobs and re-prices them. */
export const BOOKING_PRICE_INPUTS = ['weight', 'numberOfPackages'] as const;
/** A booking's account (spec 2 §3 'accountChange'): the company it is charged to, sent with each job. */
export type BookingChoiceInput = 'companyId';
export type JobPriceInput = (typeof JOB_PRICE_INPUTS)[number] | JobChoiceInput;
export type BookingPriceInput = (typeof BOOKING_PRICE_INPUTS)[number] | BookingChoiceInput;
export type PriceInput = JobPriceInput | BookingPriceInput;

/** Whether an input is the booking's (sent with each of its jobs) rather than one job's. */
export function isBookingInput(input: PriceInput): input is BookingPriceInput {
  return input === 'weight' || input === 'numberOfPackages' || input === 'companyId';
}

export const PRICE_INPUT_LABELS: Record<PriceInput, string> = {
  customerCharge: 'Charge',
  driverPay: 'Driver pay',
  carrierPrice: 'Carrier cost',
  carrierCustomsCharge: 'Customs',
  carrierInsuranceCharge: 'Insurance',
  weight: 'Weight',
  numberOfPackages: 'Packages',
  tariffId: 'Tariff',
  companyId: 'Account',
};

/** Debounce before a weight or package count change is re-priced (spec 2 §9). */
export const REPRICE_DELAY_MS = 1000;

const MOVE_KEYS = new Set(['Enter', 'Tab', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Escape']);

/**
 * Spec 2 §5: price inputs accept digits, backspace, delete and the decimal point; moving keys, Escape
 * and shortcuts (copy, paste, select all) pass. Anything else is refused. A package count takes the
 * point too: refused as a key, 1.5 was read as 15 packages and queued; kept, readPriceInput refuses it.
 */
export function acceptsPriceKey(key: string, options: { withModifier: boolean }): boolean {
  if (options.withModifier || MOVE_KEYS.has(key) || key === 'Backspace' || key === 'Delete') return true;
  return /^\d$/.test(key) || key === '.';
}

export type ReadPrice = { ok: true; value: number } | { ok: false; message: string };

/** What a typed price cell holds, read as the save will send it, or the reason it cannot be. */
export function readPriceInput(input: PriceInput, text: string): ReadPrice {
  const label = PRICE_INPUT_LABELS[input];
  const trimmed = text.trim();
  if (input === 'tariffId' || input === 'companyId') {
    // Chosen from a list, so an id: anything else is a fault of the page, said plainly.
    const id = Number(trimmed);
    return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647
      ? { ok: true, value: id }
      : { ok: false, message: `Choose the ${label.toLowerCase()} from the list.` };
  }
  if (trimmed === '') return { ok: false, message: `${label} is required.` };
  if (input === 'numberOfPackages') {
    if (!/^\d+$/.test(trimmed)) return { ok: false, message: 'Packages must be a whole number.' };
    const value = Number(trimmed);
    if (value < 1) return { ok: false, message: 'Packages must be at least 1.' };
    if (value > MAX_PACKAGES) return { ok: false, message: `Packages must be at most ${MAX_PACKAGES}.` };
    return { ok: true, value };
  }
  // Cents, and weight to 2 decimals as PUT /pricing/update takes it.
  if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(trimmed))
    return {
      ok: false,
      message:
        input === 'weight'
          ? 'Weight is kg with at most 2 decimal places.'
          : `${label} is an amount in euro with at most 2 decimal places.`,
    };
  const value = Number(trimmed);
  const max = input === 'weight' ? MAX_KG : MAX_EURO;
  if (value > max)
    return {
      ok: false,
      message:
        input === 'weight' ? `Weight must be at most ${max} kg.` : `${label} must be at most ${formatEuro(max)}.`,
    };
  return { ok: true, value };
}

/** The text a cell starts from: amounts and weights with 2 decimals, a count as is. */
export function priceInputText(input: PriceInput, value: number): string {
  return input === 'numberOfPackages' || input === 'tariffId' || input === 'companyId'
    ? String(value)
    : value.toFixed(2);
}

/** One job of the page as a save needs it: its version as loaded and its booking. */
export interface PendingJobRef {
  jobId: number;
  reference: string;
  version: number;
  bookingId: number;
}

/** A typed cell: a job's (jobId) or a booking's (bookingId, sent with each of its jobs). */
export type PendingCell =
  | { kind: 'job'; jobId: number; input: JobPriceInput; text: string; label?: string }
  | { kind: 'booking'; bookingId: number; input: BookingPriceInput; text: string; label?: string };

export interface PendingProblem {
  /** The job reference, or the booking's when the cell is the booking's. */
  reference: string;
  input: PriceInput;
  message: string;
}

/**
 * The body of PUT /api/pricing/update for the cells typed on a page (spec 2 §3 'Pending price change'):
 * one change per job with its version; a booking's weight or package count goes with every one of its
 * jobs (the server keeps them agreeing and re-prices each). Cells that cannot be read are problems,
 * and then there is no body: nothing is sent while a cell is wrong.
 */
export function priceUpdateBody(
  cells: readonly PendingCell[],
  jobs: readonly PendingJobRef[],
  bookingReferences: ReadonlyMap<number, string>,
): { ok: true; body: JobPriceChange[] } | { ok: false; problems: PendingProblem[] } {
  const byJob = new Map(jobs.map((job) => [job.jobId, job]));
  const jobsOfBooking = new Map<number, PendingJobRef[]>();
  for (const job of jobs) jobsOfBooking.set(job.bookingId, [...(jobsOfBooking.get(job.bookingId) ?? []), job]);
  const problems: PendingProblem[] = [];
  const changes = new Map<number, JobPriceChange>();
  const changeOf = (job: PendingJobRef) => {
    const existing = changes.get(job.jobId);
    if (existing) return existing;
    const created: JobPriceChange = { jobId: job.jobId, version: job.version };
    changes.set(job.jobId, created);
    return created;
  };
  for (const cell of cells) {
    const read = readPriceInput(cell.input, cell.text);
    if (cell.kind === 'job') {
      const job = byJob.get(cell.jobId);
      if (!job) continue;
      if (!read.ok) problems.push({ reference: job.reference, input: cell.input, message: read.message });
      else changeOf(job)[cell.input] = read.value;
    } else {
      const reference = bookingReferences.get(cell.bookingId) ?? String(cell.bookingId);
      if (!read.ok) problems.push({ reference, input: cell.input, message: read.message });
      else for (const job of jobsOfBooking.get(cell.bookingId) ?? []) changeOf(job)[cell.input] = read.value;
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  // readPriceInput checks what the call's schema checks, so the server accepts what is sent: proven in
  // pending-changes.test.ts, not parsed here, so the booking list needs no zod (issue 10).
  return { ok: true, body: [...changes.values()] };
}

/** A cell's place on the page for keyboard moves: the row, then the cell's order in the row. */
export interface CellPosition {
  row: number;
  column: number;
}

/**
 * Where Enter, Tab and the arrows take the focus (spec 2 §5: 'move focus between inputs, wrapping'):
 * the next or previous input in reading order, wrapping from the last to the first; Up and Down keep
 * the column and wrap round the page. `columnsOf(row)` is how many inputs a row has (0 for none).
 */
export function nextCell(
  from: CellPosition,
  move: 'next' | 'previous' | 'up' | 'down',
  rows: number,
  columnsOf: (row: number) => number,
): CellPosition | null {
  if (rows === 0) return null;
  if (move === 'up' || move === 'down') {
    const step = move === 'down' ? 1 : -1;
    for (let n = 1; n <= rows; n++) {
      const row = (((from.row + step * n) % rows) + rows) % rows;
      const columns = columnsOf(row);
      if (columns > 0) return { row, column: Math.min(from.column, columns - 1) };
    }
    return null;
  }
  if (move === 'next') {
    if (from.column + 1 < columnsOf(from.row)) return { row: from.row, column: from.column + 1 };
    for (let n = 1; n <= rows; n++) {
      const row = (from.row + n) % rows;
      if (columnsOf(row) > 0) return { row, column: 0 };
    }
    return null;
  }
  if (from.column > 0) return { row: from.row, column: from.column - 1 };
  for (let n = 1; n <= rows; n++) {
    const row = (((from.row - n) % rows) + rows) % rows;
    const columns = columnsOf(row);
    if (columns > 0) return { row, column: columns - 1 };
  }
  return null;
}
