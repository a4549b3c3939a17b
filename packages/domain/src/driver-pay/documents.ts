// Driver pay documents and sends (spec 2 §3 'Document types', §7 'Pay', §8): which document a pay
// period may have, the money each prints (integer cents), and the schemas of the calls that download,
// e-mail and report them.
import { z } from 'zod';
import { addDays, dayPartsOf, weekdayOf } from '../common/calendar-days.ts';
import { addMoney, multiplyMoney, subtractMoney, toCents, toEuro, type Cents } from '../common/money.ts';
import { bodyId, paramId } from '../common/input.ts';
import { isDateInRange } from '../common/input-checks.ts';
import { paySettingsNotFoundText } from '../drivers/labels.ts';
import { DRIVER_PAY_REPORT_WEEKS, MAX_DRIVER_PAY_REPORT_WEEKS } from './pay-report.ts';
import { MAX_PAY_PERIODS_PER_REQUEST, type PayPeriodStatus } from './schemas.ts';

/** The document types of spec 2 §3. cyclone_invoice is the company's invoice to the driver for rentals. */
export const DRIVER_DOCUMENT_TYPES = [
  'driver_proforma',
  'driver_invoice',
  'driver_credit',
  'cyclone_invoice',
  'contra',
] as const;
export type DriverDocumentType = (typeof DRIVER_DOCUMENT_TYPES)[number];

/** Pay period states as documents print them (spec 2 §4). */
export const PAY_PERIOD_STATUS_TEXT: Record<PayPeriodStatus, string> = {
  ACTIVE: 'Active',
  IN_REVIEW: 'In review',
  PENDING_PAYMENT: 'Pending payment',
  PAID: 'Paid',
};

/** What staff and drivers read for each type. */
export const DRIVER_DOCUMENT_LABELS: Record<DriverDocumentType, string> = {
  driver_proforma: 'Proforma',
  driver_invoice: 'Self-billing invoice',
  driver_credit: 'Credit note',
  cyclone_invoice: 'Rental and equipment invoice',
  contra: 'Contra statement',
};

/** The title printed at the top of each document. */
export const DRIVER_DOCUMENT_TITLES: Record<DriverDocumentType, string> = {
  driver_proforma: 'PROFORMA STATEMENT',
  driver_invoice: 'SELF-BILLING INVOICE',
  driver_credit: 'CREDIT NOTE',
  cyclone_invoice: 'INVOICE',
  contra: 'CONTRA STATEMENT',
};

/** Document numbers: the type's prefix and the pay period's id, so a period's document keeps its number. */
export const DRIVER_DOCUMENT_PREFIXES: Record<DriverDocumentType, string> = {
  driver_proforma: 'PF',
  driver_invoice: 'SB',
  driver_credit: 'CN',
  cyclone_invoice: 'RI',
  contra: 'CT',
};

export const driverDocumentNumber = (type: DriverDocumentType, payPeriodId: number) =>
  `${DRIVER_DOCUMENT_PREFIXES[type]}-${String(payPeriodId).padStart(7, '0')}`;

/**
 * The date a period's document carries: the Monday after its week once that has come (so a document
 * printed again later reads the same), else today (a week still running).
 */
export function driverDocumentDay(weekEnd: string, today: string): string {
  const after = addDays(weekEnd, 1);
  return after <= today ? after : today;
}

/** True while a period may still change: its documents are marked as drafts (spec 2 §4). */
export const isDraftPayPeriod = (status: PayPeriodStatus) => status === 'ACTIVE' || status === 'IN_REVIEW';

/**
 * Irish standard VAT rate, charged on a VAT-registered driver's self-billing invoice and included in
 * the rental charges the company invoices. The spec names no rate; courier services are standard-rated.
 */
export const DRIVER_VAT_PERCENT = 23;

/** VAT on a net amount, to the cent. */
export function vatOn(net: number): number {
  return toEuro(multiplyMoney(toCents(net), DRIVER_VAT_PERCENT / 100));
}

/** The VAT inside a gross amount (gross × rate / (100 + rate)), to the cent. */
export function vatIncluded(gross: number): number {
  const cents = toCents(gross);
  return toEuro(subtractMoney(cents, toCents((cents * 100) / (100 + DRIVER_VAT_PERCENT) / 100)));
}

