import type { DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { enqueueRun } from './background/enqueue.ts';
import type { RunHandler } from './background/runner.ts';

/**
 * The background runs that deliver text messages: office texts (Admin queue, e.g. a driver's
 * registration request) and a booking's status texts (Dispatch queue).
 */
export const SMS_RUN_KINDS = { office: 'sms', status: 'status-sms' } as const;
export type SmsRunKind = (typeof SMS_RUN_KINDS)[keyof typeof SMS_RUN_KINDS];

export interface SmsMessage {
  to: string;
  text: string;
}

/** A provider that delivers a text message; none is configured yet. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

export interface SmsSender {
  /**
   * Queues the message as a run of `kind` in the caller's transaction: it goes out once that
   * commits, with the run's attempts, back-off and retry. Returns the run.
   */
  send(tx: DbOrTx, message: SmsMessage, kind?: SmsRunKind): Promise<{ runId: number }>;
}

/** Queues text messages as background runs (smsRunHandler delivers them). */
export function createSmsSender(): SmsSender {
  return {
    async send(tx, message, kind = SMS_RUN_KINDS.office) {
      const run = await enqueueRun(tx, { kind, params: { to: message.to, text: message.text }, total: 1 });
      return { runId: run.id };
    },
  };
}

/**
 * Delivers an SMS run over the provider adapter when one is configured; otherwise the message is
 * held in the outbox table (channel 'sms') where staff (and tests) can read it. The outbox keeps a
 * record either way. A provider refusal throws: the runner records it, backs off and tries again,
 * and after the last attempt the run fails and can be retried from the queue log.
 */
export function smsRunHandler(options: { provider?: SmsProvider | undefined } = {}): RunHandler {
  return {
    async step({ tx, run, log }) {
      const message: SmsMessage = { to: String(run.params.to), text: String(run.params.text) };
      if (options.provider) await options.provider.send(message);
      await tx.insert(outbox).values({
        channel: 'sms',
        recipient: message.to,
        subject: null,
        body: message.text,
        status: options.provider ? 'sent' : 'held',
      });
      await log([
        {
          level: 'change',
          message: options.provider
            ? `Text message sent to ${message.to}.`
            : `Text message to ${message.to} held in the outbox: no SMS provider is configured.`,
        },
      ]);
      return { state: run.state, done: 1, errors: 0, finished: true };
    },
  };
}
