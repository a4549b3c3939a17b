import {
  addDays,
  dayPartsOf,
  dublinToday,
  recentWeeks,
  weekdayOf,
  weekOf,
  type CalendarWeek,
} from '@courier/domain/common/calendar-days';
import { COMPANY_INVOICE_LIST_PAGE_SIZE, INVOICE_LIST_PAGE_SIZE } from '@courier/domain/invoicing/enums';
import type { InvoicePeriodListParams } from '@courier/domain/invoicing/list-schemas';
import {
  booleanParam,
  choiceParam,
  pageParam,
  searchParams,
  textParam,
  type SearchOf,
} from '@/routing/search-params.ts';

/** Spec 1 §9: the 'Closed During' dropdown lists the last six weekly windows (Monday first) and 'Open'. */
export const CLOSED_DURING_WEEKS = 6;

const day = textParam({ test: (text) => dayPartsOf(text) !== undefined });

/**
 * The invoice list's filter in the URL (a bad value is dropped, never an error page). Weekly and
 * Monthly are on unless the URL says false (spec 1 §9: both on by default). `view` picks the list's
 * use (spec 1 §2): absent, the pending-only classic view (choose periods and finalise them); 'date',
 * the non-classic view (Invoice Date and 'Finalise for date range'); 'all', every period of every
 * status by the week it closed in (the 'Closed During' dropdown, shown only there). `closed` is the
 * Monday of the 'Closed During' week (absent: Open); `q` the Find Invoice search; `date` the Invoice Date.
 */
const invoiceListParams = {
  page: pageParam(INVOICE_LIST_PAGE_SIZE),
  weekly: booleanParam,
  monthly: booleanParam,
  view: choiceParam(['date', 'all']),
  closed: day,
  q: textParam({ maxLength: 100 }),
  date: day,
};
export const invoiceListSearchSchema = searchParams(invoiceListParams);

export type InvoiceListSearch = SearchOf<typeof invoiceListParams>;

/** The list's filters without its page: what 'Finalise All' sends with the count it showed. */
export type InvoiceListFilters = Omit<InvoicePeriodListParams, 'size' | 'skip' | 'status'>;

/**
 * The 'Closed During' windows (spec 1 §9: 'the last six weeks plus an Open window'): the six whole
 * weeks, Monday to Sunday, before this one, newest first. This week is the Open window: it has not
 * ended, and it takes the periods still running too.
 */
export function closedDuringWeeks(today: string = dublinToday()): CalendarWeek[] {
  return recentWeeks(today, CLOSED_DURING_WEEKS + 1).slice(1);
}

/** The 'Open' window: periods ending this week or later (every period still running, and those closed since Monday). */
export function openWindowStart(today: string = dublinToday()): string {
  return weekOf(today).start;
}

/** The Invoice Date the non-classic view starts on: the last Sunday before today (when weekly periods end). */
export function defaultInvoiceDate(today: string = dublinToday()): string {
  return addDays(today, -(weekdayOf(today) || 7));
}

/** Find Invoice searches from 3 characters (spec 1 §9 minimum search length). */
export const FIND_INVOICE_MIN_LENGTH = 3;

/**
 * The filters of the list the URL shows: pending-only in the classic view; pending and due by the
 * Invoice Date (periods ending on or before it, what 'Finalise for date range' takes) in the
 * non-classic view; every status, ending in the 'Closed During' window, in the all-periods view.
 */
export function invoiceListFiltersOf(search: InvoiceListSearch, today: string = dublinToday()): InvoiceListFilters {
  const q = search.q?.trim();
  const common = {
    weekly: search.weekly ?? true,
    monthly: search.monthly ?? true,
    ...(q && q.length >= FIND_INVOICE_MIN_LENGTH ? { search: q } : {}),
  };
  if (search.view === 'all') {
    const week = search.closed ? weekOf(search.closed) : undefined;
    return { ...common, ...(week ? { endFrom: week.start, endTo: week.end } : { endFrom: openWindowStart(today) }) };
  }
  if (search.view === 'date') return { ...common, pending: true, end: search.date ?? defaultInvoiceDate(today) };
  return { ...common, pending: true };
}

/** The GET /invoice/periods query of the page the URL shows: the loader and the screen ask for the same one. */
export function invoiceListParamsOf(search: InvoiceListSearch, today: string = dublinToday()): InvoicePeriodListParams {
  const page = search.page ?? 0;
  return { ...invoiceListFiltersOf(search, today), size: INVOICE_LIST_PAGE_SIZE, skip: page * INVOICE_LIST_PAGE_SIZE };
}

/** A company's Invoices tab: every period of that company, 100 a page (spec 1 §9). */
export function companyInvoiceListParamsOf(companyId: number, page: number): InvoicePeriodListParams {
  return { size: COMPANY_INVOICE_LIST_PAGE_SIZE, skip: page * COMPANY_INVOICE_LIST_PAGE_SIZE, companyId };
}
