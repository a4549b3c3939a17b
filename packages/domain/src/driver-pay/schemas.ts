import { z } from 'zod';
import { isoDateTime } from '../common/api.ts';
import { dayPartsOf, weekdayOf } from '../common/calendar-days.ts';
import { bodyId } from '../common/input.ts';
import { formatEuro } from '../common/money.ts';
import { isDateInRange } from '../common/input-checks.ts';
import { euro } from '../pricing/schemas.ts';
import { MAX_EURO } from '../pricing/limits.ts';
import { PAY_ADJUSTMENT_TYPES, type PayFormulaSettings } from './formulas.ts';
import { isPayWeek } from './pay-weeks.ts';

// The 'Pay' calls of spec 2 §7 (issue 13): GET/POST /api/pay/period, create, finalise and the CSV.

export const PAY_PERIOD_STATUSES = ['ACTIVE', 'IN_REVIEW', 'PENDING_PAYMENT', 'PAID'] as const;
export type PayPeriodStatus = (typeof PAY_PERIOD_STATUSES)[number];

/** Active and in-review periods are editable; the others are read-only (spec 2 §4). */
export const EDITABLE_PAY_PERIOD_STATUSES: readonly PayPeriodStatus[] = ['ACTIVE', 'IN_REVIEW'];
export const isEditablePayPeriod = (status: PayPeriodStatus) => EDITABLE_PAY_PERIOD_STATUSES.includes(status);

/** At most this many periods in one save or finalise. */
export const MAX_PAY_PERIODS_PER_REQUEST = 2000;
export const MAX_PAY_ADJUSTMENTS = 100;
export const MAX_PAY_ADJUSTMENT_DESCRIPTION_LENGTH = 200;
/** Days in a week: days worked, booked off and missed are each 0 to 7, and together at most 7. */
export const MAX_PAY_DAYS = 7;

/** The save's message when a period's day counts add up to more than a week. */
export const payDaysOverWeekMessage = (sum: number) =>
  `Days worked, booked off and missed add up to ${sum}; a week has ${MAX_PAY_DAYS}.`;

/**
 * The pay adjustment messages of spec 2 §5, as title and message (the toast shows both), in the
 * order they are checked: amount, type, description.
 */
export const PAY_ADJUSTMENT_ERRORS = {
  amount: { title: 'Invalid amount', message: 'Amount must be greater than 0' },
  type: { title: 'Invalid type', message: 'Please select a type' },
  description: { title: 'Invalid description', message: 'Please enter a description' },
} as const;

/** An adjustment amount typed as something other than a number ('12,50', letters). */
export const PAY_ADJUSTMENT_AMOUNT_UNREADABLE = 'Enter an amount in euro, e.g. 12.50';

const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** A pay adjustment as the grid sends it. Rows the server answered (id, automatic, userId) may be sent back as they are. */
export const payAdjustmentInputSchema = z.object({
  /** The adjustment's id when a saved one is sent back (it keeps who added it). */
  id: bodyId('adjustment id').optional(),
  type: z.enum(PAY_ADJUSTMENT_TYPES, PAY_ADJUSTMENT_ERRORS.type.message),
  amount: z
    .number({
      // Missing: spec 2 §5's message. Present but not a number ('12,50', letters): say what is wanted.
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? PAY_ADJUSTMENT_ERRORS.amount.message
          : PAY_ADJUSTMENT_AMOUNT_UNREADABLE,
    })
    .gt(0, PAY_ADJUSTMENT_ERRORS.amount.message)
    .max(MAX_EURO, `Amount must be at most ${formatEuro(MAX_EURO)}`)
    .refine(twoDecimals, 'Amount has at most 2 decimal places (cents)'),
  description: z
    .string(PAY_ADJUSTMENT_ERRORS.description.message)
    .trim()
    .min(1, PAY_ADJUSTMENT_ERRORS.description.message)
    .max(
      MAX_PAY_ADJUSTMENT_DESCRIPTION_LENGTH,
      `Description must be at most ${MAX_PAY_ADJUSTMENT_DESCRIPTION_LENGTH} characters`,
    ),
});
export type PayAdjustmentInput = z.infer<typeof payAdjustmentInputSchema>;

/**
 * The first of spec 2 §5's checks a new adjustment fails (amount, then type, then description), as
 * the toast's title and message; null when it may be added.
 */
export function payAdjustmentProblem(draft: {
  type?: string | null;
  amount?: number | null;
  description?: string | null;
}): { title: string; message: string } | null {
  const result = payAdjustmentInputSchema.safeParse(draft);
  if (result.success) return null;
  for (const field of ['amount', 'type', 'description'] as const) {
    const issue = result.error.issues.find((candidate) => candidate.path[0] === field);
    if (issue)
      return {
        title: PAY_ADJUSTMENT_ERRORS[field].title,
        message: issue.message,
      };
  }
  return { title: 'Invalid adjustment', message: result.error.issues[0]?.message ?? 'The adjustment is not valid' };
}

