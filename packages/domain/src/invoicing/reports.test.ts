import { describe, expect, it } from 'vitest';
import {
  describeInvoiceReportParams,
  INVOICE_REPORT_KINDS,
  INVOICE_REPORTS,
  invoiceReportConfirmText,
  invoiceReportInputSchemas,
  invoiceReportRequestedText,
} from './reports.ts';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('invoice report titles and texts (spec 1 §8)', () => {
  it('titles every dialog as the spec does', () => {
    expect(INVOICE_REPORT_KINDS.map((kind) => INVOICE_REPORTS[kind].title)).toEqual([
      'Company Settings Report',
      'Companies Blocked Report',
      'Invoice Turnover Report',
      'Sales Rep Report',
      'A to Z Approval Report',
      'Minimum Charge Report',
      'Invoice Summary Report',
      'Inactive Companies Report',
      'Invoiced Customs Report',
    ]);
  });

  it('asks to confirm with the report name and answers with it', () => {
    expect(invoiceReportConfirmText('sales_rep')).toBe('Are you sure you want to request the Sales Rep report?');
    expect(invoiceReportConfirmText('atoz_approval')).toBe(
      'Are you sure you want to request the A to Z Approval report?',
    );
    expect(invoiceReportRequestedText('sales_rep')).toBe(
      'The Sales Rep report has been requested. It will be e-mailed to you when it is ready.',
    );
  });

  it('keeps the failure texts the spec quotes', () => {
    expect(INVOICE_REPORTS.inactive_companies.failureText).toBe('Inactive Companies Report Failed');
    expect(INVOICE_REPORTS.minimum_charge.failureText).toBe('Minimum Charge Report Failed');
    expect(INVOICE_REPORTS.company_profiles.failureText).toBe('Company Settings Report Failed');
    expect(INVOICE_REPORTS.blocked.failureText).toBe('Companies blocked report failed');
    expect(INVOICE_REPORTS.sales_rep.failureText).toBe('Sales Rep report failed');
  });

  it('gives every report its own path', () => {
    const slugs = INVOICE_REPORT_KINDS.map((kind) => INVOICE_REPORTS[kind].slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(INVOICE_REPORTS.invoice_summary.slug).toBe('invoice-period-summary');
  });
});

describe('invoice report inputs (spec 1 §7, §9)', () => {
  it('takes a date range and refuses a To before From, naming To', () => {
    expect(invoiceReportInputSchemas.sales_rep.parse({ start: '2026-11-01', end: '2026-11-30' })).toEqual({
      start: '2026-11-01',
      end: '2026-11-30',
    });
    expect(invoiceReportInputSchemas.sales_rep.safeParse({ start: '2026-11-01', end: '2026-11-01' }).success).toBe(
      true,
    );
    expect(
      issuesOf(invoiceReportInputSchemas.atoz_approval.safeParse({ start: '2026-11-02', end: '2026-11-01' })),
    ).toEqual([{ path: 'end', message: 'To must be on or after From.' }]);
  });

  it('refuses dates that are not real yyyy-MM-dd days', () => {
    for (const end of ['2026-02-30', '2026-13-01', '2026-00-10', '30/11/2026', '2026-11-1', '', 'tomorrow']) {
      const issues = issuesOf(invoiceReportInputSchemas.inactive_companies.safeParse({ end }));
      expect(issues, end).toEqual([
        { path: 'end', message: 'As At Date must be a date (yyyy-MM-dd), e.g. 2026-11-30.' },
      ]);
    }
    expect(issuesOf(invoiceReportInputSchemas.invoice_customs.safeParse({ end: '0999-01-01' }))).toEqual([
      { path: 'end', message: 'For Month must be a date from 1900 to 2999.' },
    ]);
    expect(issuesOf(invoiceReportInputSchemas.invoice_summary.safeParse({}))[0]?.path).toBe('endDate');
  });

  it('takes a minimum charge from 0 to 10 euro in cent', () => {
    const parse = (minimumCharge: unknown) =>
      invoiceReportInputSchemas.minimum_charge.safeParse({ minimumCharge, end: '2026-11-30' });
    expect(parse(0).success).toBe(true);
    expect(parse(10).success).toBe(true);
    expect(parse(7.5).success).toBe(true);
    expect(parse(0.29).success).toBe(true);
    expect(issuesOf(parse(-0.01))).toEqual([
      { path: 'minimumCharge', message: 'Minimum Charge must be from €0.00 to €10.00.' },
    ]);
    expect(issuesOf(parse(10.01))).toEqual([
      { path: 'minimumCharge', message: 'Minimum Charge must be from €0.00 to €10.00.' },
    ]);
    expect(issuesOf(parse('7'))).toEqual([
      { path: 'minimumCharge', message: 'Minimum Charge must be a number of euro, e.g. 7.50.' },
    ]);
    expect(issuesOf(parse('abc'))[0]?.path).toBe('minimumCharge');
    expect(issuesOf(parse(7.555))).toEqual([
      { path: 'minimumCharge', message: 'Minimum Charge must be in euro and cent (at most 2 decimals).' },
    ]);
  });

  it('defaults Just exceptions? to on and takes no input where a report has none', () => {
    expect(invoiceReportInputSchemas.company_profiles.parse({})).toEqual({ exceptionsOnly: true });
    expect(invoiceReportInputSchemas.company_profiles.safeParse(null).success).toBe(true);
    expect(invoiceReportInputSchemas.company_profiles.safeParse({ exceptionsOnly: 'yes' }).success).toBe(false);
    expect(invoiceReportInputSchemas.company_profiles.parse({ exceptionsOnly: false })).toEqual({
      exceptionsOnly: false,
    });
    expect(invoiceReportInputSchemas.blocked.safeParse(null).success).toBe(true);
    expect(invoiceReportInputSchemas.invoice_turnover.safeParse({ months: 3 }).success).toBe(false);
  });

  it('describes the inputs in words for the history', () => {
    expect(describeInvoiceReportParams('sales_rep', { start: '2026-11-01', end: '2026-11-30' })).toBe(
      '01/11/26 to 30/11/26',
    );
    expect(describeInvoiceReportParams('minimum_charge', { end: '2026-11-30', minimumCharge: 7.5 })).toBe(
      'Month to 30/11/26, below €7.50',
    );
    expect(describeInvoiceReportParams('company_profiles', { exceptionsOnly: false })).toBe('All settings');
    expect(describeInvoiceReportParams('inactive_companies', { end: '2026-11-30' })).toBe('As at 30/11/26');
  });

  // A report may be dated from 1900 to 2999: '01/01/99' is read as 2099 in the date fields, so a day of
  // another century is written with its whole year.
  it.each([
    ['inactive_companies', { end: '2999-01-01' }, 'As at 01/01/2999'],
    ['invoice_summary', { endDate: '1950-06-30' }, 'For month of 30/06/1950'],
    ['sales_rep', { start: '1999-12-31', end: '2099-01-01' }, '31/12/1999 to 01/01/99'],
  ] as const)('names the %s dates of another century with their whole year: %j', (kind, params, words) => {
    expect(describeInvoiceReportParams(kind, params)).toBe(words);
  });
});
