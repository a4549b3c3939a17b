import type { Db } from '../db/client.ts';
import { createBackgroundRunner } from '../platform/background/runner.ts';
import { messageRunHandlers, type MessageChannels } from '../platform/message-runs.ts';

/**
 * Delivers every queued e-mail, SMS and push message (the runs a running server's runner would take),
 * by default into the outbox as a server without SMTP or providers does. Other kinds of run stay queued.
 */
export async function deliverQueuedMessages(db: Db, channels: Partial<MessageChannels> = {}): Promise<void> {
  await createBackgroundRunner({
    db,
    handlers: messageRunHandlers({ smtpUrl: undefined, from: 'test@courier.ie', ...channels }),
    backoff: { firstMs: 0, maxMs: 0 },
    onError: () => {},
  }).runUntilIdle();
}
