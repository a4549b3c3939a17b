import { and, asc, count, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { formatDate } from '@courier/domain/common/dates';
import { formatEuro } from '@courier/domain/common/money';
import { invoicePeriodStatusLabel, type InvoicePeriodStatus } from '@courier/domain/invoicing/enums';
import {
  FINALISE_BLOCKED_MESSAGE,
  INVOICE_FINALISE_RUN_KIND,
  type FinaliseForDateRangeBody,
} from '@courier/domain/invoicing/finalise-schemas';
import { INVOICE_TYPE_LABELS, type InvoiceType } from '@courier/domain/invoicing/invoice-totals';
import type { InvoiceSupplier } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { companyExtendedSettings, invoicePeriods } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { enqueueRun } from '../../platform/background/enqueue.ts';
import type { RunLogEntry } from '../../platform/background/run-log.ts';
import type { RunHandler } from '../../platform/background/runner.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { loadInvoicePeriodData, type InvoicePeriodData } from './invoice-data.ts';
import { issuePeriodInvoices, keptInvoices, type IssuedInvoiceFile } from './issued-invoices.ts';

export const FINALISE_RUN_KIND = INVOICE_FINALISE_RUN_KIND;
/** Periods numbered per step: each step commits its periods, their numbers and documents together. */
export const DEFAULT_FINALISE_BATCH = 20;

/** Which periods a finalise run takes: chosen ids, or every period in review ending on or before a day. */
export type FinaliseScope = { ids: number[] } | { endDate: string; weekly: boolean; monthly: boolean };

const interval = sql<
  'W' | 'M'
>`coalesce((select ${companyExtendedSettings.invoiceInterval} from ${companyExtendedSettings} where ${companyExtendedSettings.companyId} = ${invoicePeriods.companyId}), 'M')`;

function scopeCondition(scope: FinaliseScope): SQL | undefined {
  // One array parameter, not one per id: 'Finalise All' may take more ids than a statement has parameters.
  if ('ids' in scope) return sql`${invoicePeriods.id} = any(${`{${scope.ids.join(',')}}`}::int[])`;
  const intervals = [...(scope.weekly ? ['W'] : []), ...(scope.monthly ? ['M'] : [])];
  // 'Finalise for date range' (spec 1 §2): every period due by the invoice date, not only those ending on it.
  return and(lte(invoicePeriods.end, scope.endDate), inArray(interval, intervals.length ? intervals : ['none']));
}

/** The periods a run takes: in review; by id, also FINALISED ones, to send what they were issued with. */
const statusesTaken = (scope: FinaliseScope): InvoicePeriodStatus[] =>
  'ids' in scope ? ['IN_REVIEW', 'FINALISED'] : ['IN_REVIEW'];

/**
 * POST /api/invoice/finalise: every chosen period must be in review (spec 1 §4), else nothing is
 * queued and the spec's message is the answer. The periods are numbered and sent by a background
 * run; its id is returned so the screen can follow it.
 */
export async function requestFinalise(
  db: DbOrTx,
  ids: number[],
  userId: number | null,
): Promise<{ runId: number; count: number }> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: invoicePeriods.id, status: invoicePeriods.status, identifier: invoicePeriods.identifier })
    .from(invoicePeriods)
    .where(inArray(invoicePeriods.id, unique));
  const missing = unique.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) throw notFound(`Invoice period ${missing.join(', ')} does not exist.`);
  // The spec's text as it is (spec 1 §8); which periods are in the way, and where in ids, go in details.
  const notInReview = rows
    .filter((row) => row.status !== 'IN_REVIEW')
    .map((row) => ({ ...row, index: ids.indexOf(row.id) }))
    .sort((a, b) => a.index - b.index);
  if (notInReview.length > 0)
    throw conflict(
      FINALISE_BLOCKED_MESSAGE,
      notInReview.map((row) => ({
        field: `body.ids.${row.index}`,
        message: `${row.identifier} is ${invoicePeriodStatusLabel(row.status)}, not in review.`,
      })),
    );
  const run = await enqueueRun(db, {
    kind: FINALISE_RUN_KIND,
    params: { ids: unique.sort((a, b) => a - b) },
    total: unique.length,
    createdBy: userId,
  });
  return { runId: run.id, count: unique.length };
}

