// Invoice reports (spec 1 §2 'Invoice reports screen', §3 'Report types', §4 'Reports', §5, §7
// 'Report requests', §8 report texts, §9 'Minimum Charge report input 0 to 10').
import { z } from 'zod';
import { formatFieldDay } from '../common/calendar-days.ts';
import { pageQueryShape } from '../common/input.ts';
import { dateRangeMessage, isDateInRange, isIsoDay } from '../common/input-checks.ts';
import { isoDateTime } from '../common/api.ts';
import { formatEuro } from '../common/money.ts';

/** The report types of spec 1 §3, as stored and listed. */
export const INVOICE_REPORT_KINDS = [
  'company_profiles',
  'blocked',
  'invoice_turnover',
  'sales_rep',
  'atoz_approval',
  'minimum_charge',
  'invoice_summary',
  'inactive_companies',
  'invoice_customs',
] as const;
export type InvoiceReportKind = (typeof INVOICE_REPORT_KINDS)[number];

export interface InvoiceReportInfo {
  /** The path segment: POST /api/invoice/reports/{slug}. */
  slug: string;
  /** The confirm dialog's title (spec 1 §8) and the history's name of the report. */
  title: string;
  /** The request button's label (spec 1 §2). */
  buttonLabel: string;
  /** The toast text when the request fails (spec 1 §8 'Report failure'). */
  failureText: string;
}

/**
 * Spec 1 §8 gives the failure texts of three reports and says the others are 'also' like them; each
 * report here names itself in the same words, so a failure never names another report.
 */
export const INVOICE_REPORTS: Record<InvoiceReportKind, InvoiceReportInfo> = {
  company_profiles: {
    slug: 'company-invoice-settings',
    title: 'Company Settings Report',
    buttonLabel: 'Company Settings Report',
    failureText: 'Company Settings Report Failed',
  },
  blocked: {
    slug: 'companies-blocked',
    title: 'Companies Blocked Report',
    buttonLabel: 'Companies Blocked Report',
    failureText: 'Companies blocked report failed',
  },
  invoice_turnover: {
    slug: 'invoice-turnover',
    title: 'Invoice Turnover Report',
    buttonLabel: 'Invoice Turnover Trends Report',
    failureText: 'Invoice Turnover Report Failed',
  },
  sales_rep: {
    slug: 'sales-rep',
    title: 'Sales Rep Report',
    buttonLabel: 'Sales Rep Report',
    failureText: 'Sales Rep report failed',
  },
  atoz_approval: {
    slug: 'a-to-z-approval',
    title: 'A to Z Approval Report',
    buttonLabel: 'A to Z Invoice Pricing Report',
    failureText: 'A to Z Approval report failed',
  },
  minimum_charge: {
    slug: 'minimum-charge',
    title: 'Minimum Charge Report',
    buttonLabel: 'Minimum Charge Report',
    failureText: 'Minimum Charge Report Failed',
  },
  invoice_summary: {
    slug: 'invoice-period-summary',
    title: 'Invoice Summary Report',
    buttonLabel: 'Invoice Summary Report',
    failureText: 'Invoice Summary Report Failed',
  },
  inactive_companies: {
    slug: 'inactive-companies',
    title: 'Inactive Companies Report',
    buttonLabel: 'Inactive Companies Report',
    failureText: 'Inactive Companies Report Failed',
  },
  invoice_customs: {
    slug: 'invoiced-customs',
    title: 'Invoiced Customs Report',
    buttonLabel: 'Invoiced Customs Report',
    failureText: 'Invoiced Customs report failed',
  },
};

/** The report's name as sentences use it: 'Sales Rep' for the Sales Rep Report. */
export function invoiceReportName(kind: InvoiceReportKind): string {
  return INVOICE_REPORTS[kind].title.replace(/ Report$/, '');
}

/** Spec 1 §8 'Report confirm'. */
export function invoiceReportConfirmText(kind: InvoiceReportKind): string {
  return `Are you sure you want to request the ${invoiceReportName(kind)} report?`;
}

/** The 200 text of a request (spec 1 §7: 'Success is 200 with a text message'). */
export function invoiceReportRequestedText(kind: InvoiceReportKind): string {
  return `The ${invoiceReportName(kind)} report has been requested. It will be e-mailed to you when it is ready.`;
}

/** Spec 1 §9: the Minimum Charge input runs from 0 to 10 euro. */
export const MINIMUM_CHARGE_MIN = 0;
export const MINIMUM_CHARGE_MAX = 10;
/** The input's range in euro to the cent, as its message and the screen's hint say it: '€0.00 to €10.00'. */
export const MINIMUM_CHARGE_RANGE = `${formatEuro(MINIMUM_CHARGE_MIN)} to ${formatEuro(MINIMUM_CHARGE_MAX)}`;
const MINIMUM_CHARGE_MESSAGE = `Minimum Charge must be from ${MINIMUM_CHARGE_RANGE}.`;

/** How far back the Inactive Companies report looks for a booking before the As At date. */
export const INACTIVE_COMPANY_DAYS = 90;

/** A yyyy-MM-dd day (spec 1 §7: 'Dates sent as yyyy-MM-dd'), named in its messages by `label`. */
function day(label: string) {
  const message = `${label} must be a date (yyyy-MM-dd), e.g. 2026-11-30.`;
  return z
    .string(message)
    .trim()
    .refine(isIsoDay, message)
    .refine((text) => !isIsoDay(text) || isDateInRange(text), dateRangeMessage(label));
}

