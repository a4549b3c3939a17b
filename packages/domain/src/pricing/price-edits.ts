// The rules for editing a job's prices (spec 2 §3–§5, §7, §9): driver pay from a margin percent and
// its equal split over tasks, waiting time pay, the edit guards with their texts, price adjustment
// validation and the fields price history keeps. Amounts are euros in and out; the arithmetic is in
// cents (common/money). The margin formulas themselves live in bookings/margins.ts.
import { PRICE_ADJUSTMENT_TYPES, DRIVER_EXTRA_ADJUSTMENT_TYPES, type PriceAdjustmentType } from '../bookings/enums.ts';
import { formatDateTime } from '../common/dates.ts';
import { addMoney, formatEuro, multiplyMoney, toCents, toEuro, type Cents } from '../common/money.ts';
import type { InvoicePeriodStatus } from '../invoicing/enums.ts';

// ---- Driver pay from a margin percent ----

/**
 * Driver pay for a margin percent: eligible charge / 100 × percent, to the cent, half away from zero
 * (spec 2 §9). The caller validates the percent first, so one outside 0..100 is a programming error.
 */
export function driverPayFromMarginPercent(eligibleCharge: number | string, percent: number): number {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100)
    throw new RangeError(`A margin percent is 0 to 100, not ${percent}.`);
  const charge = toCents(eligibleCharge);
  if (charge <= 0) return 0;
  return toEuro(multiplyMoney(charge, percent / 100));
}

/**
 * Splits an amount equally over `parts` tasks to the cent (spec 2 §9 'Apply margin % splits pay
 * equally across the job's tasks'). The parts always add up to the total: the cents left over go one
 * each to the first tasks, so the caller passes the tasks in a fixed order (position, then id).
 */
export function splitEqually(total: number | string, parts: number): number[] {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError(`Cannot split into ${parts} parts.`);
  const cents = toCents(total);
  if (cents < 0) throw new RangeError(`Cannot split a negative amount: ${String(total)}.`);
  // Integer cents: floor division and its remainder are exact.
  const share = Math.floor(cents / parts);
  const leftOver = cents - share * parts;
  return Array.from({ length: parts }, (_, index) => toEuro((index < leftOver ? share + 1 : share) as Cents));
}

/**
 * The note line "Apply margin %" appends to the job's notes (spec 2 §9), e.g.
 * 'Driver pay set to 35% of the charge by Aoife Brennan on 25/11/26 10:15' (Europe/Dublin time).
 */
export function marginNoteLine(percent: number, at: Date, userName: string): string {
  if (Number.isNaN(at.getTime())) throw new RangeError('The note line needs a valid date.');
  // At most 2 decimals: a percent typed as 33.333 reads 33.33.
  const shown = Math.round(percent * 100) / 100;
  return `Driver pay set to ${shown}% of the charge by ${userName} on ${formatDateTime(at)}`;
}

// ---- Waiting time (spec 2 §7 POST /pricing/{ref}/waiting-time) ----

/** Minutes of waiting per task that are not paid. Our decision: the spec gives no rate. */
export const WAITING_TIME_FREE_MINUTES = 10;
/** Euro per minute after the free minutes (€15 an hour). Our decision: the spec gives no rate. */
export const WAITING_TIME_RATE_PER_MINUTE = 0.25;
/** A day: more waiting than that on one task is a typing error. */
export const WAITING_TIME_MAX_MINUTES = 1440;

/** Pay for one task's waiting: the minutes beyond the free ones at the rate, to the cent (spec 2 §7). */
export function waitingTimePay(minutes: number): number {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > WAITING_TIME_MAX_MINUTES)
    throw new RangeError(`Waiting time is whole minutes from 0 to ${WAITING_TIME_MAX_MINUTES}, not ${minutes}.`);
  const paidMinutes = Math.max(0, minutes - WAITING_TIME_FREE_MINUTES);
  return toEuro(multiplyMoney(toCents(WAITING_TIME_RATE_PER_MINUTE), paidMinutes));
}

