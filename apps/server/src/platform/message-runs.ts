import type { RunHandler } from './background/runner.ts';
import { EMAIL_RUN_KIND, emailRunHandler } from './mailer.ts';
import { PUSH_MESSAGE_RUN_KIND, pushMessageRunHandler, type PushProvider } from './push.ts';
import { SMS_RUN_KINDS, smsRunHandler, type SmsProvider } from './sms.ts';

/** The kinds of run that deliver a message: they have a runner of their own (main.ts). */
export const MESSAGE_RUN_KINDS: readonly string[] = [
  EMAIL_RUN_KIND,
  SMS_RUN_KINDS.office,
  SMS_RUN_KINDS.status,
  PUSH_MESSAGE_RUN_KIND,
];

export interface MessageChannels {
  /** SMTP_URL; without one e-mails are held in the outbox. */
  smtpUrl: string | undefined;
  /** The sender of e-mails (MAIL_FROM). */
  from: string;
  /** Without one, text messages are held in the outbox. */
  smsProvider?: SmsProvider | undefined;
  /** Without one, push messages are held in the outbox. */
  pushProvider?: PushProvider | undefined;
}

/**
 * The runs that deliver every outgoing message (e-mail, SMS, status SMS, push), by kind: callers
 * queue a message in their transaction, one of these delivers it after the commit.
 */
export function messageRunHandlers(channels: MessageChannels): Record<string, RunHandler> {
  const sms = smsRunHandler({ provider: channels.smsProvider });
  return {
    [EMAIL_RUN_KIND]: emailRunHandler({ smtpUrl: channels.smtpUrl, from: channels.from }),
    [SMS_RUN_KINDS.office]: sms,
    [SMS_RUN_KINDS.status]: sms,
    [PUSH_MESSAGE_RUN_KIND]: pushMessageRunHandler({ provider: channels.pushProvider }),
  };
}
