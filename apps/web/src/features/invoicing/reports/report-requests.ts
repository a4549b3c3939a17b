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
