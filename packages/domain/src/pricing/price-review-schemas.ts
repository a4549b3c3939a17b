import { z } from 'zod';
import { bodyId, paramId } from '../common/input.ts';
import { isoDateTime } from '../common/api.ts';
import { INVOICE_PERIOD_STATUSES } from '../invoicing/enums.ts';
import { DRIVER_PAY_STATUSES, WAITING_TIME_MAX_MINUTES } from './price-edits.ts';
import { MAX_PACKAGES } from './limits.ts';
import { euro, kg, TARIFF_SERVICE_CODES } from './schemas.ts';

// The price-editing calls of spec 2 §7 'Pricing' (issue 11): PUT /api/pricing/update and its
// answer, the price history of a job, the review approval and the invoice and driver-pay status.

/** Pending changes a single save may carry (a page holds at most 5,000 rows; a save is far fewer). */
export const MAX_JOB_CHANGES = 1000;
export const MAX_PRICE_NOTE_LENGTH = 2000;

/** The job's version a change was made on (GET /api/bookings gives it per job). */
const jobVersion = z
  .number('version must be the version of the job the change was made on.')
  .int('version must be a whole number.')
  .min(1, 'version must be 1 or more.')
  .max(2_147_483_647, 'version must be the version of the job the change was made on.');

/** One task's share of a job's driver pay (spec 2 §3 'Pending price change': driverPayBreakdown). */
export const taskPaySchema = z.strictObject({
  taskId: bodyId('taskId'),
  pay: euro('Driver pay'),
});

/**
 * One job's pending price change (spec 2 §3 'Pending price change', §7 PUT /pricing/update). Every
 * field but jobId and version is optional: only what is sent changes. `version` is the job's version
 * the change was made on; an older one is refused with 409 STALE_EDIT.
 */
export const jobPriceChangeSchema = z.strictObject({
  jobId: bodyId('jobId'),
  version: jobVersion,
  customerCharge: euro('Customer charge').optional(),
  /** The job's driver pay: split equally across its tasks (spec 2 §9) unless driverPayBreakdown names the shares. */
  driverPay: euro('Driver pay').optional(),
  driverPayBreakdown: z.array(taskPaySchema).min(1, 'driverPayBreakdown needs at least one task.').max(50).optional(),
  note: z
    .string('note must be text.')
    .max(MAX_PRICE_NOTE_LENGTH, `note must be at most ${MAX_PRICE_NOTE_LENGTH} characters.`)
    .optional(),
  carrierPrice: euro('Carrier price').optional(),
  carrierCustomsCharge: euro('Carrier customs').optional(),
  carrierInsuranceCharge: euro('Carrier insurance').optional(),
  extrasCharge: euro('Extras charge').optional(),
  /** The booking's weight in kg (2 decimals); the job is re-priced from its tariff unless customerCharge is sent too. */
  weight: kg('Weight')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Weight has at most 2 decimal places.')
    .optional(),
  /** The booking's package count; re-prices like weight. */
  numberOfPackages: z
    .number('Package count must be a whole number.')
    .int('Package count must be a whole number.')
    .min(1, 'Package count must be at least 1.')
    .max(MAX_PACKAGES, `Package count must be at most ${MAX_PACKAGES}.`)
    .optional(),
  /** A customer tariff to price the job with: it is re-priced from it unless customerCharge is sent too. */
  tariffId: bodyId('tariffId').optional(),
  /** The company (account) the job's booking belongs to. */
  companyId: bodyId('companyId').optional(),
});
export type JobPriceChange = z.infer<typeof jobPriceChangeSchema>;

export const pricingUpdateBodySchema = z
  .array(jobPriceChangeSchema, 'The body must be a list of job changes.')
  .min(1, 'Send at least one job change.')
  .max(MAX_JOB_CHANGES, `Send at most ${MAX_JOB_CHANGES} job changes at once.`)
  .superRefine((changes, context) => {
    const seen = new Set<number>();
    changes.forEach((change, index) => {
      if (seen.has(change.jobId))
        context.addIssue({
          code: 'custom',
          path: [index, 'jobId'],
          message: `Job ${change.jobId} is named twice: send one change per job.`,
        });
      seen.add(change.jobId);
      if (change.driverPay !== undefined && change.driverPayBreakdown !== undefined)
        context.addIssue({
          code: 'custom',
          path: [index, 'driverPayBreakdown'],
          message: 'Send driverPay or driverPayBreakdown, not both.',
        });
    });
  });
export type PricingUpdateBody = z.infer<typeof pricingUpdateBodySchema>;

/** One task's pay as the Pricing Extras modal saves it (spec 2 §3 'Driver pay row'), with its job's version. */
export const taskPayRowSchema = z.strictObject({
  taskId: bodyId('taskId'),
  jobId: bodyId('jobId'),
  version: jobVersion,
  driverPay: euro('Driver pay'),
  driverExtras: euro('Driver extras'),
  /** The modal's flag for a task given to another driver; informative here (dispatch assigns drivers). */
  newDriver: z.boolean('newDriver must be true or false.').optional(),
});
export type TaskPayRow = z.infer<typeof taskPayRowSchema>;
export const taskPayUpdateBodySchema = z
  .array(taskPayRowSchema, 'The body must be a list of driver pay rows.')
  .min(1, 'Send at least one driver pay row.')
  .max(MAX_JOB_CHANGES, `Send at most ${MAX_JOB_CHANGES} driver pay rows at once.`);

