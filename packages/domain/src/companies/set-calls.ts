import { z } from 'zod';
import { bodyId } from '../common/input.ts';
import { MAX_DB_ID } from '../common/input-checks.ts';
import { hasAtMostDecimals } from '../common/typed-number.ts';
import { placeSchema } from '../addresses/schemas.ts';
import { companySchema } from './schemas.ts';
import { scheduleEntrySchema } from './set-call-schedule.ts';

// Set calls: recurring bookings of a company (spec 1 §2 'Company Set Calls tab', §3 'Set call', §5).

export const SET_CALL_MESSAGES = {
  serviceRequired: 'Please choose a service.',
  collectionPhoneRequired: 'Please enter the collection phone number.',
  deliveryPhoneRequired: 'Please enter the delivery phone number.',
  driverNotNumber: 'The driver code must be a number (leave it empty for no fixed driver).',
  updated: (id: number) => `Set call Id "${id}" has been updated.`,
  updateFailed: (id: number) => `Something went wrong. Unable to update set call Id ${id}, Please try again.`,
  createFailed: 'Something went wrong. Unable create a new set call, Please try again.',
} as const;

const PRICE_LABELS: Record<string, string> = { charge: 'charge', driver: 'driver pay' };

const fixedPricingSchema = z
  .object({
    charge: z
      .number()
      .min(0, 'The charge cannot be below 0.')
      .max(100_000, 'The charge cannot be above 100000.')
      .refine((value) => hasAtMostDecimals(value, 2), 'The charge has at most 2 decimal places (cents).'),
    driver: z
      .number()
      .min(0, 'The driver pay cannot be below 0.')
      .max(100_000, 'The driver pay cannot be above 100000.')
      .refine((value) => hasAtMostDecimals(value, 2), 'The driver pay has at most 2 decimal places (cents).'),
  })
  .strict();

/**
 * What is wrong with a pricing that is neither form: an object with fields is judged as a fixed price,
 * so its own problem is named ('The charge cannot be below 0.') rather than 'not one of the accepted forms'.
 */
function pricingProblem(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_union') return undefined;
  const { input } = issue;
  if (typeof input !== 'object' || input === null || Object.keys(input).length === 0) return undefined;
  const [problem] = issue.errors[0] ?? [];
  if (!problem) return undefined;
  const label = PRICE_LABELS[String(problem.path[0])];
  if (problem.code === 'invalid_type' && label) {
    const given = (input as Record<string, unknown>)[String(problem.path[0])];
    return given === undefined
      ? 'A fixed price needs both the charge and the driver pay.'
      : `The ${label} must be a number.`;
  }
  return problem.message;
}

/** Standard pricing is an empty object; fixed pricing stores the charge and the driver's pay (spec 1 §5). */
export const setCallPricingSchema = z.union(
  [
    fixedPricingSchema,
    // Neither price (never given): a charge or driver pay sent makes this form fail on its type, as the
    // fixed one does on a missing or non-number price, so the union reports the fixed form's problem.
    z.object({ charge: z.never().optional(), driver: z.never().optional() }).strict(),
  ],
  { error: pricingProblem },
);
export type SetCallPricing = z.infer<typeof setCallPricingSchema>;
export type FixedPricing = z.infer<typeof fixedPricingSchema>;

/** A fixed price (the charge and the driver's pay), not standard pricing. */
export const isFixedPricing = (pricing: SetCallPricing): pricing is FixedPricing =>
  pricing.charge !== undefined && pricing.driver !== undefined;

const text = (label: string, max: number) => z.string().max(max, `${label} can be at most ${max} characters.`);

