import { z } from 'zod';
import { PRICE_ADJUSTMENT_TYPES } from '../bookings/enums.ts';
import { isoDateTime } from '../common/api.ts';
import { bodyId } from '../common/input.ts';
import { MAX_ADJUSTMENT_DESCRIPTION_LENGTH, SELECT_ADJUSTMENT_TYPE_MESSAGE } from './price-edits.ts';
import { euro } from './schemas.ts';

// The price adjustment calls of spec 2 §7 'Pricing' (issue 11): list, add and delete a job's price
// adjustments, and turn the job's add-ons into adjustments.

const descriptionText = (name: string) =>
  z
    .string(`${name} must be text.`)
    .max(MAX_ADJUSTMENT_DESCRIPTION_LENGTH, `${name} must be at most ${MAX_ADJUSTMENT_DESCRIPTION_LENGTH} characters.`);

/**
 * POST /api/pricing/job-price-adjustments (spec 2 §7, the Add Pricing Adjustment modal of §2). jobId
 * and type may be null, the modal's 'nothing chosen': the server then answers the spec's own messages
 * ("Please select a job", "Please select an adjustment type", §5) as field details, not a schema text.
 */
export const createPriceAdjustmentBodySchema = z.strictObject({
  jobId: bodyId('jobId').nullable(),
  type: z.enum(PRICE_ADJUSTMENT_TYPES, SELECT_ADJUSTMENT_TYPE_MESSAGE).nullable(),
  /** Required for the driver-extra types (spec 2 §5); it must be one of the job's tasks. */
  taskId: bodyId('taskId').nullable().optional(),
  // Named by the modal's labels: the form shows these messages under its fields as text is typed.
  /** Shown to the customer; kept only when showToCustomer is on (spec 2 §5). */
  description: descriptionText('Description').optional(),
  /** Staff only. */
  internalDescription: descriptionText('Internal description').optional(),
  cost: euro('Cost'),
  charge: euro('Charge'),
  showToCustomer: z.boolean('showToCustomer must be true or false.'),
  applySurcharge: z.boolean('applySurcharge must be true or false.'),
});
export type CreatePriceAdjustmentBody = z.infer<typeof createPriceAdjustmentBodySchema>;

/** One price adjustment of a job (spec 2 §3 'Price adjustment'), as every adjustment call answers it. */
export const priceAdjustmentSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  type: z.enum(PRICE_ADJUSTMENT_TYPES),
  /** The type as the Price Adjustments table shows it, e.g. 'Toll'. */
  typeLabel: z.string(),
  taskId: z.number().int().nullable(),
  taskReference: z.string().nullable(),
  description: z.string(),
  internalDescription: z.string(),
  cost: z.number(),
  charge: z.number(),
  showToCustomer: z.boolean(),
  applySurcharge: z.boolean(),
  /** The invoice period the adjustment is charged in, which may differ from its job's (spec 2 §4); null while in none. */
  invoicePeriodId: z.number().int().nullable(),
  createdAt: isoDateTime,
});
export type PriceAdjustment = z.infer<typeof priceAdjustmentSchema>;
export const priceAdjustmentListSchema = z.array(priceAdjustmentSchema);

/** POST /api/pricing/sync-addons-with-price-adjustments: the spec does not show the body (spec 2 §7); ours names the job. */
export const syncAddonsBodySchema = z.strictObject({ jobId: bodyId('jobId') });
export type SyncAddonsBody = z.infer<typeof syncAddonsBodySchema>;

export const syncAddonsResponseSchema = z.object({
  /** How many adjustments this call added. */
  created: z.number().int(),
  /** The job's adjustments after the call, oldest first. */
  adjustments: priceAdjustmentListSchema,
});
export type SyncAddonsResponse = z.infer<typeof syncAddonsResponseSchema>;

/**
 * A job's add-on (bookingJobs.extrasBreakdown: name, cost, charge) as the sync turns it into a
 * CUSTOMER_ADDON adjustment: the name becomes the customer description, so it obeys the same limits.
 */
export const addonAsAdjustmentSchema = z.object({
  name: z
    .string('The add-on has no name.')
    .trim()
    .min(1, 'The add-on has no name.')
    .max(
      MAX_ADJUSTMENT_DESCRIPTION_LENGTH,
      `The add-on name is longer than ${MAX_ADJUSTMENT_DESCRIPTION_LENGTH} characters.`,
    ),
  cost: euro('Cost'),
  charge: euro('Charge'),
});