/** POST /api/invoice/finalise-for-user: every period in review that ends on or before endDate, of the chosen intervals. */
export async function requestFinaliseForDateRange(
  db: DbOrTx,
  body: FinaliseForDateRangeBody,
  userId: number | null,
): Promise<{ runId: number; count: number }> {
  const scope: FinaliseScope = { endDate: body.endDate, weekly: body.weekly, monthly: body.monthly };
  const [row] = await db
    .select({ value: count() })
    .from(invoicePeriods)
    .where(and(scopeCondition(scope), eq(invoicePeriods.status, 'IN_REVIEW')));
  const total = row?.value ?? 0;
  if (total === 0)
    throw conflict(
      `No invoice periods ending on or before ${formatDate(body.endDate)} are ready to send for the chosen intervals.`,
    );
  const run = await enqueueRun(db, { kind: FINALISE_RUN_KIND, params: scope, total, createdBy: userId });
  return { runId: run.id, count: total };
}

export interface FinaliseOptions {
  mailer: Mailer;
  supplier: InvoiceSupplier;
  batchSize?: number;
  /** Tests only: called before each period is numbered, to fail a batch half-way. */
  beforePeriod?: (periodId: number) => void;
}

/** Who receives an invoice of this type: billing contacts who take it, else the company's billing e-mail. */
function recipientsOf(data: InvoicePeriodData, type: InvoiceType): string[] {
  const takes = (contact: InvoicePeriodData['contacts'][number]) =>
    type === 'ground'
      ? contact.groundInvoices
      : type === 'overnight'
        ? contact.overnightInvoices
        : contact.groundInvoices || contact.overnightInvoices;
  const contacts = data.contacts.filter((contact) => contact.email.trim() && takes(contact)).map((c) => c.email.trim());
  if (contacts.length > 0) return [...new Set(contacts)];
  return data.company.billingEmail?.trim() ? [data.company.billingEmail.trim()] : [];
}

/** E-mails a FINALISED period's invoices to its recipients; the period becomes INVOICED. */
async function sendPeriod(
  tx: DbOrTx,
  data: InvoicePeriodData,
  issued: IssuedInvoiceFile[],
  options: FinaliseOptions,
): Promise<RunLogEntry[]> {
  const entries: RunLogEntry[] = [];
  const period = data.period;
  if (issued.length === 0) {
    entries.push({
      level: 'info',
      entityId: String(period.id),
      message: `${period.identifier}: nothing charged in the period, no invoice issued.`,
    });
  } else if (!data.company.invoiceDigitalCopy) {
    entries.push({
      level: 'info',
      entityId: String(period.id),
      message: `${period.identifier}: invoices ${issued.map((i) => i.number).join(', ')} issued; ${data.company.name} takes no digital copy, so nothing was e-mailed.`,
    });
  } else {
    for (const invoice of issued) {
      const recipients = recipientsOf(data, invoice.type);
      if (recipients.length === 0) {
        entries.push({
          level: 'error',
          entityId: String(period.id),
          message: `${period.identifier}: invoice ${invoice.number} issued but not e-mailed: ${data.company.name} has no billing contact for ${INVOICE_TYPE_LABELS[invoice.type].toLowerCase()} invoices and no billing e-mail.`,
        });
        continue;
      }
      for (const to of recipients) {
        await options.mailer.send(tx, {
          to,
          subject: `Invoice ${invoice.number} from ${options.supplier.name} (${period.identifier})`,
          text: [
            `Dear ${data.company.name},`,
            '',
            `Please find attached invoice ${invoice.number} for ${formatDate(period.start)} to ${formatDate(period.end)}` +
              `${invoice.type === 'single' ? '' : ` (${INVOICE_TYPE_LABELS[invoice.type].toLowerCase()} work)`}, ` +
              `total ${formatEuro(invoice.total)} including VAT.`,
            '',
            `Please quote ${invoice.number} with your payment.`,
            '',
            options.supplier.name,
            `${options.supplier.email}  ${options.supplier.phone}`,
          ].join('\n'),
          attachments: [{ filename: `${invoice.number}.pdf`, contentType: 'application/pdf', content: invoice.pdf }],
        });
      }
      entries.push({
        level: 'change',
        entityId: String(period.id),
        message: `${period.identifier}: invoice ${invoice.number} (${formatEuro(invoice.total)}) e-mailed to ${recipients.join(', ')}.`,
      });
    }
  }
  await tx.update(invoicePeriods).set({ status: 'INVOICED' }).where(eq(invoicePeriods.id, period.id));
  return entries;
}

