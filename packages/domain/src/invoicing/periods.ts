// Invoice period boundaries (spec 1 §3 'Invoice period', companyExtSettings.invoiceInterval): a
// monthly company is invoiced per calendar month, a weekly one per ISO week (Monday to Sunday).
// Days are yyyy-MM-dd calendar days (Europe/Dublin, as sent), worked out in UTC so the machine's
// time zone never shifts them.
import type { INVOICE_INTERVALS } from '../companies/billing.ts';
import { toIsoDay } from '../common/dates.ts';
import type { InvoicePeriodStatus } from './enums.ts';

export type InvoiceInterval = (typeof INVOICE_INTERVALS)[number];

export interface InvoicePeriodDays {
  /** First day, yyyy-MM-dd. */
  start: string;
  /** Last day, yyyy-MM-dd (included). */
  end: string;
  /** The period part of the identifier: 2026-10 for a month, 2026-W43 for an ISO week. */
  label: string;
}

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function parseDay(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime()) || isoDay(date) !== day)
    throw new RangeError(`${day} is not a yyyy-MM-dd day.`);
  return date;
}

/** ISO-8601 week: weeks start on Monday; week 1 is the week holding the year's first Thursday. */
function isoWeek(monday: Date): { year: number; week: number } {
  const thursday = new Date(monday.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return { year, week };
}

/** The period of this interval that holds the day. */
export function invoicePeriodContaining(day: string, interval: InvoiceInterval): InvoicePeriodDays {
  const date = parseDay(day);
  if (interval === 'M') {
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth();
    return {
      start: isoDay(new Date(Date.UTC(year, month, 1))),
      end: isoDay(new Date(Date.UTC(year, month + 1, 0))),
      label: `${year}-${pad(month + 1)}`,
    };
  }
  const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS);
  const { year, week } = isoWeek(monday);
  return {
    start: isoDay(monday),
    end: isoDay(new Date(monday.getTime() + 6 * DAY_MS)),
    label: `${year}-W${pad(week)}`,
  };
}

/** Every period from the one holding `first` to the one holding `last`, in order; none when last is before first. */
export function invoicePeriodsBetween(first: string, last: string, interval: InvoiceInterval): InvoicePeriodDays[] {
  const periods: InvoicePeriodDays[] = [];
  const lastDay = parseDay(last).getTime();
  for (let period = invoicePeriodContaining(first, interval); parseDay(period.start).getTime() <= lastDay;) {
    periods.push(period);
    period = invoicePeriodContaining(isoDay(new Date(parseDay(period.end).getTime() + DAY_MS)), interval);
  }
  return periods;
}

/** The identifier staff and invoices know a period by: ATL001-2026-10, ATL001-2026-W43. */
export function invoicePeriodIdentifier(accountCode: string, period: Pick<InvoicePeriodDays, 'label'>): string {
  return `${accountCode}-${period.label}`;
}

/**
 * The period an instant falls in, by its Europe/Dublin day: a job delivered at 23:59 on a Sunday in
 * Dublin belongs to that week, whatever the UTC date, in summer time and in winter time alike.
 */
export function invoicePeriodOfInstant(instant: Date, interval: InvoiceInterval): InvoicePeriodDays {
  return invoicePeriodContaining(toIsoDay(instant), interval);
}

/**
 * The statuses of a period that still takes charges: open (ACTIVE) or ended but not yet numbered
 * (IN_REVIEW, Ready to send). A job that became chargeable in a week or month whose period is
 * FINALISED or INVOICED already goes into its company's open period instead (decision 012).
 */
export const PERIOD_STATUSES_TAKING_CHARGES = ['ACTIVE', 'IN_REVIEW'] as const satisfies readonly InvoicePeriodStatus[];
