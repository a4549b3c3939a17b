import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Background jobs (docs/decisions/003-background-jobs.md): queued in PostgreSQL, claimed with
 * FOR UPDATE SKIP LOCKED by any server, run in steps that each commit with the job's progress, so a
 * job survives a restart and the UI can show how far it got.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'running', 'completed', 'failed'] })
      .notNull()
      .default('queued'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** Where the job has got to (its cursor); written in the same transaction as each step's work. */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The runner holding the job and until when; another runner takes it over once the lease lapses. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    failure: text('failure'),
  },
  (t) => [index('jobs_status_idx').on(t.status, t.id), index('jobs_kind_idx').on(t.kind, t.id)],
);

/** What a job did, line by line: every entity it changed (before and after), skipped or failed on. */
export const jobLog = pgTable(
  'job_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    level: text('level', { enum: ['info', 'change', 'skip', 'error'] }).notNull(),
    entityId: text('entity_id'),
    message: text('message').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('job_log_job_idx').on(t.jobId, t.id)],
);
