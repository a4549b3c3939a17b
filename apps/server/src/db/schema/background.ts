import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytes } from '../columns.ts';
import { users } from './auth.ts';

/**
 * Background runs (docs/decisions/003-background-jobs.md and 007-background-runs.md): work queued in
 * PostgreSQL, claimed with FOR UPDATE SKIP LOCKED by any server, run in steps that each commit with
 * the run's progress, so a run survives a restart and the UI can show how far it got. Called "runs",
 * never jobs or tasks: those words belong to courier bookings (booking_jobs, booking_tasks).
 */
export const backgroundRuns = pgTable(
  'background_runs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'running', 'completed', 'failed'] })
      .notNull()
      .default('queued'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** Where the run has got to (its cursor); written in the same transaction as each step's work. */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The runner holding the run and until when; another runner takes it over once the lease lapses. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** How many times a runner took the run (a clean hand-back does not count). */
    attempts: integer('attempts').notNull().default(0),
    /** After this many attempts a failing step fails the run instead of retrying it. */
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** No runner takes the run before this instant: a retry waits out its back-off here. */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    failure: text('failure'),
    /** Set for a run a schedule fired: the schedule and the slot, unique together, so a slot runs once. */
    scheduleName: text('schedule_name'),
    slot: timestamp('slot', { withTimezone: true }),
  },
  (t) => [
    index('background_runs_status_idx').on(t.status, t.id),
    index('background_runs_kind_idx').on(t.kind, t.id),
    index('background_runs_created_at_idx').on(t.createdAt),
    uniqueIndex('background_runs_schedule_slot_unique').on(t.scheduleName, t.slot),
  ],
);

/** What a run did, line by line: every entity it changed (before and after), skipped or failed on. */
export const backgroundRunLog = pgTable(
  'background_run_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => backgroundRuns.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    level: text('level', { enum: ['info', 'change', 'skip', 'error'] }).notNull(),
    entityId: text('entity_id'),
    message: text('message').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('background_run_log_run_idx').on(t.runId, t.id)],
);

/**
 * Recurring background work: a cron-like rule read in `time_zone` wall-clock time. `next_slot` is the
 * next instant the schedule is due; a runner fires it by moving `next_slot` on with a guarded update
 * (where next_slot = the due slot), so with several servers each slot fires once.
 */
export const backgroundSchedules = pgTable(
  'background_schedules',
  {
    name: text('name').primaryKey(),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    rule: text('rule').notNull(),
    timeZone: text('time_zone').notNull().default('Europe/Dublin'),
    enabled: boolean('enabled').notNull().default(true),
    nextSlot: timestamp('next_slot', { withTimezone: true }).notNull(),
    lastSlot: timestamp('last_slot', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('background_schedules_due_idx')
      .on(t.nextSlot)
      .where(sql`${t.enabled}`),
  ],
);

/**
 * The parts of an e-mail waiting in an `email` run, as in MIME: part 0 is the text, the next parts
 * its files. Kept beside the run, not in its parameters, so the queue log shows neither a report's
 * megabytes nor a message's words (a sign-in code); removed with the run.
 */
export const emailParts = pgTable(
  'email_parts',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => backgroundRuns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Null for the text (part 0). */
    filename: text('filename'),
    contentType: text('content_type').notNull(),
    content: bytes('content').notNull(),
  },
  (t) => [uniqueIndex('email_parts_run_position_unique').on(t.runId, t.position)],
);
