import type { DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export interface SmsMessage {
  to: string;
  text: string;
}

/** A provider that delivers a text message; none is configured yet. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

export interface SmsSender {
  /** Sends (or holds) a message; returns the outbox row that records it. */
  send(db: DbOrTx, message: SmsMessage): Promise<{ id: number; status: 'held' | 'sent' | 'failed' }>;
}

/**
 * SMS over a provider adapter when one is configured; otherwise the message is held in the outbox
 * table (channel 'sms') where staff (and tests) can read it. Either way the outbox keeps a record.
 * Mirrors platform/mailer.ts.
 */
export function createSmsSender(options: { provider?: SmsProvider } = {}): SmsSender {
  const record = async (db: DbOrTx, message: SmsMessage, status: 'held' | 'sent' | 'failed', error?: string) => {
    const [row] = await db
      .insert(outbox)
      .values({
        channel: 'sms',
        recipient: message.to,
        subject: null,
        body: message.text,
        status,
        error: error ?? null,
      })
      .returning({ id: outbox.id });
    if (!row) throw new Error('The outbox row was not written.');
    return { id: row.id, status };
  };
  return {
    async send(db, message) {
      if (!options.provider) return record(db, message, 'held');
      try {
        await options.provider.send(message);
      } catch (error) {
        await record(db, message, 'failed', error instanceof Error ? error.message : String(error));
        throw error;
      }
      return record(db, message, 'sent');
    },
  };
}
