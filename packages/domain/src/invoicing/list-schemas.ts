// The invoice list (spec 1 §2 'Invoice list', §7 'Invoices': GET invoice periods with size, skip,
// companyId, end, pending, weekly, monthly -> count, invoicePeriods; §9 page sizes).
import { z } from 'zod';
import { INVOICE_INTERVALS } from '../companies/billing.ts';
import { pageQueryShape, paramId } from '../common/input.ts';
import { dateRangeMessage, isDateInRange, isIsoDay } from '../common/input-checks.ts';
import {
  INVOICE_LIST_MAX_SIZE,
  INVOICE_LIST_PAGE_SIZE,
  INVOICE_PERIOD_STATUSES,
  type InvoicePeriodStatus,
} from './enums.ts';
import { issuedInvoiceSchema } from './finalise-schemas.ts';
import { invoicePeriodSchema } from './schemas.ts';

/**
 * The periods the pending-only list shows (spec 1 §2, §4): closed periods whose invoices have not
 * gone out yet. IN_REVIEW (Ready to send) waits for accounts to finalise it; FINALISED has its
 * invoice numbers but is not yet INVOICED (sent), so it is still pending and is listed too, though
 * only IN_REVIEW rows can be selected. ACTIVE periods are still running; INVOICED ones are done.
 */
export const PENDING_INVOICE_PERIOD_STATUSES = [
  'IN_REVIEW',
  'FINALISED',
] as const satisfies readonly InvoicePeriodStatus[];

/** 'true'/'false' (or 1/0) in a query string; absent takes the default. */
function flagParam(name: string, fallback: boolean) {
  return z
    .preprocess(
      (value) => {
        if (value === 'true' || value === '1') return true;
        if (value === 'false' || value === '0') return false;
        return value;
      },
      z.boolean(`${name} must be true or false.`),
    )
    .optional()
    .default(fallback);
}

const dayParam = (name: string) =>
  z
    .string(`${name} must be a date (yyyy-MM-dd).`)
    .trim()
    .refine(isIsoDay, `${name} must be a date (yyyy-MM-dd).`)
    .refine((text) => !isIsoDay(text) || isDateInRange(text), dateRangeMessage(name))
    .optional();

/**
 * The invoice list's filters. `pending` keeps the periods awaiting invoicing; `weekly` and `monthly`
 * keep the periods of companies invoiced per week or per month (both on by default, both off keeps
 * none); `end` keeps the periods ending on or before that day (the Invoice Date of the list's
 * non-classic view: the periods 'Finalise for date range' takes); `companyId` one company's.
 */
const invoicePeriodFilterShape = {
  companyId: paramId('companyId', {
    type: 'companyId must be a whole number.',
    int: 'companyId must be a whole number.',
    min: 'companyId must be at least 1.',
    max: 'companyId is too large.',
  }).optional(),
  end: z
    .string('end must be a date (yyyy-MM-dd).')
    .trim()
    .refine(isIsoDay, 'end must be a date (yyyy-MM-dd).')
    .refine((text) => !isIsoDay(text) || isDateInRange(text), dateRangeMessage('end'))
    .optional(),
  /** First and last day of a window the periods' end falls in (the 'Closed During' dropdown), both included. */
  endFrom: dayParam('endFrom'),
  endTo: dayParam('endTo'),
  /** One status only (e.g. IN_REVIEW: the periods Finalise All takes). */
  status: z.enum(INVOICE_PERIOD_STATUSES, `status must be one of ${INVOICE_PERIOD_STATUSES.join(', ')}.`).optional(),
  /** Find Invoice: part of the identifier, the company's name or account code, or an invoice number. */
  search: z
    .string('search must be text.')
    .trim()
    .max(100, 'search must be at most 100 characters.')
    .optional()
    .transform((text) => (text ? text : undefined)),
  pending: flagParam('pending', false),
  weekly: flagParam('weekly', true),
  monthly: flagParam('monthly', true),
};

/** GET /api/invoice/periods: the filters above and a page (size, skip). */
export const invoicePeriodListQuerySchema = z.strictObject({
  ...pageQueryShape({ defaultSize: INVOICE_LIST_PAGE_SIZE, maxSize: INVOICE_LIST_MAX_SIZE }),
  ...invoicePeriodFilterShape,
});
export type InvoicePeriodListQuery = z.infer<typeof invoicePeriodListQuerySchema>;
/** The query as a client sends it: every parameter may be left out (the server applies the defaults). */
export type InvoicePeriodListParams = Partial<InvoicePeriodListQuery>;
/** The list's filters without its page. */
export type InvoicePeriodFilters = Omit<InvoicePeriodListQuery, 'size' | 'skip'>;

/**
 * POST /api/invoice/finalise-all: 'Finalise All N Invoices' (spec 1 §2). The list's filters (its
 * status is always IN_REVIEW: only periods in review are finalised) and `count`, the N the screen
 * showed: the server finalises every period the filters match, however many, and only when they
 * are still exactly that many.
 */
export const finaliseAllBodySchema = z.strictObject({
  ...invoicePeriodFilterShape,
  status: z.literal('IN_REVIEW', 'Only invoice periods in review (Ready to send) can be finalised.').optional(),
  count: z
    .number('count must be the number of invoice periods the list showed.')
    .int('count must be a whole number.')
    .min(1, 'There are no invoice periods to finalise.')
    .max(100_000_000, 'count is too large.'),
});
export type FinaliseAllBody = z.infer<typeof finaliseAllBodySchema>;
/** The body as a client sends it: the flags may be left out (the server applies the defaults). */
export type FinaliseAllRequest = z.input<typeof finaliseAllBodySchema>;

/**
 * One row of the invoice list: the period, its company and invoice settings (spec 1 §3
 * companyExtSettings), its invoice numbers, and its money. Jobs is the sum of its jobs'
 * customerCharge, Additionals the sum of the price adjustments charged in it, Total both (§2).
 */
export const invoicePeriodListItemSchema = invoicePeriodSchema.extend({
  company: z.object({ id: z.number().int(), accountCode: z.string().nullable(), name: z.string() }),
  companyExtSettings: z.object({ invoiceInterval: z.enum(INVOICE_INTERVALS), singleInvoice: z.boolean() }),
  invoiceNumbers: z.array(z.string()),
  /** The issued invoices, each opened by its url (spec 1 §2 Downloads); none before finalising. */
  invoices: z.array(issuedInvoiceSchema),
  jobCount: z.number().int(),
  jobsTotal: z.number(),
  adjustmentCount: z.number().int(),
  adjustmentsTotal: z.number(),
  total: z.number(),
});
export type InvoicePeriodListItem = z.infer<typeof invoicePeriodListItemSchema>;

export const invoicePeriodListResponseSchema = z.object({
  count: z.number().int(),
  invoicePeriods: z.array(invoicePeriodListItemSchema),
});
export type InvoicePeriodListResponse = z.infer<typeof invoicePeriodListResponseSchema>;
