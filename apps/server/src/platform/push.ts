import type { DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { enqueueRun } from './background/enqueue.ts';
import type { RunHandler } from './background/runner.ts';

/** The background runs that deliver push messages to the driver app (the Dispatch queue log). */
export const PUSH_MESSAGE_RUN_KIND = 'push-message';

export interface PushMessage {
  /** Who the driver app knows the message is for, e.g. driver:{number}. */
  to: string;
  title: string;
  text: string;
}

/** A provider that delivers a push message to the driver app; none is configured yet. */
export interface PushProvider {
  send(message: PushMessage): Promise<void>;
}

/** Queues a push message as a run in the caller's transaction: it goes out once that commits. */
export async function queuePushMessage(tx: DbOrTx, message: PushMessage): Promise<{ runId: number }> {
  const run = await enqueueRun(tx, { kind: PUSH_MESSAGE_RUN_KIND, params: { ...message }, total: 1 });
  return { runId: run.id };
}

/**
 * Delivers a push-message run over the provider when one is configured; otherwise it is held in the
 * outbox (channel 'push', subject the title) where staff can read it and a provider adapter can later
 * deliver it. A provider refusal throws, so the runner backs off, tries again and records the error.
 */
export function pushMessageRunHandler(options: { provider?: PushProvider | undefined } = {}): RunHandler {
  return {
    async step({ tx, run, log }) {
      const message: PushMessage = {
        to: String(run.params.to),
        title: String(run.params.title),
        text: String(run.params.text),
      };
      if (options.provider) await options.provider.send(message);
      await tx.insert(outbox).values({
        channel: 'push',
        recipient: message.to,
        subject: message.title,
        body: message.text,
        status: options.provider ? 'sent' : 'held',
      });
      await log([
        {
          level: 'change',
          message: options.provider
            ? `Push message '${message.title}' sent to ${message.to}.`
            : `Push message '${message.title}' to ${message.to} held in the outbox: no push provider is configured.`,
        },
      ]);
      return { state: run.state, done: 1, errors: 0, finished: true };
    },
  };
}
