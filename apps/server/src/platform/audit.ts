import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export interface AuditEntry {
  userId: number | null;
  action: string;
  entityType: string;
  entityId: string | number;
  field?: string;
  before?: unknown;
  after?: unknown;
}

/** Writes audit rows inside the caller's transaction, so a change and its record land together. */
export async function writeAudit(db: DbOrTx, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await db.insert(auditLog).values(
    list.map((entry) => ({
      userId: entry.userId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: String(entry.entityId),
      field: entry.field ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}
