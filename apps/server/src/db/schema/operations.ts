import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** Who changed what, when, with the value before and after. Later areas write here too. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    field: text('field'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);

/** Messages (e-mail, SMS) kept when no provider is configured, or as the record of what was sent. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    /** push: a message for the driver app, held here until a push provider exists (no constraint: text). */
    channel: text('channel', { enum: ['email', 'sms', 'push'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status', { enum: ['held', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    /** Files sent with the message (name, type, size); the bytes stay with their owner (invoice, report). */
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; size: number }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);
