// Finalising and downloading invoices (spec 1 §2 'Invoice list', §4, §5, §7 'Invoices', §8; issue 12).
import { z } from 'zod';
import { bodyId, paramId } from '../common/input.ts';
import { dateRangeMessage, isDateInRange, isIsoDay } from '../common/input-checks.ts';
import { INVOICE_TYPES } from './invoice-totals.ts';

/** Spec 1 §8 'Finalise blocked': the title and text shown when a chosen period is not in review. */
export const FINALISE_BLOCKED_TITLE = 'Active invoice periods found';
export const FINALISE_BLOCKED_MESSAGE = 'Please ensure all invoice periods are in review before finalising';
/** Spec 1 §8 'Download blocked'. */
export const NO_CHARGES_MESSAGE = 'No job charges found for this period';
/** At most this many periods in one finalise request (the largest invoice list page). */
export const MAX_FINALISE_IDS = 5000;

/** POST /api/invoice/finalise. */
export const finaliseBodySchema = z.strictObject({
  ids: z
    .array(bodyId('Each invoice period id'), 'ids must be a list of invoice period ids.')
    .min(1, 'Choose at least one invoice period to finalise.')
    .max(MAX_FINALISE_IDS, `At most ${MAX_FINALISE_IDS} invoice periods can be finalised at once.`),
});
export type FinaliseBody = z.infer<typeof finaliseBodySchema>;

/**
 * POST /api/invoice/finalise-for-user ('Finalise for date range', spec 1 §2): every period in review
 * ending on or before endDate, of the intervals switched on. The range has one end: a period whose
 * invoice date has passed is due, however long it has waited.
 */
export const finaliseForDateRangeBodySchema = z
  .strictObject({
    endDate: z
      .string('Choose the invoice date.')
      .trim()
      .refine(isIsoDay, 'The invoice date must be a date (yyyy-MM-dd).')
      .refine((text) => !isIsoDay(text) || isDateInRange(text), dateRangeMessage('The invoice date')),
    weekly: z.boolean('weekly must be true or false.'),
    monthly: z.boolean('monthly must be true or false.'),
  })
  .refine((body) => body.weekly || body.monthly, {
    message: 'Switch on Weekly, Monthly or both.',
    path: ['weekly'],
  });
export type FinaliseForDateRangeBody = z.infer<typeof finaliseForDateRangeBodySchema>;

/** The finalise run a request started; the screen follows it until it has finished. */
export const finaliseRunSchema = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  /** Periods to finalise, and finalised so far. */
  total: z.number().int(),
  done: z.number().int(),
  errors: z.number().int(),
  error: z.string().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type FinaliseRun = z.infer<typeof finaliseRunSchema>;

/** GET /api/invoice/finalise-runs/current: the signed-in user's finalise run still going, if any. */
export const currentFinaliseRunSchema = z.object({ run: finaliseRunSchema.nullable() });
export type CurrentFinaliseRun = z.infer<typeof currentFinaliseRunSchema>;

export const finaliseStartedSchema = z.object({
  runId: z.number().int(),
  /** How many periods the run will finalise. */
  count: z.number().int(),
});
export type FinaliseStarted = z.infer<typeof finaliseStartedSchema>;

export const finaliseRunParamsSchema = z.object({ runId: paramId('runId') });

/** GET /api/invoice/pdf and /api/invoice/csv. */
export const invoiceDownloadQuerySchema = z.strictObject({
  periodId: paramId('periodId', {
    type: 'periodId must be a whole number.',
    int: 'periodId must be a whole number.',
    min: 'periodId must be at least 1.',
    max: 'periodId is too large.',
  }),
  invoiceType: z.enum(INVOICE_TYPES, 'invoiceType must be single, ground or overnight.').default('single'),
  format: z.literal('staff', "format must be 'staff'.").optional(),
});
export type InvoiceDownloadQuery = z.infer<typeof invoiceDownloadQuerySchema>;

/** The PDF of GET /api/invoice/pdf: its file name and the file as base64 (spec 1 §7 'base64 PDF body'). */
export const invoicePdfResponseSchema = z.object({
  fileName: z.string(),
  contentType: z.literal('application/pdf'),
  body: z.string(),
});
export type InvoicePdfResponse = z.infer<typeof invoicePdfResponseSchema>;

export const invoiceNumberParamsSchema = z.object({
  number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,40}$/, 'An invoice number is letters, digits and dashes.'),
});

/** An issued invoice as the list shows it: opened by url, labelled with its number and type (spec 1 §2). */
export const issuedInvoiceSchema = z.object({
  number: z.string(),
  type: z.enum(INVOICE_TYPES),
  url: z.string(),
});
export type IssuedInvoiceLink = z.infer<typeof issuedInvoiceSchema>;

/** The url of an issued invoice's PDF. */
export const issuedInvoiceUrl = (number: string) => `/api/invoice/document/${encodeURIComponent(number)}`;

/** The kind of the background run that finalises invoice periods (the server's runner and the demo data queue it). */
export const INVOICE_FINALISE_RUN_KIND = 'invoice-finalise';