export interface WaitingTimeTaskPay {
  taskId: number;
  pay: number;
  waitingTime: number;
}

/** The waiting-time response of spec 2 §7: pay per task and their total, summed in cents. */
export function waitingTimeTotals(rows: readonly { taskId: number; waitingTime: number }[]): {
  totalWaitingTimePay: number;
  waitingTimePerTask: WaitingTimeTaskPay[];
} {
  const waitingTimePerTask = rows.map(({ taskId, waitingTime }) => ({
    taskId,
    pay: waitingTimePay(waitingTime),
    waitingTime,
  }));
  const total = addMoney(...waitingTimePerTask.map(({ pay }) => toCents(pay)));
  return { totalWaitingTimePay: toEuro(total), waitingTimePerTask };
}

// ---- Edit guards (spec 2 §4, §5) ----

export const CUSTOMER_CHARGE_LOCKED_MESSAGE =
  'This job has been invoiced and the customer charge can no longer be edited. You can use the price adjustments to add an additional charge on the customers next invoice.';
export const DRIVER_PAY_PAID_MESSAGE = 'This job has been paid and the driver pay can no longer be edited';
export const DRIVER_PAY_PARTLY_PAID_MESSAGE =
  'This job has been partially paid. You can edit the unpaid portion on the pay details popup.';
/** Spec 2 §5/§8: what waits while price changes are pending in the list. */
export const PENDING_CHANGES_MESSAGE = 'Please save your changes before continuing.';
export const UNSAVED_COMPANY_CHANGE_MESSAGE = 'Please save or discard changes before changing company';
export const PRICING_EXTRAS_DISABLED_MESSAGE = 'Please save or discard changes before editing driver pay breakdown';
export const UNSAVED_APPROVAL_MESSAGE = 'You have unsaved changes, please save before approving price review.';
/**
 * Not spec texts: the spec names the rule (§4) and shows the server's 400 message, not its words. One
 * for each invoice state that locks, named as the invoice list shows it: a finalised invoice is
 * numbered and not yet sent, an invoiced one has gone to the customer.
 */
export const PRICE_ADJUSTMENT_DELETE_LOCKED_MESSAGES: Record<ChargeLockingStatus, string> = {
  FINALISED: 'This price adjustment is on an invoice that has been finalised and can no longer be deleted.',
  INVOICED: 'This price adjustment is on an invoice that has been sent to the customer and can no longer be deleted.',
};

/** A task's driver pay status (spec 2 §4): ACTIVE is the default. */
export const DRIVER_PAY_STATUSES = ['ACTIVE', 'PENDING_PAYMENT', 'PAID'] as const;
export type DriverPayStatus = (typeof DRIVER_PAY_STATUSES)[number];

const CHARGE_LOCKING_STATUSES = ['FINALISED', 'INVOICED'] as const satisfies readonly InvoicePeriodStatus[];
type ChargeLockingStatus = (typeof CHARGE_LOCKING_STATUSES)[number];

const locksCharge = (invoiceStatus: InvoicePeriodStatus | null): invoiceStatus is ChargeLockingStatus =>
  (CHARGE_LOCKING_STATUSES as readonly (InvoicePeriodStatus | null)[]).includes(invoiceStatus);

/** Spec 2 §4/§5: a finalised or invoiced period locks the customer charge; null status = no period yet. */
export function customerChargeLock(invoiceStatus: InvoicePeriodStatus | null): string | null {
  return locksCharge(invoiceStatus) ? CUSTOMER_CHARGE_LOCKED_MESSAGE : null;
}

/** Spec 2 §4: PENDING_PAYMENT and PAID lock a task's driver pay. */
export function taskPayLocked(status: DriverPayStatus): boolean {
  return status === 'PENDING_PAYMENT' || status === 'PAID';
}

