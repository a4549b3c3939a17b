import { asc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { DbOrTx } from '../db/client.ts';
import { emailParts, outbox } from '../db/schema/index.ts';
import { enqueueRun } from './background/enqueue.ts';
import type { RunHandler } from './background/runner.ts';

/** The background runs that deliver e-mails (the Admin queue log's 'E-mails'). */
export const EMAIL_RUN_KIND = 'email';

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

export interface Mailer {
  /**
   * Queues the message as an `email` run in the caller's transaction: it goes out only once that
   * commits (a rolled-back batch sends nothing), with the run's attempts, back-off and retry.
   */
  send(tx: DbOrTx, message: EmailMessage): Promise<void>;
}

/** The parameters an `email` run shows in the queue log; the text and files wait in email_parts. */
interface EmailRunParams {
  to: string;
  subject: string;
  attachments: { filename: string; contentType: string; size: number }[];
}

const bytesOf = (content: Buffer | string) => (typeof content === 'string' ? Buffer.from(content) : content);

/** Queues e-mails as background runs (emailRunHandler delivers them). */
export function createMailer(): Mailer {
  return {
    async send(tx, message) {
      const files = (message.attachments ?? []).map((file) => ({ ...file, content: bytesOf(file.content) }));
      const params: EmailRunParams = {
        to: message.to,
        subject: message.subject,
        attachments: files.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          size: content.length,
        })),
      };
      const run = await enqueueRun(tx, { kind: EMAIL_RUN_KIND, params: { ...params }, total: 1 });
      await tx.insert(emailParts).values([
        { runId: run.id, position: 0, filename: null, contentType: 'text/plain', content: Buffer.from(message.text) },
        ...files.map((file, index) => ({
          runId: run.id,
          position: index + 1,
          filename: file.filename,
          contentType: file.contentType,
          content: file.content,
        })),
      ]);
    },
  };
}

/**
 * Delivers an `email` run: over SMTP_URL when configured, else held in the outbox table where staff
 * (and tests) can read it; the outbox keeps a record either way. A refusal throws, so the runner
 * records the error and tries again after its back-off; after the last attempt the run fails and
 * can be retried from the queue log.
 */
export function emailRunHandler(options: { smtpUrl: string | undefined; from: string }): RunHandler {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async step({ tx, run, log }) {
      const params = run.params as unknown as EmailRunParams;
      const parts = await tx
        .select()
        .from(emailParts)
        .where(eq(emailParts.runId, run.id))
        .orderBy(asc(emailParts.position));
      const text = parts.find((part) => part.position === 0)?.content.toString('utf8') ?? '';
      const attachments = parts
        .filter((part) => part.position > 0)
        .map((part) => ({
          filename: part.filename ?? 'attachment',
          contentType: part.contentType,
          content: part.content,
        }));
      if (transport)
        await transport.sendMail({ from: options.from, to: params.to, subject: params.subject, text, attachments });
      await tx.insert(outbox).values({
        channel: 'email',
        recipient: params.to,
        subject: params.subject,
        body: text,
        attachments: params.attachments,
        status: transport ? 'sent' : 'held',
      });
      await log([
        {
          level: 'change',
          message: transport
            ? `E-mail '${params.subject}' sent to ${params.to}.`
            : `E-mail '${params.subject}' to ${params.to} held in the outbox: no mail server is configured.`,
        },
      ]);
      return { state: run.state, done: 1, errors: 0, finished: true };
    },
  };
}