/**
 * The finalise run: per step, the next batch of its periods still in review (by id), each locked,
 * numbered from the gap-free series, given its PDFs, e-mailed to its billing contacts and marked
 * INVOICED, all in the step's transaction. A crash or a failure half-way through a batch rolls the
 * whole batch back (numbers included) and the retry starts it again; a period another run reached
 * first is no longer in review when its lock is granted, so it is skipped, never numbered twice.
 * A FINALISED period the run names by id (numbered, not yet sent: decision 012) is completed: its kept
 * invoices are e-mailed, with no new number, and it becomes INVOICED (one with a number but no kept
 * document is logged as an error and left FINALISED). Requests name only periods in
 * review (spec 1 §4), so such a run is one that was queued with those periods, as the demo data's is.
 */
export function finaliseRunHandler(options: FinaliseOptions): RunHandler {
  const batchSize = options.batchSize ?? DEFAULT_FINALISE_BATCH;
  return {
    async step({ tx, run, log }) {
      const scope = run.params as FinaliseScope;
      const cursor = Number(run.state.cursor ?? 0);
      const rows = await tx
        .select({ id: invoicePeriods.id, status: invoicePeriods.status })
        .from(invoicePeriods)
        .where(
          and(
            scopeCondition(scope),
            inArray(invoicePeriods.status, statusesTaken(scope)),
            gt(invoicePeriods.id, cursor),
          ),
        )
        .orderBy(asc(invoicePeriods.id))
        .limit(batchSize)
        .for('update');
      const entries: RunLogEntry[] = [];
      const issuedAt = new Date();
      let unsent = 0;
      for (const { id, status } of rows) {
        options.beforePeriod?.(id);
        const data = await loadInvoicePeriodData(tx, id);
        const issued =
          status === 'FINALISED'
            ? await keptInvoices(tx, data)
            : await issuePeriodInvoices(tx, data, { supplier: options.supplier, issuedAt });
        // Every number is issued with its document (issuePeriodInvoices): one without was not numbered
        // here, and what it invoices is not known, so the period is not sent and stays FINALISED.
        const undocumented = data.period.invoiceNumbers.filter((number) => !issued.some((i) => i.number === number));
        if (status === 'FINALISED' && undocumented.length > 0) {
          unsent++;
          entries.push({
            level: 'error',
            entityId: String(id),
            message: `${data.period.identifier}: not sent, still finalised: invoices ${undocumented.join(', ')} have no kept document.`,
          });
          continue;
        }
        entries.push(...(await sendPeriod(tx, data, issued, options)));
      }
      const finished = rows.length < batchSize;
      if (finished)
        entries.push({
          level: 'info',
          message: `Finished: ${run.done + rows.length} invoice periods finalised.`,
        });
      await log(entries);
      return {
        state: { cursor: rows.at(-1)?.id ?? cursor },
        done: rows.length,
        errors: unsent,
        finished,
      };
    },
  };
}
