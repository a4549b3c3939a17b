import { describe, expect, it } from 'vitest';
import { TYPED_DATE_HINT } from '@courier/domain/common/calendar-days';
import { invoiceReportInputSchemas, type InvoiceReportKind } from '@courier/domain/invoicing/reports';
import { inputMessages, REPORT_REQUESTS, type ReportInputs } from './report-requests.ts';

const inputsWith = (change: Partial<ReportInputs>): ReportInputs => ({
  from: '2026-11-02',
  to: '2026-11-30',
  minimumCharge: '',
  summaryMonth: '2026-11-30',
  asAt: '2026-11-30',
  customsMonth: '2026-11-30',
  exceptionsOnly: true,
  ...change,
});

/** The messages the screen shows when `kind` is asked for with `inputs`, checked as the screen checks them. */
function messagesOf(kind: InvoiceReportKind, inputs: ReportInputs) {
  const checked = invoiceReportInputSchemas[kind].safeParse(REPORT_REQUESTS[kind].params(inputs));
  const issues = (checked.error?.issues ?? []).map((issue) => ({
    field: String(issue.path[0] ?? ''),
    message: issue.message,
  }));
  return inputMessages({ kind, inputs, issues });
}

describe('report input messages', () => {
  it('asks for an empty From in the field’s own format, and does not judge To against it', () => {
    expect(messagesOf('sales_rep', inputsWith({ from: undefined }))).toEqual({ from: TYPED_DATE_HINT });
  });

  it('asks for both dates when both are empty', () => {
    expect(messagesOf('atoz_approval', inputsWith({ from: undefined, to: undefined }))).toEqual({
      from: TYPED_DATE_HINT,
      to: TYPED_DATE_HINT,
    });
  });

  it('says To must be on or after From when both are given the wrong way round, and nothing when equal', () => {
    expect(messagesOf('sales_rep', inputsWith({ from: '2026-12-01' }))).toEqual({ to: 'To must be on or after From.' });
    expect(messagesOf('sales_rep', inputsWith({ from: '2026-11-30' }))).toEqual({});
  });

  it('asks for an empty As At Date', () => {
    expect(messagesOf('inactive_companies', inputsWith({ asAt: undefined }))).toEqual({ asAt: TYPED_DATE_HINT });
  });
});