const dateRange = z
  .strictObject({ start: day('From'), end: day('To') })
  .refine(({ start, end }) => end >= start, { message: 'To must be on or after From.', path: ['end'] });

/**
 * The reports without input take no body: Fastify hands an absent body to the schema as null, so
 * null and undefined are accepted and stand for {} (for Company Settings: exceptionsOnly true).
 */
const noInput = z.strictObject({}).nullish();

/** The body each report takes (spec 1 §7 'Report requests'). */
export const invoiceReportInputSchemas = {
  company_profiles: z
    .strictObject({
      exceptionsOnly: z.boolean('Just exceptions? must be true or false.').optional().default(true),
    })
    .nullish(),
  blocked: noInput,
  invoice_turnover: noInput,
  sales_rep: dateRange,
  atoz_approval: dateRange,
  minimum_charge: z.strictObject({
    minimumCharge: z
      .number('Minimum Charge must be a number of euro, e.g. 7.50.')
      .min(MINIMUM_CHARGE_MIN, MINIMUM_CHARGE_MESSAGE)
      .max(MINIMUM_CHARGE_MAX, MINIMUM_CHARGE_MESSAGE)
      .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), {
        message: 'Minimum Charge must be in euro and cent (at most 2 decimals).',
      }),
    end: day('To'),
  }),
  invoice_summary: z.strictObject({ endDate: day('For Month') }),
  inactive_companies: z.strictObject({ end: day('As At Date') }),
  invoice_customs: z.strictObject({ end: day('For Month') }),
} as const satisfies Record<InvoiceReportKind, z.ZodType>;

export type InvoiceReportInput<K extends InvoiceReportKind> = z.output<(typeof invoiceReportInputSchemas)[K]>;
/** Any report's inputs, as stored with the request. */
export type InvoiceReportParams = Partial<{
  start: string;
  end: string;
  endDate: string;
  minimumCharge: number;
  exceptionsOnly: boolean;
}>;

/**
 * The inputs of a request in words, for the history table and the e-mail: days as dd/MM/yy, as the
 * screen's fields and its Requested column show them (spec 2 §9), with the whole year when two digits
 * would be read as another century (a report may be dated from 1900 to 2999).
 */
export function describeInvoiceReportParams(kind: InvoiceReportKind, params: InvoiceReportParams): string {
  switch (kind) {
    case 'company_profiles':
      return params.exceptionsOnly === false ? 'All settings' : 'Just exceptions';
    case 'blocked':
    case 'invoice_turnover':
      return '';
    case 'sales_rep':
    case 'atoz_approval':
      return `${formatFieldDay(params.start)} to ${formatFieldDay(params.end)}`;
    case 'minimum_charge':
      return `Month to ${formatFieldDay(params.end)}, below ${formatEuro(params.minimumCharge ?? 0)}`;
    case 'invoice_summary':
      return `For month of ${formatFieldDay(params.endDate)}`;
    case 'inactive_companies':
      return `As at ${formatFieldDay(params.end)}`;
    case 'invoice_customs':
      return `For month of ${formatFieldDay(params.end)}`;
  }
}

export const INVOICE_REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type InvoiceReportStatus = (typeof INVOICE_REPORT_STATUSES)[number];
export const INVOICE_REPORT_STATUS_LABELS: Record<InvoiceReportStatus, string> = {
  queued: 'Waiting',
  running: 'Building',
  done: 'Ready',
  failed: 'Failed',
};

export const invoiceReportRequestedSchema = z.object({
  message: z.string(),
  id: z.number().int(),
});
export type InvoiceReportRequested = z.infer<typeof invoiceReportRequestedSchema>;

export const INVOICE_REPORT_PAGE_SIZE = 25;
export const INVOICE_REPORT_MAX_PAGE_SIZE = 100;

export const invoiceReportListQuerySchema = z.strictObject({
  ...pageQueryShape({ defaultSize: INVOICE_REPORT_PAGE_SIZE, maxSize: INVOICE_REPORT_MAX_PAGE_SIZE }),
});
export type InvoiceReportListQuery = z.infer<typeof invoiceReportListQuerySchema>;

export const invoiceReportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(INVOICE_REPORT_KINDS),
  title: z.string(),
  params: z.object({
    start: z.string().optional(),
    end: z.string().optional(),
    endDate: z.string().optional(),
    minimumCharge: z.number().optional(),
    exceptionsOnly: z.boolean().optional(),
  }),
  /** The inputs in words: 'As at 30/11/2026'. */
  inputs: z.string(),
  status: z.enum(INVOICE_REPORT_STATUSES),
  /** Data rows in the CSV (header and total rows not counted), once done. */
  rowCount: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  /** The requester's name, or e-mail when the name is blank; null when the user was deleted. */
  requestedBy: z.string().nullable(),
  /** GET this for the CSV; null until the report is done. */
  downloadUrl: z.string().nullable(),
});
export type InvoiceReport = z.infer<typeof invoiceReportSchema>;

export const invoiceReportListResponseSchema = z.object({
  count: z.number().int(),
  reports: z.array(invoiceReportSchema),
});
export type InvoiceReportListResponse = z.infer<typeof invoiceReportListResponseSchema>;
