import { dublinToday, formatDay } from '@courier/domain/common/calendar-days';
import { formatEuro } from '@courier/domain/common/money';
import {
  DRIVER_DOCUMENT_LABELS,
  driverDocumentDay,
  driverDocumentNumber,
  driverDocumentProblem,
  type DriverDocumentType,
  type SendDriverDocumentBody,
  type SendFailure,
  type SendStarted,
} from '@courier/domain/driver-pay/documents';
import type { InvoiceSupplier } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { enqueueRun } from '../../platform/background/enqueue.ts';
import type { RunLogEntry } from '../../platform/background/run-log.ts';
import type { RunHandler } from '../../platform/background/runner.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { documentFactsOfPeriods, loadPayDocumentData, refreshEditablePeriods } from './document-data.ts';
import { driverDocumentFileName, renderDriverDocumentPdf } from './driver-document-pdf.ts';

export const DRIVER_DOCUMENTS_RUN_KIND = 'driver-documents';
/** Periods e-mailed per step: each step commits its messages and log lines together. */
const BATCH = 10;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * PUT /api/pay/period/send-driver-document: checks each period up front (it exists, the document
 * applies, the driver has an e-mail address), queues a background run that e-mails the rest, and
 * answers the run with the periods left out and why. 404 for an unknown period; 409 when none can be sent.
 */
export async function requestDriverDocuments(
  db: DbOrTx,
  options: { body: SendDriverDocumentBody; userId: number | null },
): Promise<SendStarted> {
  const { payPeriodIds, documentType } = options.body;
  const facts = await documentFactsOfPeriods(db, payPeriodIds);
  const missing = payPeriodIds.filter((id) => !facts.has(id));
  if (missing.length > 0)
    throw notFound(`Pay period ${missing.join(', ')} does not exist. Reload the pay periods and try again.`);

  const failures: SendFailure[] = [];
  const sendable: number[] = [];
  for (const id of payPeriodIds) {
    const fact = facts.get(id)!;
    const problem = driverDocumentProblem(documentType, fact);
    const message = problem ?? (fact.recipient ? null : `${fact.driverName} has no e-mail address on file.`);
    if (message) failures.push({ payPeriodId: id, driver: fact.driverName, message });
    else sendable.push(id);
  }
  const label = DRIVER_DOCUMENT_LABELS[documentType].toLowerCase();
  if (sendable.length === 0)
    throw conflict(`No ${label} could be sent: ${failures.map((failure) => failure.message).join(' ')}`);

  const run = await enqueueRun(db, {
    kind: DRIVER_DOCUMENTS_RUN_KIND,
    params: { ids: [...sendable].sort((a, b) => a - b), documentType },
    total: sendable.length,
    createdBy: options.userId,
  });
  return {
    message:
      `Sending ${plural(sendable.length, label)} by e-mail.` +
      (failures.length > 0 ? ` ${plural(failures.length, 'driver')} left out: see the list.` : ''),
    runId: run.id,
    count: sendable.length,
    failures,
  };
}

/**
 * The send run: per step, the next periods by id after the cursor; each is worked out again if still
 * editable, printed and e-mailed with its PDF attached. A period whose document no longer applies,
 * or whose e-mail fails, is logged as an error and the run carries on (nothing is sent twice).
 */
export function driverDocumentsRunHandler(options: { mailer: Mailer; supplier: InvoiceSupplier }): RunHandler {
  return {
    async step({ tx, run, log }) {
      const ids = (run.params.ids as number[]) ?? [];
      const type = run.params.documentType as DriverDocumentType;
      const cursor = Number(run.state.cursor ?? 0);
      const batch = ids.filter((id) => id > cursor).slice(0, BATCH);
      const entries: RunLogEntry[] = [];
      let errors = 0;
      const today = dublinToday();
      for (const id of batch) {
        const failed = (message: string) => {
          errors += 1;
          entries.push({ level: 'error', entityId: String(id), message });
        };
        try {
          // A savepoint per period: a failure rolls back that period's work only, and the step goes on.
          await tx.transaction(async (savepoint) => {
            await refreshEditablePeriods(savepoint, [id]);
            const data = await loadPayDocumentData(savepoint, id);
            const problem = driverDocumentProblem(type, data.facts);
            if (problem) {
              failed(problem);
              return;
            }
            if (!data.facts.recipient) {
              failed(`${data.driver.name} has no e-mail address on file.`);
              return;
            }
            const day = driverDocumentDay(data.period.endDay, today);
            const pdf = await renderDriverDocumentPdf(data, type, {
              supplier: options.supplier,
              mergeExtras: false,
              day,
            });
            const number = driverDocumentNumber(type, id);
            const label = DRIVER_DOCUMENT_LABELS[type];
            const week = `${formatDay(data.period.startDay)} to ${formatDay(data.period.endDay)}`;
            try {
              await options.mailer.send(savepoint, {
                to: data.facts.recipient,
                subject: `${label} ${number}: week ${week}`,
                text: [
                  `Dear ${data.driver.name},`,
                  '',
                  `Please find attached your ${label.toLowerCase()} ${number} for the week ${week} (total paid ${formatEuro(data.period.total)}).`,
                  'If anything looks wrong, please reply to this e-mail or contact accounts.',
                  '',
                  options.supplier.name,
                  `${options.supplier.email}  ${options.supplier.phone}`,
                ].join('\n'),
                attachments: [
                  { filename: driverDocumentFileName(data, type), contentType: 'application/pdf', content: pdf },
                ],
              });
            } catch (error) {
              // The e-mail could not be queued (its run sends it after the commit, and retries a refusal).
              failed(
                `${label} ${number} for ${data.driver.name} could not be e-mailed to ${data.facts.recipient}: ${error instanceof Error ? error.message : String(error)}`,
              );
              return;
            }
            entries.push({
              level: 'change',
              entityId: String(id),
              message: `${label} ${number} for ${data.driver.name} e-mailed to ${data.facts.recipient}.`,
            });
          });
        } catch (error) {
          failed(
            `Pay period ${id}: the document could not be made (${error instanceof Error ? error.message : String(error)}).`,
          );
        }
      }
      const finished = batch.length < BATCH || batch.at(-1) === ids.at(-1);
      if (finished)
        entries.push({
          level: 'info',
          message: `Finished: ${run.done - run.errors + batch.length - errors} sent, ${run.errors + errors} not sent.`,
        });
      await log(entries);
      return { state: { cursor: batch.at(-1) ?? cursor }, done: batch.length, errors, finished };
    },
  };
}
