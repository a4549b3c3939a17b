import { INVOICE_TYPE_LABELS, type InvoiceType } from '@courier/domain/invoicing/invoice-totals';
import { csvLine } from '../../platform/csv.ts';
import { invoiceOf, type InvoicePeriodData } from './invoice-data.ts';

const WORK_LABELS = { ground: 'Ground', overnight: 'Overnight', international: 'International' } as const;
const euro = (value: number | string) => (typeof value === 'number' ? value.toFixed(2) : value);

/**
 * An invoice of a period as CSV (format 'staff'): one row per job and per adjustment with the kind
 * of work and whether it is a job or an adjustment, then the totals the invoice prints (discounts,
 * surcharges by name and rate, VAT, total). Amounts are plain numbers with 2 decimals, ex VAT; every
 * cell goes through the formula-injection guard (a description such as '=HYPERLINK(…)' stays text).
 */
export function renderInvoiceCsv(data: InvoicePeriodData, type: InvoiceType, invoiceNumber: string | null): string {
  const { lines, totals } = invoiceOf(data, type);
  const out: string[] = [
    csvLine([
      'Invoice number',
      'Invoice',
      'Period',
      'Account',
      'Date',
      'Job',
      'Line',
      'Work',
      'Description',
      'Your reference',
      'Service',
      'Amount ex VAT',
    ]),
  ];
  const head = [invoiceNumber ?? '', INVOICE_TYPE_LABELS[type], data.period.identifier, data.company.accountCode ?? ''];
  for (const line of lines) {
    out.push(
      csvLine([
        ...head,
        line.date,
        line.jobReference,
        line.source === 'job' ? 'Job' : 'Adjustment',
        WORK_LABELS[line.kind],
        line.description,
        line.customerReferences,
        line.service,
        euro(line.amount),
      ]),
    );
  }
  const total = (label: string, amount: number) =>
    out.push(csvLine([...head, '', '', 'Total', '', label, '', '', euro(amount)]));
  total('Subtotal', totals.subtotal);
  if (totals.discount) total(`Discount (${data.charges.discountPercent}%)`, -totals.discount);
  if (totals.discountTwo) total(`Second discount (${data.charges.discountTwoPercent}%)`, -totals.discountTwo);
  for (const surcharge of totals.surcharges) total(`${surcharge.name} (${surcharge.ratePercent}%)`, surcharge.amount);
  total('Net', totals.net);
  total(`VAT (${totals.vatRate}%)`, totals.vat);
  total('Total', totals.total);
  return out.join('');
}