const day = (label: string) =>
  z
    .string(`${label} must be a date (yyyy-MM-dd).`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (yyyy-MM-dd).`)
    .refine(isDateInRange, `${label} must be a date from 1900 to 2999.`);

export const PAY_WEEK_MESSAGE = 'A pay period runs from a Monday (start) to the Sunday after it (end).';

/** GET /api/pay/period and /api/pay/period/csv: one weekly window, Monday to Sunday. */
export const payWindowQuerySchema = z
  .object({ start: day('start'), end: day('end') })
  .refine(({ start, end }) => isPayWeek(start, end), { message: PAY_WEEK_MESSAGE, path: ['end'] });
export type PayWindowQuery = z.infer<typeof payWindowQuerySchema>;

const days = (label: string) =>
  z
    .number(`${label} must be a whole number from 0 to ${MAX_PAY_DAYS}.`)
    .int(`${label} must be a whole number from 0 to ${MAX_PAY_DAYS}.`)
    .min(0, `${label} must be a whole number from 0 to ${MAX_PAY_DAYS}.`)
    .max(MAX_PAY_DAYS, `${label} must be a whole number from 0 to ${MAX_PAY_DAYS}.`);

const override = (label: string) => euro(label).nullable().optional();

/** The highest fuel surcharge percent a pay period takes (spec 2 §9 'fuel percent inputs'). */
export const MAX_FUEL_PERCENT = 100;

/** A fuel surcharge percent: the save's field and the page's two fuel inputs check the same. */
export const fuelPercentSchema = z
  .number('Fuel percent must be a percent.')
  .min(0, 'Fuel percent must be 0 or more.')
  .max(MAX_FUEL_PERCENT, `Fuel percent must be at most ${MAX_FUEL_PERCENT}.`)
  .refine(twoDecimals, 'Fuel percent has at most 2 decimal places.');

export const FUEL_PERCENT_EMPTY_MESSAGE = `Enter a fuel percent from 0 to ${MAX_FUEL_PERCENT}.`;

/**
 * One period of POST /api/pay/period. The component amounts, when given, replace the computed ones
 * (null or absent: computed); total and every other field of the row are recomputed by the server,
 * so a row the server answered may be sent back with its inputs changed. version, when given, must
 * still be the period's (else 409 STALE_EDIT).
 */
export const savePayPeriodSchema = z
  .object({
    id: bodyId('id'),
    version: z.number().int().min(1).optional(),
    daysWorked: days('Days worked'),
    daysBookedOff: days('Days booked off'),
    daysMissed: days('Days missed'),
    fuelPercent: fuelPercentSchema.nullable().optional(),
    manualBoost: override('Manual boost'),
    fuelSurcharge: override('Fuel surcharge'),
    attendanceBonus: override('Attendance bonus'),
    cargoBonus: override('Cargo bonus'),
    helmetBonus: override('Helmet bonus'),
    backBoxBonus: override('Back-box bonus'),
    /** Manual additions and deductions; automatic rows sent back are ignored (they are worked out again). */
    adjustments: z
      .array(payAdjustmentInputSchema, 'adjustments must be a list.')
      .max(MAX_PAY_ADJUSTMENTS, `At most ${MAX_PAY_ADJUSTMENTS} adjustments per pay period.`)
      .default([]),
  })
  .superRefine((period, context) => {
    // A pay period is one week, Monday to Sunday (spec 2 §9), and each of its days is worked, booked
    // off or missed, not two of these: each count alone being 0 to 7 would let a week hold 21 days,
    // which the pay formulas (attendance tier, per-day bonuses) would then pay for.
    const counts = [period.daysWorked, period.daysBookedOff, period.daysMissed];
    // A count that is wrong by itself (8, 1.5) already has its own message; one is enough.
    if (!counts.every((count) => Number.isInteger(count) && count >= 0 && count <= MAX_PAY_DAYS)) return;
    const sum = counts.reduce((total, count) => total + count, 0);
    if (sum > MAX_PAY_DAYS)
      context.addIssue({ code: 'custom', message: payDaysOverWeekMessage(sum), path: ['daysWorked'] });
  });
export type SavePayPeriod = z.infer<typeof savePayPeriodSchema>;

const uniqueIds = (ids: number[]) => new Set(ids).size === ids.length;

export const savePayPeriodsBodySchema = z
  .array(savePayPeriodSchema, 'The body must be a list of pay periods.')
  .min(1, 'Send at least one pay period.')
  .max(MAX_PAY_PERIODS_PER_REQUEST, `At most ${MAX_PAY_PERIODS_PER_REQUEST} pay periods at once.`)
  .refine((periods) => uniqueIds(periods.map((period) => period.id)), 'A pay period is listed twice.');
export type SavePayPeriodsBody = z.infer<typeof savePayPeriodsBodySchema>;

/** POST /api/pay/period/create: the driver, and the week (its Monday; default the current week). */
export const createPayPeriodBodySchema = z.strictObject({
  driverId: bodyId('driverId'),
  start: day('start')
    .refine((text) => dayPartsOf(text) !== undefined && weekdayOf(text) === 1, 'start must be a Monday.')
    .optional(),
});
export type CreatePayPeriodBody = z.infer<typeof createPayPeriodBodySchema>;

/** POST /api/pay/period/finalise. */
export const finalisePayPeriodsBodySchema = z.strictObject({
  ids: z
    .array(bodyId('ids'), 'ids must be a list of pay period ids.')
    .min(1, 'Select at least one pay period.')
    .max(MAX_PAY_PERIODS_PER_REQUEST, `At most ${MAX_PAY_PERIODS_PER_REQUEST} pay periods at once.`)
    .refine(uniqueIds, 'A pay period is listed twice.'),
});
export type FinalisePayPeriodsBody = z.infer<typeof finalisePayPeriodsBodySchema>;

/**
 * POST /api/pay/period/paid (docs/decisions/013): pending-payment periods the money has gone out
 * for; the same list of ids as finalise.
 */
export const markPayPeriodsPaidBodySchema = finalisePayPeriodsBodySchema;
export type MarkPayPeriodsPaidBody = FinalisePayPeriodsBody;

export const payAdjustmentSchema = z.object({
  id: z.number().int(),
  type: z.enum(PAY_ADJUSTMENT_TYPES),
  description: z.string(),
  amount: z.number(),
  isDeduction: z.boolean(),
  /** Written by the pay formulas (boost, rental deductions), replaced on every recompute. */
  automatic: z.boolean(),
  userId: z.number().int().nullable(),
});
export type PayAdjustment = z.infer<typeof payAdjustmentSchema>;

const nullableAmount = z.number().nullable();

/** A pay period as the 'Pay' calls answer it (spec 2 §3 'Pay period'). */
/** The pay settings the formulas read, as each period carries them (NO_PAY_SETTINGS when none are saved). */
export const payFormulaSettingsSchema = z.object({
  applyFuelSurcharge: z.boolean(),
  minPay: z.number(),
  maxBoost: z.number(),
  attendanceBonusOneDay: z.number(),
  attendanceBonusTwoDay: z.number(),
  attendanceBonusThreeDay: z.number(),
  attendanceBonusFourDay: z.number(),
  attendanceBonusFiveDay: z.number(),
  cargoBonusRate: z.number(),
  helmetBonusRate: z.number(),
  backBoxBonusRate: z.number(),
  cargoRentalDeduction: z.number(),
  equipmentRentalDeduction: z.number(),
}) satisfies z.ZodType<PayFormulaSettings>;

export const payPeriodSchema = z.object({
  id: z.number().int(),
  status: z.enum(PAY_PERIOD_STATUSES),
  driver: z.object({
    id: z.number().int(),
    driverNumber: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    vehicle: z.string(),
  }),
  /** False when the driver has no pay settings saved: only base pay (and manual entries) count. */
  paySettingsSaved: z.boolean(),
  /** What the formulas read from the driver's pay settings: the grid computes with it as the server does. */
  settings: payFormulaSettingsSchema,
  start: z.string(),
  end: z.string(),
  daysWorked: z.number().int(),
  daysBookedOff: z.number().int(),
  daysMissed: z.number().int(),
  /** The percent typed for this period, or null for the vehicle's default. */
  fuelPercent: z.number().nullable(),
  manualBoost: nullableAmount,
  /** Amounts typed over the computed ones, null where computed. */
  overrides: z.object({
    fuelSurcharge: nullableAmount,
    attendanceBonus: nullableAmount,
    cargoBonus: nullableAmount,
    helmetBonus: nullableAmount,
    backBoxBonus: nullableAmount,
  }),
  basePay: z.number(),
  fuelSurcharge: z.number(),
  attendanceBonus: z.number(),
  cargoBonus: z.number(),
  helmetBonus: z.number(),
  backBoxBonus: z.number(),
  total: z.number(),
  adjustments: z.array(payAdjustmentSchema),
  version: z.number().int(),
  updatedAt: isoDateTime,
});
export type PayPeriod = z.infer<typeof payPeriodSchema>;
export const payPeriodListSchema = z.array(payPeriodSchema);