/** What decides which documents a period has: its driver's settings and its signed amounts. */
export interface DriverDocumentFacts {
  driverName: string;
  paySettingsSaved: boolean;
  vatRegistered: boolean;
  /** Every component plus the signed adjustments, before the floor at 0 (spec 2 §5). */
  unflooredTotal: number;
  /** Cargo and equipment rental deductions of the week. */
  rentals: number;
  /** Every deduction of the week (rentals and manual deductions). */
  deductions: number;
}

/**
 * Why a period cannot have a document of this type (the 400 message), or null when it can. A
 * proforma always can; the others need the driver's pay settings (address, tax number, VAT status);
 * a self-billing invoice is for VAT-registered drivers paid above 0, a credit note for a week whose
 * deductions exceed the pay, the rental invoice for a week with rentals, a contra for one with deductions.
 */
export function driverDocumentProblem(type: DriverDocumentType, facts: DriverDocumentFacts): string | null {
  const name = facts.driverName;
  if (type === 'driver_proforma') return null;
  if (!facts.paySettingsSaved)
    return `${paySettingsNotFoundText(name)}: save their pay settings (address, tax number, VAT status) before issuing a ${DRIVER_DOCUMENT_LABELS[type].toLowerCase()}.`;
  switch (type) {
    case 'driver_invoice':
      if (!facts.vatRegistered)
        return `${name} is not VAT registered: a self-billing invoice is only for VAT-registered drivers. Send a proforma instead.`;
      if (facts.unflooredTotal <= 0)
        return `${name}'s pay for the week is not above €0.00, so there is nothing to invoice${facts.unflooredTotal < 0 ? ': issue a credit note instead' : ''}.`;
      return null;
    case 'driver_credit':
      return facts.unflooredTotal < 0
        ? null
        : `${name}'s deductions do not exceed the pay for the week, so there is nothing to credit. A credit note is only for a week whose total is below €0.00.`;
    case 'cyclone_invoice':
      return facts.rentals > 0
        ? null
        : `${name} has no cargo or equipment rental in the week, so there is no rental and equipment invoice.`;
    case 'contra':
      return facts.deductions > 0 ? null : `${name} has no deductions in the week, so there is nothing to set off.`;
  }
}

/** The money a self-billing invoice prints: the pay as net, VAT on it, and the gross paid. */
export function selfBillingTotals(net: number): { net: number; vat: number; gross: number } {
  const vat = vatOn(net);
  return { net, vat, gross: toEuro(addMoney(toCents(net), toCents(vat))) };
}

/** The money a rental invoice prints: the rentals as gross (what was deducted), the VAT in them and the net. */
export function rentalInvoiceTotals(gross: number): { net: number; vat: number; gross: number } {
  const vat = vatIncluded(gross);
  return { net: toEuro(subtractMoney(toCents(gross), toCents(vat))), vat, gross };
}

/** A sum of euro amounts through the cents helper. */
export const sumEuro = (amounts: readonly number[]): number =>
  toEuro(addMoney(...amounts.map((amount) => toCents(amount) as Cents)));

// --- Schemas of the calls (spec 2 §7 'Pay') ---

/** 'true'/'false' (or 1/0) in a query string; absent is false. */
const flagParam = (name: string) =>
  z
    .preprocess(
      (value) => {
        if (value === 'true' || value === '1') return true;
        if (value === 'false' || value === '0') return false;
        return value;
      },
      z.boolean(`${name} must be true or false.`),
    )
    .optional()
    .default(false);

const payPeriodIdParam = paramId('payPeriodId');
const documentTypeSchema = z.enum(
  DRIVER_DOCUMENT_TYPES,
  `documentType must be one of ${DRIVER_DOCUMENT_TYPES.join(', ')}.`,
);

/** GET /api/pay/period/timesheet. */
export const timesheetQuerySchema = z.strictObject({
  payPeriodId: payPeriodIdParam,
  /** True: task pay and extras in one Pay column. */
  mergeExtras: flagParam('mergeExtras'),
});
export type TimesheetQuery = z.infer<typeof timesheetQuerySchema>;

/** GET /api/pay/period/driver-document. */
export const driverDocumentQuerySchema = z.strictObject({
  payPeriodId: payPeriodIdParam,
  documentType: documentTypeSchema,
  mergeExtras: flagParam('mergeExtras'),
});
export type DriverDocumentQuery = z.infer<typeof driverDocumentQuerySchema>;

