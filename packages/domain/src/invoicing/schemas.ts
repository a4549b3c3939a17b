// Schemas of the invoicing API (spec 1 §3 'Invoice period', §5, §7; spec 2 §3 'Invoice period (as used here)').
import { z } from 'zod';
import { paramId } from '../common/input.ts';
import { INVOICE_PERIOD_STATUSES } from './enums.ts';

/** An invoice period as booking details use it: which company, which days, how far invoicing got. */
export const invoicePeriodSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  /** The account code and the period, e.g. ATL001-2026-10 (monthly) or ATL001-2026-W43 (weekly). */
  identifier: z.string(),
  status: z.enum(INVOICE_PERIOD_STATUSES),
  /** First and last day of the period, yyyy-MM-dd, both included. */
  start: z.iso.date(),
  end: z.iso.date(),
});
export type InvoicePeriod = z.infer<typeof invoicePeriodSchema>;

/** Spec 1 §5: 'Invoice periodId at least 1'. */
export const invoicePeriodParamsSchema = z.object({
  periodId: paramId('periodId', {
    type: 'periodId must be a whole number.',
    int: 'periodId must be a whole number.',
    min: 'periodId must be at least 1.',
    max: 'periodId is too large.',
  }),
});