/** The editable set call, as PUT /api/company/edit/setcall sends it inside { setCall }. */
export const setCallEditSchema = z.object({
  id: bodyId('id'),
  active: z.boolean(),
  pushHolidays: z.boolean(),
  return: z.boolean(),
  emailConfirmation: z.boolean(),
  collectionName: text('The collection name', 100),
  collectionPhone: text('The collection phone', 50),
  deliveryName: text('The delivery name', 100),
  deliveryPhone: text('The delivery phone', 50),
  reference: text('The reference', 100),
  quantumRef: text('The accounting reference', 100),
  notes: text('The notes', 1000),
  pricing: setCallPricingSchema,
  /** Driver code: a number, or text the editor parsed; not above 0 means no driver (null). */
  driver: z
    .union([z.number(), z.string().max(20), z.null()])
    .refine((value) => driverCodeIsNumber(value), SET_CALL_MESSAGES.driverNotNumber)
    .refine((value) => (parseDriverCode(value) ?? 0) <= MAX_DB_ID, `The driver code must be at most ${MAX_DB_ID}.`),
  isDocuments: z.boolean(),
  weightOfPackages: z
    .number()
    .min(0, 'The weight cannot be below 0.')
    .max(10_000, 'The weight cannot be above 10000 kg.')
    // Stored to 2 places (numeric(10,2)): a third would be rounded away without a word.
    .refine((value) => hasAtMostDecimals(value, 2), 'The weight has at most 2 decimal places.')
    .nullable(),
  numberOfPackages: z
    .number()
    .int('The number of packages must be a whole number.')
    .min(0, 'The number of packages cannot be below 0.')
    .max(1000, 'The number of packages cannot be above 1000.')
    .nullable(),
  goodsDescription: text('The goods description', 255),
  service: bodyId('service').nullable(),
  collectionPlaceId: z.string().max(64).nullable(),
  deliveryPlaceId: z.string().max(64).nullable(),
  schedule: z.array(scheduleEntrySchema).max(5, 'A set call has at most one entry per weekday.'),
});
export type SetCallEdit = z.infer<typeof setCallEditSchema>;

export const setCallPutBodySchema = z.object({ setCall: setCallEditSchema });
export const setCallPostBodySchema = z.object({ companyId: bodyId('companyId') });

export const serviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  service: z.string(),
  serviceCode: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

export const populatedSetCallSchema = setCallEditSchema.extend({
  driver: z.number().int().nullable(),
  companyId: z.number().int(),
  collectionPlace: placeSchema.nullable(),
  deliveryPlace: placeSchema.nullable(),
  vehicle: z.object({ name: z.string(), service: z.string(), serviceCode: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PopulatedSetCall = z.infer<typeof populatedSetCallSchema>;

export const setCallsResponseSchema = z.object({
  company: companySchema,
  populatedSetCalls: z.array(populatedSetCallSchema),
});
export const setCallCreatedSchema = z.object({
  newSetCallId: z.number().int(),
  populatedSetCalls: z.array(populatedSetCallSchema),
});
export const setCallUpdatedSchema = z.object({ populatedSetCalls: z.array(populatedSetCallSchema) });
export const setCallChoicesSchema = z.object({ services: z.array(serviceSchema) });

/** A driver code is given as a number, or as text that is empty or a number (spec 1 §5: it is parsed as a number). */
export function driverCodeIsNumber(value: number | string | null | undefined): boolean {
  if (typeof value !== 'string') return value === null || value === undefined || Number.isFinite(value);
  const text = value.trim();
  return text === '' || Number.isFinite(Number(text));
}

/** The driver code as stored: a number above 0, else null (spec 1 §5). */
export function parseDriverCode(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const number = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isFinite(number) || number <= 0) return null;
  return Math.trunc(number);
}

/** Per-field problems of the details (service and both phones are required), as { field, message }. */
export function setCallDetailsProblems(
  setCall: Pick<SetCallEdit, 'service' | 'collectionPhone' | 'deliveryPhone'>,
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (setCall.service === null) problems.push({ field: 'service', message: SET_CALL_MESSAGES.serviceRequired });
  if (!setCall.collectionPhone.trim())
    problems.push({ field: 'collectionPhone', message: SET_CALL_MESSAGES.collectionPhoneRequired });
  if (!setCall.deliveryPhone.trim())
    problems.push({ field: 'deliveryPhone', message: SET_CALL_MESSAGES.deliveryPhoneRequired });
  return problems;
}
