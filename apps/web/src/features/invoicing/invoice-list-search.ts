import { z } from 'zod';
import {
  COMPANY_INVOICE_LIST_PAGE_SIZE,
  INVOICE_LIST_PAGE_SIZE,
  type InvoicePeriodListParams,
} from '@courier/domain/invoicing/list-schemas';

/**
 * The pending invoice list's filter in the URL (a bad value is dropped, never an error page).
 * Weekly and Monthly are on unless the URL says false (spec 1 §9: both on by default).
 */
export const invoiceListSearchSchema = z.object({
  page: z.number().int().min(0).optional().catch(undefined),
  weekly: z.boolean().optional().catch(undefined),
  monthly: z.boolean().optional().catch(undefined),
});

export type InvoiceListSearch = z.infer<typeof invoiceListSearchSchema>;

/** The GET /invoice/periods query of the pending list the URL shows: the loader and the screen ask for the same one. */
export function pendingInvoiceListParamsOf(search: InvoiceListSearch): InvoicePeriodListParams {
  return {
    size: INVOICE_LIST_PAGE_SIZE,
    skip: (search.page ?? 0) * INVOICE_LIST_PAGE_SIZE,
    pending: true,
    weekly: search.weekly ?? true,
    monthly: search.monthly ?? true,
  };
}

/** A company's Invoices tab: every period of that company, 100 a page (spec 1 §9). */
export function companyInvoiceListParamsOf(companyId: number, page: number): InvoicePeriodListParams {
  return { size: COMPANY_INVOICE_LIST_PAGE_SIZE, skip: page * COMPANY_INVOICE_LIST_PAGE_SIZE, companyId };
}
