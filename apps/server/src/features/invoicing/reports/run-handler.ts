import { eq, sql } from 'drizzle-orm';
import { formatDateTime } from '@courier/domain/common/dates';
import {
  describeInvoiceReportParams,
  INVOICE_REPORT_KINDS,
  INVOICE_REPORTS,
  type InvoiceReportKind,
  type InvoiceReportParams,
} from '@courier/domain/invoicing/reports';
import { invoiceReportRequests, users } from '../../../db/schema/index.ts';
import type { RunHandler } from '../../../platform/background/runner.ts';
import type { Mailer } from '../../../platform/mailer.ts';
import type { RunHandlers } from '../../area.ts';
import { buildInvoiceReport } from './builders.ts';
import { INVOICE_REPORT_RUN_KIND } from './request-report.ts';

/** What the requester reads in the history when every attempt failed; the run log keeps the cause. */
export const REPORT_FAILED_TEXT =
  'The report could not be built and e-mailed. Please request it again; if it fails again, contact support.';

const isKind = (kind: string): kind is InvoiceReportKind => (INVOICE_REPORT_KINDS as readonly string[]).includes(kind);

/**
 * Builds a requested report and e-mails it, in two steps: the first marks the request running (so
 * the Reports screen shows it), the second builds the CSV, stores it, marks it done and queues its
 * e-mail with the file attached (an `email` run, sent once the step commits and retried on its own),
 * in one savepoint: a failure leaves nothing half-done and the runner tries again after its back-off.
 * After the last attempt the request is marked failed.
 */
export function invoiceReportRunHandler({ mailer }: { mailer: Mailer }): RunHandler {
  return {
    async step({ tx, run, log }) {
      const requestId = Number(run.params.requestId);
      const [request] = await tx
        .select({
          id: invoiceReportRequests.id,
          kind: invoiceReportRequests.kind,
          params: invoiceReportRequests.params,
          createdAt: invoiceReportRequests.createdAt,
          email: users.email,
          firstName: users.firstName,
        })
        .from(invoiceReportRequests)
        .leftJoin(users, eq(users.id, invoiceReportRequests.requestedBy))
        .where(eq(invoiceReportRequests.id, requestId));
      if (!request || !isKind(request.kind)) {
        await log([
          { level: 'error', message: `Report request ${requestId} no longer exists or is of no known kind.` },
        ]);
        return { state: run.state, done: 0, errors: 1, finished: true };
      }
      const where = eq(invoiceReportRequests.id, request.id);

      if (run.state.phase !== 'build') {
        await tx.update(invoiceReportRequests).set({ status: 'running', error: null }).where(where);
        return { state: { phase: 'build' }, done: 0, errors: 0, finished: false };
      }

      const kind = request.kind;
      const params = request.params as InvoiceReportParams;
      const { title } = INVOICE_REPORTS[kind];
      try {
        await tx.transaction(async (savepoint) => {
          const built = await buildInvoiceReport(savepoint, { kind, params, requestedAt: request.createdAt });
          await savepoint
            .update(invoiceReportRequests)
            .set({
              status: 'done',
              fileName: built.fileName,
              content: built.csv,
              rowCount: built.rowCount,
              error: null,
              finishedAt: sql`now()`,
            })
            .where(where);
          if (!request.email) return; // the requester was deleted: the file stays downloadable
          const inputs = describeInvoiceReportParams(kind, params);
          await mailer.send(savepoint, {
            to: request.email,
            subject: inputs ? `${title}: ${inputs}` : title,
            text: [
              `Hello ${request.firstName ?? ''},`.replace(' ,', ','),
              '',
              `The ${title} you requested on ${formatDateTime(request.createdAt)}${inputs ? ` (${inputs})` : ''} is attached as ${built.fileName}: ${built.rowCount} ${built.rowCount === 1 ? 'row' : 'rows'}.`,
              'It can also be downloaded from Invoicing > Reports.',
            ].join('\n'),
            attachments: [{ filename: built.fileName, contentType: 'text/csv', content: built.csv }],
          });
        });
      } catch (error) {
        if (run.attempts < run.maxAttempts) throw error;
        const cause = error instanceof Error ? error.message : String(error);
        await tx
          .update(invoiceReportRequests)
          .set({ status: 'failed', error: REPORT_FAILED_TEXT, finishedAt: sql`now()` })
          .where(where);
        await log([{ level: 'error', message: `${title} ${request.id} failed: ${cause}` }]);
        return { state: run.state, done: 0, errors: 1, finished: true };
      }
      return { state: run.state, done: 1, errors: 0, finished: true };
    },
  };
}

/** The invoicing area's background runs. */
export function invoiceReportRunHandlers({ mailer }: { mailer: Mailer }): RunHandlers {
  return { [INVOICE_REPORT_RUN_KIND]: invoiceReportRunHandler({ mailer }) };
}
