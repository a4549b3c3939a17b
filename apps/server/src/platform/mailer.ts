import nodemailer from 'nodemailer';
import type { DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer | string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message; the outbox records their names, types and sizes. */
  attachments?: EmailAttachment[];
}

/** What the outbox keeps of a message's attachments. */
function attachmentRecords(message: EmailMessage) {
  return (message.attachments ?? []).map(({ filename, contentType, content }) => ({
    filename,
    contentType,
    size: typeof content === 'string' ? Buffer.byteLength(content) : content.length,
  }));
}

export interface Mailer {
  send(db: DbOrTx, message: EmailMessage): Promise<void>;
}

/**
 * E-mail over SMTP_URL when configured; otherwise the message is held in the outbox table where
 * staff (and tests) can read it. Either way the outbox keeps a record of what was sent.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(db, message) {
      if (!transport) {
        await db.insert(outbox).values({
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          body: message.text,
          attachments: attachmentRecords(message),
          status: 'held',
        });
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          attachments: message.attachments,
        });
        await db.insert(outbox).values({
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          body: message.text,
          attachments: attachmentRecords(message),
          status: 'sent',
        });
      } catch (error) {
        await db.insert(outbox).values({
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          body: message.text,
          attachments: attachmentRecords(message),
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
        });
        throw error;
      }
    },
  };
}