/** Spec 2 §5: every task locked → paid; some → partly paid (the unpaid part is edited per task); none → null. */
export function driverPayLock(taskPayStatuses: readonly DriverPayStatus[]): string | null {
  const locked = taskPayStatuses.filter(taskPayLocked).length;
  if (locked === 0) return null;
  return locked === taskPayStatuses.length ? DRIVER_PAY_PAID_MESSAGE : DRIVER_PAY_PARTLY_PAID_MESSAGE;
}

/**
 * Spec 2 §4: a price adjustment can be deleted unless its invoice period is the job's period and that
 * invoice is finalised or invoiced. An adjustment with no period is on no invoice, so never locked.
 */
export function adjustmentDeleteLock({
  adjustmentPeriodId,
  jobPeriodId,
  invoiceStatus,
}: {
  adjustmentPeriodId: number | null;
  jobPeriodId: number | null;
  invoiceStatus: InvoicePeriodStatus | null;
}): string | null {
  if (adjustmentPeriodId === null || adjustmentPeriodId !== jobPeriodId) return null;
  return locksCharge(invoiceStatus) ? PRICE_ADJUSTMENT_DELETE_LOCKED_MESSAGES[invoiceStatus] : null;
}

// ---- Price adjustments (spec 2 §3, §5) ----

export const PRICE_ADJUSTMENT_TYPE_LABELS: Record<PriceAdjustmentType, string> = {
  ELEVATED_RISK: 'Elevated risk',
  REMOTE_AREA: 'Remote area',
  RESTRICTED_DESTINATION: 'Restricted destination',
  ADDRESS_CORRECTION: 'Address correction',
  RESIDENTIAL_ADDRESS: 'Residential address',
  CUSTOMS_ADMIN_FEE: 'Customs admin fee',
  CUSTOMS_EXCISE_DUTIES: 'Customs and excise duties',
  PACKAGING_CHARGE: 'Packaging charge',
  ADMIN_FEE: 'Admin fee',
  BOOKING_FEE: 'Booking fee',
  OPERATIONS_FEE: 'Operations fee',
  TOLL: 'Toll',
  WAITING_TIME_FEE: 'Waiting time fee',
  FAILED_ATTEMPT: 'Failed attempt',
  CUSTOMER_ADDON: 'Customer add-on',
};

/** The longest description (or add-on name) an adjustment takes. */
export const MAX_ADJUSTMENT_DESCRIPTION_LENGTH = 500;

/** The messages of spec 2 §5 'Add price adjustment'; the two minimums are ours. */
export const SELECT_JOB_MESSAGE = 'Please select a job';
export const SELECT_ADJUSTMENT_TYPE_MESSAGE = 'Please select an adjustment type';
export const SELECT_TASK_MESSAGE = 'Please select a task';
export const COST_MINIMUM_MESSAGE = 'Cost must be 0 or more.';
export const CHARGE_MINIMUM_MESSAGE = 'Charge must be 0 or more.';

/** Spec 2 §5: cost 0, charge 0, surcharge off, display off. */
export const NEW_PRICE_ADJUSTMENT_DEFAULTS = {
  cost: 0,
  charge: 0,
  applySurcharge: false,
  showToCustomer: false,
} as const;

export interface PriceAdjustmentInput {
  jobId?: number | null;
  type?: string | null;
  taskId?: number | null;
  cost: number;
  charge: number;
  showToCustomer: boolean;
  description: string;
}

export interface PriceAdjustmentProblem {
  field: 'jobId' | 'type' | 'taskId' | 'cost' | 'charge' | 'description';
  message: string;
}

function isPriceAdjustmentType(type: string): type is PriceAdjustmentType {
  return (PRICE_ADJUSTMENT_TYPES as readonly string[]).includes(type);
}

