import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { BackgroundRun, RunStep } from '../../platform/background/runner.ts';
import type { RunLogEntry } from '../../platform/background/run-log.ts';
import type { EmailAttachment, Mailer } from '../../platform/mailer.ts';

/**
 * One step that builds files and e-mails them to the user who asked (the run's createdBy): the
 * exports and the pay analysis. A requester deleted since is logged as an error. The e-mail is
 * queued in the step's transaction as an `email` run of its own, sent once the step commits; a
 * refusal is retried by that run and shows in the Admin queue log.
 */
export async function mailFilesToRequester(options: {
  tx: DbOrTx;
  run: BackgroundRun;
  log: (entries: RunLogEntry[]) => Promise<void>;
  mailer: Mailer;
  build: (tx: DbOrTx) => Promise<{ subject: string; text: string; attachments: EmailAttachment[]; summary: string }>;
}): Promise<RunStep> {
  const { tx, run, log } = options;
  const [requester] = run.createdBy
    ? await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, run.createdBy))
    : [];
  if (!requester?.email) {
    await log([{ level: 'error', message: 'The user who asked for this no longer exists, so nothing was e-mailed.' }]);
    return { state: run.state, done: 0, errors: 1, finished: true };
  }
  const built = await options.build(tx);
  await options.mailer.send(tx, {
    to: requester.email,
    subject: built.subject,
    text: [`Hello ${requester.firstName},`, '', built.text].join('\n'),
    attachments: built.attachments,
  });
  await log([{ level: 'change', message: `${built.summary} E-mailed to ${requester.email}.` }]);
  return { state: run.state, done: 1, errors: 0, finished: true };
}
