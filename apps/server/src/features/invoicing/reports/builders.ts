import { toIsoDay } from '@courier/domain/common/dates';
import {
  INVOICE_REPORTS,
  invoiceReportInputSchemas,
  type InvoiceReportInput,
  type InvoiceReportKind,
  type InvoiceReportParams,
} from '@courier/domain/invoicing/reports';
import type { DbOrTx } from '../../../db/client.ts';
import { csvLine } from '../../../platform/csv.ts';
import { companiesBlockedReport, companySettingsReport, inactiveCompaniesReport } from './company-reports.ts';
import { invoicedCustomsReport, invoiceSummaryReport, invoiceTurnoverReport } from './invoice-reports.ts';
import { aToZApprovalReport, minimumChargeReport, salesRepReport } from './job-reports.ts';
import type { ReportTable } from './report-sql.ts';

export interface BuiltReport {
  fileName: string;
  csv: string;
  /** Records in the file: header and total rows not counted. */
  rowCount: number;
}

/** The table of one report and the days its file is named by. */
async function tableOf(
  tx: DbOrTx,
  kind: InvoiceReportKind,
  params: InvoiceReportParams,
  asAt: string,
): Promise<{ table: ReportTable; nameParts: string[] }> {
  // The schemas' outputs are a union TypeScript cannot narrow by key; each schema gives its own type.
  const parse = <K extends InvoiceReportKind>(k: K) =>
    invoiceReportInputSchemas[k].parse(params) as InvoiceReportInput<K>;
  switch (kind) {
    case 'inactive_companies': {
      const input = parse(kind);
      return { table: await inactiveCompaniesReport(tx, input), nameParts: [input.end] };
    }
    case 'invoice_summary': {
      const input = parse(kind);
      return { table: await invoiceSummaryReport(tx, input), nameParts: [input.endDate.slice(0, 7)] };
    }
    case 'invoice_turnover':
      return { table: await invoiceTurnoverReport(tx, { asAt }), nameParts: [asAt] };
    case 'minimum_charge': {
      const input = parse(kind);
      return { table: await minimumChargeReport(tx, input), nameParts: [input.end] };
    }
    case 'company_profiles': {
      // An absent body stands for the default, just the exceptions.
      const exceptionsOnly = parse(kind)?.exceptionsOnly ?? true;
      return {
        table: await companySettingsReport(tx, { exceptionsOnly }),
        nameParts: [exceptionsOnly ? 'exceptions' : 'all', asAt],
      };
    }
    case 'blocked':
      return { table: await companiesBlockedReport(tx), nameParts: [asAt] };
    case 'sales_rep': {
      const input = parse(kind);
      return { table: await salesRepReport(tx, input), nameParts: [input.start, input.end] };
    }
    case 'atoz_approval': {
      const input = parse(kind);
      return { table: await aToZApprovalReport(tx, input), nameParts: [input.start, input.end] };
    }
    case 'invoice_customs': {
      const input = parse(kind);
      return { table: await invoicedCustomsReport(tx, input), nameParts: [input.end.slice(0, 7)] };
    }
  }
}

/**
 * Builds a requested report from the database as CSV (every cell through the formula-injection guard
 * of platform/csv.ts). `requestedAt` fixes 'today' for the reports that have no date input, so a
 * report built after midnight still covers the day it was asked for.
 */
export async function buildInvoiceReport(
  tx: DbOrTx,
  request: { kind: InvoiceReportKind; params: InvoiceReportParams; requestedAt: Date },
): Promise<BuiltReport> {
  const asAt = toIsoDay(request.requestedAt);
  const { table, nameParts } = await tableOf(tx, request.kind, request.params, asAt);
  const csv = [table.header, ...table.lines].map((cells) => csvLine(cells)).join('');
  return {
    fileName: `${[INVOICE_REPORTS[request.kind].slug, ...nameParts].join('-')}.csv`,
    csv,
    rowCount: table.rowCount,
  };
}