/** A job's prices as they are after a change (the answer of every price-editing call). */
export const pricedJobSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  bookingId: z.number().int(),
  bookingReference: z.string(),
  companyId: z.number().int(),
  version: z.number().int(),
  customerCharge: z.number(),
  driverPrice: z.number(),
  carrierPrice: z.number(),
  carrierCustomsCharge: z.number(),
  carrierInsuranceCharge: z.number(),
  extrasCharge: z.number(),
  weight: z.number(),
  numberOfPackages: z.number().int(),
  tariffId: z.number().int().nullable(),
  tariffService: z.string().nullable(),
  internalNotes: z.string(),
  tasks: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string(),
      driverPay: z.number(),
      driverPayExtra: z.number(),
      payStatus: z.enum(DRIVER_PAY_STATUSES),
    }),
  ),
});
export type PricedJob = z.infer<typeof pricedJobSchema>;
export const pricedJobListSchema = z.array(pricedJobSchema);

/** One kept change of a price field (issue 11 'Price history'). */
export const priceHistoryEntrySchema = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  taskId: z.number().int().nullable(),
  taskReference: z.string().nullable(),
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  note: z.string(),
  user: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** The call that made the change, e.g. 'PUT /api/pricing/update'. */
  source: z.string(),
  createdAt: isoDateTime,
});
export type PriceHistoryEntry = z.infer<typeof priceHistoryEntrySchema>;
export const priceHistorySchema = z.array(priceHistoryEntrySchema);
export const jobIdParamsSchema = z.object({ jobId: paramId('jobId') });
export const jobIdQuerySchema = z.strictObject({ jobId: paramId('jobId') });

export const APPROVAL_TYPES = ['SAME_DAY', 'CARRIER'] as const;
export type ApprovalType = (typeof APPROVAL_TYPES)[number];
export const approveReviewBodySchema = z.strictObject({
  jobIds: z
    .array(bodyId('jobIds'), 'jobIds must be a list of job ids.')
    .min(1, 'Choose at least one job to approve.')
    .max(MAX_JOB_CHANGES, `Approve at most ${MAX_JOB_CHANGES} jobs at once.`),
  type: z.enum(APPROVAL_TYPES, 'type must be SAME_DAY or CARRIER.'),
});
export const approveReviewResponseSchema = z.object({
  approved: z.array(z.object({ jobId: z.number().int(), reference: z.string() })),
});

/** GET /api/pricing/invoice-and-driver-pay-status (spec 2 §3 'Invoice and driver pay status'). */
export const invoiceAndDriverPayStatusSchema = z.object({
  /** The status of the job's invoice period; null while the job is in none. */
  invoiceStatus: z.enum(INVOICE_PERIOD_STATUSES).nullable(),
  driverPayStatus: z.array(z.object({ taskId: z.number().int(), payStatus: z.enum(DRIVER_PAY_STATUSES) })),
});
export type InvoiceAndDriverPayStatus = z.infer<typeof invoiceAndDriverPayStatusSchema>;

/** POST /api/pricing/{ref}/waiting-time (spec 2 §7): minutes waited per task. */
export const waitingTimeBodySchema = z.strictObject({
  waitingTimePerTask: z
    .array(
      z.strictObject({
        taskId: bodyId('taskId'),
        waitingTime: z
          .number('Waiting time must be a whole number of minutes.')
          .int('Waiting time must be a whole number of minutes.')
          .min(0, 'Waiting time must be 0 or more minutes.')
          .max(WAITING_TIME_MAX_MINUTES, `Waiting time must be at most ${WAITING_TIME_MAX_MINUTES} minutes.`),
        driverNumber: z.number('driverNumber must be a number.').int().min(0).max(2_147_483_647).nullable().optional(),
      }),
      'waitingTimePerTask must be a list.',
    )
    .min(1, 'Enter the waiting time of at least one task.')
    .max(50, 'A job has at most 50 tasks.'),
});
export const waitingTimeResponseSchema = z.object({
  totalWaitingTimePay: z.number(),
  waitingTimePerTask: z.array(z.object({ taskId: z.number().int(), pay: z.number(), waitingTime: z.number().int() })),
});

/**
 * POST /api/pricing/review/set-tariff and /alternative-tariff (spec 2 §7): `tariff` is the tariff
 * service to price the job under (DOM, RAPC, CANC, FAIC, ...) and `account` the company account code
 * whose special tariff is preferred (null: the base tariff). CANC and FAIC are Set Cancelled and Set
 * Failed Collection, for ON/OS jobs only.
 */
export const setTariffBodySchema = z.strictObject({
  jobId: bodyId('jobId'),
  tariff: z.enum(TARIFF_SERVICE_CODES, 'tariff must be a tariff service code (DOM, RAPC, CANC, ...).'),
  account: z
    .string('account must be a company account code.')
    .trim()
    .min(1, 'account must be a company account code.')
    .max(20, 'account must be at most 20 characters.')
    .nullable()
    .optional(),
});
export type SetTariffBody = z.infer<typeof setTariffBodySchema>;

/**
 * Set Cancelled and Set Failed Collection settle the job too: charged as cancelled, it is cancelled;
 * charged as a failed collection, it failed (issue 14: the job's tracking shows who did it and when).
 */
export const JOB_STATUS_OF_CHARGE = { CANC: 'cancelled', FAIC: 'failed' } as const;
export type SettlingCharge = keyof typeof JOB_STATUS_OF_CHARGE;
export const isSettlingCharge = (tariff: string): tariff is SettlingCharge =>
  Object.hasOwn(JOB_STATUS_OF_CHARGE, tariff);

/** PUT /api/pricing/review/change-company (spec 2 §2 'Choose Company'). */
export const changeCompanyBodySchema = z.strictObject({
  reference: z
    .string('reference must be a booking reference.')
    .trim()
    .min(1, 'reference is required.')
    .max(40, 'reference must be at most 40 characters.'),
  companyId: bodyId('companyId'),
  recalculatePrices: z.boolean('recalculatePrices must be true or false.'),
});