/** A PDF answered as base64, like GET /api/invoice/pdf. */
export const payPdfResponseSchema = z.object({
  fileName: z.string(),
  contentType: z.literal('application/pdf'),
  body: z.string(),
});
export type PayPdfResponse = z.infer<typeof payPdfResponseSchema>;

const uniqueIds = (ids: number[]) => new Set(ids).size === ids.length;

/** PUT /api/pay/period/send-driver-document. */
export const sendDriverDocumentBodySchema = z.strictObject({
  payPeriodIds: z
    .array(bodyId('payPeriodIds'), 'payPeriodIds must be a list of pay period ids.')
    .min(1, 'Select at least one pay period.')
    .max(MAX_PAY_PERIODS_PER_REQUEST, `At most ${MAX_PAY_PERIODS_PER_REQUEST} pay periods at once.`)
    .refine(uniqueIds, 'A pay period is listed twice.'),
  documentType: documentTypeSchema,
});
export type SendDriverDocumentBody = z.infer<typeof sendDriverDocumentBodySchema>;

/** A period a send left out, and why. */
export const sendFailureSchema = z.object({
  payPeriodId: z.number().int(),
  driver: z.string(),
  message: z.string(),
});
export type SendFailure = z.infer<typeof sendFailureSchema>;

/** What a send answers: the message to show, the background run, and the periods left out. */
export const sendStartedSchema = z.object({
  message: z.string(),
  runId: z.number().int(),
  count: z.number().int(),
  failures: z.array(sendFailureSchema),
});
export type SendStarted = z.infer<typeof sendStartedSchema>;

const monday = (label: string) =>
  z
    .string(`${label} must be a date (yyyy-MM-dd).`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (yyyy-MM-dd).`)
    .refine(isDateInRange, `${label} must be a date from 1900 to 2999.`)
    .refine((text) => dayPartsOf(text) !== undefined && weekdayOf(text) === 1, `${label} must be a Monday.`);

/** PUT /api/pay/period/send-driver-exports and send-new-drivers-csv: the week, by its Monday. */
export const payWeekBodySchema = z.strictObject({ start: monday('start') });
export type PayWeekBody = z.infer<typeof payWeekBodySchema>;

/** PUT /api/pay/period/generate-driver-pay-report. */
export const driverPayReportBodySchema = z.strictObject({
  weeks: z
    .number(`weeks must be a whole number from 1 to ${MAX_DRIVER_PAY_REPORT_WEEKS}.`)
    .int(`weeks must be a whole number from 1 to ${MAX_DRIVER_PAY_REPORT_WEEKS}.`)
    .min(1, `weeks must be a whole number from 1 to ${MAX_DRIVER_PAY_REPORT_WEEKS}.`)
    .max(MAX_DRIVER_PAY_REPORT_WEEKS, `weeks must be a whole number from 1 to ${MAX_DRIVER_PAY_REPORT_WEEKS}.`)
    .default(DRIVER_PAY_REPORT_WEEKS),
});
export type DriverPayReportBody = z.infer<typeof driverPayReportBodySchema>;

/** What a queued export or report answers. */
export const runStartedSchema = z.object({ message: z.string(), runId: z.number().int() });
export type RunStarted = z.infer<typeof runStartedSchema>;

export const MAX_PUSH_TITLE_LENGTH = 100;
export const MAX_PUSH_MESSAGE_LENGTH = 1000;

/** PUT /api/pay/period/push-message. */
export const pushMessageBodySchema = z.strictObject({
  driverId: bodyId('driverId'),
  title: z
    .string('Please enter a title.')
    .trim()
    .min(1, 'Please enter a title.')
    .max(MAX_PUSH_TITLE_LENGTH, `The title must be at most ${MAX_PUSH_TITLE_LENGTH} characters.`),
  message: z
    .string('Please enter a message.')
    .trim()
    .min(1, 'Please enter a message.')
    .max(MAX_PUSH_MESSAGE_LENGTH, `The message must be at most ${MAX_PUSH_MESSAGE_LENGTH} characters.`),
});
export type PushMessageBody = z.infer<typeof pushMessageBodySchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
