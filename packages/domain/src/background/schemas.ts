// The read API of background runs (docs/decisions/007), for the queue-log screens of the Logs section
// (spec 1 §2 'Logs (superadmin)'): runs listed with filters, one run with its log.
import { z } from 'zod';
import { isoDateTime } from '../common/api.ts';
import { pageQueryShape } from '../common/input.ts';
import {
  BACKGROUND_LOG_LEVELS,
  BACKGROUND_LOG_MAX_PAGE_SIZE,
  BACKGROUND_RUN_DEFAULT_PAGE_SIZE,
  BACKGROUND_RUN_MAX_PAGE_SIZE,
  BACKGROUND_RUN_STATUSES,
  BACKGROUND_LOG_DEFAULT_PAGE_SIZE,
} from './enums.ts';
import { QUEUE_GROUPS } from './queue-groups.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** yyyy-MM-dd (a Dublin calendar day) or an ISO date-time with offset. */
const dayOrInstant = (name: string) =>
  z
    .string(`${name} must be text.`)
    .trim()
    .refine(
      (text) =>
        DAY.test(text)
          ? !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
            new Date(`${text}T00:00:00Z`).toISOString().startsWith(text)
          : z.iso.datetime({ offset: true }).safeParse(text).success,
      `${name} must be a date (yyyy-MM-dd) or an ISO date-time.`,
    )
    .optional();

/**
 * GET /api/background/runs: newest first. `kind` is the run's kind (e.g. price-increase), `status`
 * one of BACKGROUND_RUN_STATUSES, `group` the queue (Admin or Dispatch tab), `text` words to find;
 * `from` and `to` bound when the run was queued, both inclusive (a day means the whole Dublin day).
 */
export const backgroundRunListQuerySchema = z
  .strictObject({
    kind: z
      .string('kind must be text.')
      .trim()
      .min(1, 'kind must not be empty.')
      .max(100, 'kind must be at most 100 characters.')
      .optional(),
    status: z.enum(BACKGROUND_RUN_STATUSES, `status must be one of ${BACKGROUND_RUN_STATUSES.join(', ')}.`).optional(),
    /** The queue: admin or dispatch (queue-groups.ts). */
    group: z.enum(QUEUE_GROUPS, `group must be one of ${QUEUE_GROUPS.join(', ')}.`).optional(),
    /** Words found in the run's number, kind, failure or parameters (case ignored; % and _ are plain text). */
    text: z
      .string('text must be text.')
      .trim()
      .max(200, 'text must be at most 200 characters.')
      .optional()
      .transform((text) => text || undefined),
    from: dayOrInstant('from'),
    to: dayOrInstant('to'),
    ...pageQueryShape({ defaultSize: BACKGROUND_RUN_DEFAULT_PAGE_SIZE, maxSize: BACKGROUND_RUN_MAX_PAGE_SIZE }),
  })
  .superRefine((query, context) => {
    if (!query.from || !query.to) return;
    const from = Date.parse(DAY.test(query.from) ? `${query.from}T00:00:00Z` : query.from);
    const to = Date.parse(DAY.test(query.to) ? `${query.to}T23:59:59Z` : query.to);
    if (to < from) context.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from.' });
  });
export type BackgroundRunListQuery = z.infer<typeof backgroundRunListQuerySchema>;

export const backgroundRunLogQuerySchema = z.strictObject(
  pageQueryShape({ defaultSize: BACKGROUND_LOG_DEFAULT_PAGE_SIZE, maxSize: BACKGROUND_LOG_MAX_PAGE_SIZE }),
);
export type BackgroundRunLogQuery = z.infer<typeof backgroundRunLogQuerySchema>;

const jsonObject = z.record(z.string(), z.unknown());

/** One background run: what it is, how far it got, its attempts and, for a scheduled run, its slot. */
export const backgroundRunSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(BACKGROUND_RUN_STATUSES),
  params: jsonObject,
  /** Where the run has got to (its cursor). */
  state: jsonObject,
  total: z.number().int(),
  done: z.number().int(),
  errors: z.number().int(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** A queued run is not started before this instant (a retry's back-off). */
  runAfter: isoDateTime,
  createdBy: z.number().int().nullable(),
  createdAt: isoDateTime,
  startedAt: isoDateTime.nullable(),
  finishedAt: isoDateTime.nullable(),
  failure: z.string().nullable(),
  scheduleName: z.string().nullable(),
  slot: isoDateTime.nullable(),
});
export type BackgroundRun = z.infer<typeof backgroundRunSchema>;

export const backgroundRunListSchema = z.object({ count: z.number().int(), runs: z.array(backgroundRunSchema) });
export type BackgroundRunList = z.infer<typeof backgroundRunListSchema>;

/** One line of a run's log: an entity changed (before and after), skipped or failed on, or a note. */
export const backgroundRunLogLineSchema = z.object({
  id: z.number().int(),
  at: isoDateTime,
  level: z.enum(BACKGROUND_LOG_LEVELS),
  entityId: z.string().nullable(),
  message: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type BackgroundRunLogLine = z.infer<typeof backgroundRunLogLineSchema>;

/** A page of a run's log, oldest line first; `count` is every line of the run. */
export const backgroundRunLogPageSchema = z.object({
  count: z.number().int(),
  lines: z.array(backgroundRunLogLineSchema),
});
export type BackgroundRunLogPage = z.infer<typeof backgroundRunLogPageSchema>;

/** GET /api/background/runs/{id}: the run and the first page of its log (the rest via /log). */
export const backgroundRunDetailsSchema = z.object({ run: backgroundRunSchema, log: backgroundRunLogPageSchema });
export type BackgroundRunDetails = z.infer<typeof backgroundRunDetailsSchema>;

/**
 * GET /api/background/queue-log-pages: the external queue-log page each tab of /logging frames, from
 * the server's configuration (QUEUE_LOG_ADMIN_URL, QUEUE_LOG_DISPATCH_URL); null: our own page.
 */
export const queueLogPagesSchema = z.object({ admin: z.string().nullable(), dispatch: z.string().nullable() });
export type QueueLogPages = z.infer<typeof queueLogPagesSchema>;