/** Spec 2 §5 'Add price adjustment', in the form's order; an empty list means the adjustment may be saved. */
export function validatePriceAdjustment(input: PriceAdjustmentInput): PriceAdjustmentProblem[] {
  const problems: PriceAdjustmentProblem[] = [];
  if (input.jobId === null || input.jobId === undefined) problems.push({ field: 'jobId', message: SELECT_JOB_MESSAGE });
  const type = input.type ?? '';
  if (!isPriceAdjustmentType(type)) problems.push({ field: 'type', message: SELECT_ADJUSTMENT_TYPE_MESSAGE });
  else if (DRIVER_EXTRA_ADJUSTMENT_TYPES.includes(type) && (input.taskId === null || input.taskId === undefined))
    problems.push({ field: 'taskId', message: SELECT_TASK_MESSAGE });
  // Not-a-number and infinities fail too: they are no amount at all.
  if (!Number.isFinite(input.cost) || input.cost < 0) problems.push({ field: 'cost', message: COST_MINIMUM_MESSAGE });
  if (!Number.isFinite(input.charge) || input.charge < 0)
    problems.push({ field: 'charge', message: CHARGE_MINIMUM_MESSAGE });
  return problems;
}

/** Spec 2 §5: the customer description is only entered when Display to Customer is on; otherwise none is kept. */
export function adjustmentDescriptionToStore(input: { showToCustomer: boolean; description: string }): string {
  return input.showToCustomer ? input.description : '';
}

// ---- Price history ----

/**
 * The job fields (and, last, the task fields) whose every change is kept in price history (the
 * `field` of a history row). Not bookings/price-visibility.ts's PRICE_FIELDS, the response fields
 * hidden from roles that may not see prices.
 */
/** Amounts in euro: a job's, then a task's. */
const MONEY_JOB_FIELDS = [
  'customerCharge',
  'driverPrice',
  'carrierPrice',
  'carrierCustomsCharge',
  'carrierInsuranceCharge',
  'extrasCharge',
] as const;
const MONEY_TASK_FIELDS = ['driverPay', 'driverExtras'] as const;
export const PRICE_HISTORY_FIELDS = [
  ...MONEY_JOB_FIELDS,
  'weight',
  'numberOfPackages',
  'tariffId',
  'companyId',
  ...MONEY_TASK_FIELDS,
  /** A price adjustment added or deleted: its type and amounts as text. */
  'adjustment',
] as const;
export type PriceHistoryField = (typeof PRICE_HISTORY_FIELDS)[number];

export const PRICE_FIELD_LABELS: Record<PriceHistoryField, string> = {
  customerCharge: 'Customer charge',
  driverPrice: 'Driver pay',
  carrierPrice: 'Carrier price',
  carrierCustomsCharge: 'Carrier customs',
  carrierInsuranceCharge: 'Carrier insurance',
  extrasCharge: 'Extras charge',
  weight: 'Weight',
  numberOfPackages: 'Package count',
  tariffId: 'Tariff',
  companyId: 'Account',
  driverPay: 'Task driver pay',
  driverExtras: 'Task driver extras',
  adjustment: 'Price adjustment',
};

const MONEY_HISTORY_FIELDS: ReadonlySet<string> = new Set([...MONEY_JOB_FIELDS, ...MONEY_TASK_FIELDS]);

/** A history row's field in words ('Customer charge'); a field this version does not know shows as it is. */
export function priceHistoryFieldLabel(field: string): string {
  return (PRICE_FIELD_LABELS as Record<string, string>)[field] ?? field;
}

/**
 * A history row's before or after value as staff read it: euro amounts as money, weight in kg, a
 * tariff or account by its number, nothing as 'none'.
 */
export function priceHistoryValueText(field: string, value: string | null): string {
  if (value === null || value === '') return 'none';
  if (MONEY_HISTORY_FIELDS.has(field)) return formatEuro(value);
  if (field === 'weight') return `${value} kg`;
  if (field === 'tariffId') return `tariff ${value}`;
  if (field === 'companyId') return `company ${value}`;
  return value;
}
