// Invoice period statuses of spec 1 §4 and spec 2 §4, and the invoice list's page sizes (spec 1 §9).

/**
 * ACTIVE collects the jobs of the running period; IN_REVIEW (shown as Ready to send) is a closed
 * period waiting for accounts to finalise it; FINALISED and INVOICED lock customer charges (spec 2 §4).
 */
export const INVOICE_PERIOD_STATUSES = ['ACTIVE', 'IN_REVIEW', 'FINALISED', 'INVOICED'] as const;
export type InvoicePeriodStatus = (typeof INVOICE_PERIOD_STATUSES)[number];

export const INVOICE_PERIOD_STATUS_LABELS: Record<InvoicePeriodStatus, string> = {
  ACTIVE: 'Active',
  IN_REVIEW: 'Ready to send',
  FINALISED: 'Finalised',
  INVOICED: 'Invoiced',
};

/** The label of a status; a value this app does not know is shown as it is. */
export function invoicePeriodStatusLabel(status: string): string {
  return Object.hasOwn(INVOICE_PERIOD_STATUS_LABELS, status)
    ? INVOICE_PERIOD_STATUS_LABELS[status as InvoicePeriodStatus]
    : status;
}

/** Spec 1 §9: the invoice list pages by 10, by 100 on a company's Invoices tab; 5000 at most. */
export const INVOICE_LIST_PAGE_SIZE = 10;
export const COMPANY_INVOICE_LIST_PAGE_SIZE = 100;
export const INVOICE_LIST_MAX_SIZE = 5000;
