import { z } from 'zod';
import {
  addDays,
  dayPartsOf,
  dublinToday,
  recentWeeks,
  weekdayOf,
  type CalendarWeek,
} from '@courier/domain/common/calendar-days';
import {
  COMPANY_INVOICE_LIST_PAGE_SIZE,
  INVOICE_LIST_PAGE_SIZE,
  type InvoicePeriodListParams,
} from '@courier/domain/invoicing/list-schemas';

/** Spec 1 §9: the 'Closed During' dropdown lists the last six weekly windows (Monday first) and 'Open'. */
export const CLOSED_DURING_WEEKS = 6;

const day = z
  .string()
  .refine((text) => dayPartsOf(text) !== undefined)
  .optional()
  .catch(undefined);

/**
 * The pending invoice list's filter in the URL (a bad value is dropped, never an error page).
 * Weekly and Monthly are on unless the URL says false (spec 1 §9: both on by default). `view` 'date'
 * is the non-classic view (Invoice Date and 'Finalise for date range'); `closed` the Monday of the
 * 'Closed During' week (absent: Open); `q` the Find Invoice search; `date` the Invoice Date.
 */
export const invoiceListSearchSchema = z.object({
  page: z.number().int().min(0).optional().catch(undefined),
  weekly: z.boolean().optional().catch(undefined),
  monthly: z.boolean().optional().catch(undefined),
  view: z.enum(['date']).optional().catch(undefined),
  closed: day,
  q: z.string().max(100).optional().catch(undefined),
  date: day,
});

export type InvoiceListSearch = z.infer<typeof invoiceListSearchSchema>;

/** The 'Closed During' windows: this week and the five before it, newest first. */
export function closedDuringWeeks(today: string = dublinToday()): CalendarWeek[] {
  return recentWeeks(today, CLOSED_DURING_WEEKS);
}

/** The Invoice Date the non-classic view starts on: the last Sunday before today (when weekly periods end). */
export function defaultInvoiceDate(today: string = dublinToday()): string {
  return addDays(today, -(weekdayOf(today) || 7));
}

/** Find Invoice searches from 3 characters (spec 1 §9 minimum search length). */
export const FIND_INVOICE_MIN_LENGTH = 3;

/** The GET /invoice/periods query of the pending list the URL shows: the loader and the screen ask for the same one. */
export function pendingInvoiceListParamsOf(search: InvoiceListSearch): InvoicePeriodListParams {
  const q = search.q?.trim();
  return {
    size: INVOICE_LIST_PAGE_SIZE,
    skip: (search.page ?? 0) * INVOICE_LIST_PAGE_SIZE,
    pending: true,
    weekly: search.weekly ?? true,
    monthly: search.monthly ?? true,
    ...(search.closed ? { endFrom: search.closed, endTo: addDays(search.closed, 6) } : {}),
    ...(q && q.length >= FIND_INVOICE_MIN_LENGTH ? { search: q } : {}),
  };
}

/** A company's Invoices tab: every period of that company, 100 a page (spec 1 §9). */
export function companyInvoiceListParamsOf(companyId: number, page: number): InvoicePeriodListParams {
  return { size: COMPANY_INVOICE_LIST_PAGE_SIZE, skip: page * COMPANY_INVOICE_LIST_PAGE_SIZE, companyId };
}
