import { TYPED_DATE_HINT } from '@courier/domain/common/calendar-days';
import type { InvoiceReportKind, InvoiceReportParams } from '@courier/domain/invoicing/reports';

/** The screen's inputs (spec 1 §2 'Invoice reports screen'): From and To are shared by every report. */
export interface ReportInputs {
  from: string | undefined;
  to: string | undefined;
  minimumCharge: number | string;
  summaryMonth: string | undefined;
  asAt: string | undefined;
  customsMonth: string | undefined;
  exceptionsOnly: boolean;
}
export type ReportField = keyof ReportInputs;

interface ReportRequest {
  /** The body sent for the report (spec 1 §7 'Report requests'). */
  params: (inputs: ReportInputs) => InvoiceReportParams;
  /** Which input each body field comes from, so a refused field marks the input a person typed in. */
  fields: Partial<Record<keyof InvoiceReportParams, ReportField>>;
}

const range: ReportRequest = {
  params: ({ from, to }) => ({ start: from, end: to }),
  fields: { start: 'from', end: 'to' },
};

export const REPORT_REQUESTS: Record<InvoiceReportKind, ReportRequest> = {
  company_profiles: {
    params: ({ exceptionsOnly }) => ({ exceptionsOnly }),
    fields: { exceptionsOnly: 'exceptionsOnly' },
  },
  blocked: { params: () => ({}), fields: {} },
  invoice_turnover: { params: () => ({}), fields: {} },
  sales_rep: range,
  atoz_approval: range,
  // The Minimum Charge report covers the month of To, up to To (its body has no start).
  minimum_charge: {
    params: ({ minimumCharge, to }) => ({
      minimumCharge: minimumCharge === '' ? undefined : Number(minimumCharge),
      end: to,
    }),
    fields: { minimumCharge: 'minimumCharge', end: 'to' },
  },
  invoice_summary: { params: ({ summaryMonth }) => ({ endDate: summaryMonth }), fields: { endDate: 'summaryMonth' } },
  inactive_companies: { params: ({ asAt }) => ({ end: asAt }), fields: { end: 'asAt' } },
  invoice_customs: { params: ({ customsMonth }) => ({ end: customsMonth }), fields: { end: 'customsMonth' } },
};

/** The input a body field ('end', or 'body.end' as the server names it) of this report comes from. */
export function inputOfField(kind: InvoiceReportKind, field: string): ReportField | undefined {
  const key = field.replace(/^body\./, '') as keyof InvoiceReportParams;
  return REPORT_REQUESTS[kind].fields[key];
}

/** The screen's date inputs: typed as dd/MM/yy, sent as yyyy-MM-dd. */
const DAY_FIELDS: ReadonlySet<ReportField> = new Set(['from', 'to', 'summaryMonth', 'asAt', 'customsMonth']);

/**
 * The message each input of a report shows for the issues its body was refused with. An empty date
 * says so in the field's own format, not the body's yyyy-MM-dd; and while one of the report's dates
 * is empty its other dates are not judged against it (no 'To must be on or after From' beside an
 * empty From).
 */
export function inputMessages({
  kind,
  inputs,
  issues,
}: {
  kind: InvoiceReportKind;
  inputs: ReportInputs;
  issues: readonly { field: string; message: string }[];
}): Partial<Record<ReportField, string>> {
  const emptyDays = Object.values(REPORT_REQUESTS[kind].fields).filter(
    (input) => DAY_FIELDS.has(input) && inputs[input] === undefined,
  );
  const marked: Partial<Record<ReportField, string>> = {};
  for (const input of emptyDays) marked[input] = TYPED_DATE_HINT;
  for (const issue of issues) {
    const input = inputOfField(kind, issue.field);
    if (!input || marked[input] || (emptyDays.length > 0 && DAY_FIELDS.has(input))) continue;
    marked[input] = issue.message;
  }
  return marked;
}
