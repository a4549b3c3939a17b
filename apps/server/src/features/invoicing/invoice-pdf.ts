import { formatDate } from '@courier/domain/common/dates';
import { formatEuro } from '@courier/domain/common/money';
import { INVOICE_TYPE_LABELS, type InvoiceType } from '@courier/domain/invoicing/invoice-totals';
import type { InvoiceSupplier } from '../../config.ts';
import { PdfDocument, type PdfColumn, type PdfTotal } from '../../platform/pdf-document.ts';
import { invoiceOf, type InvoicePeriodData } from './invoice-data.ts';

/** The number and date printed on an issued invoice; absent on a draft (a period not yet finalised). */
export interface IssuedInvoice {
  number: string;
  date: Date;
}

const COLUMNS: PdfColumn[] = [
  { title: 'Date', width: 48, align: 'left' },
  { title: 'Job', width: 78, align: 'left' },
  { title: 'Description', width: 170, align: 'left' },
  { title: 'Your reference', width: 92, align: 'left' },
  { title: 'Service', width: 65, align: 'left' },
  { title: 'Amount', width: 62, align: 'right' },
];

/**
 * An invoice of a period as a PDF (platform/pdf-document.ts): the supplier, the customer's billing
 * details and purchase order number, one line per job and per adjustment, then subtotal, discounts,
 * surcharges by name and rate, VAT by the company's VAT code, and the total. Without `issued` it is a
 * draft marked as such, for a period not yet finalised.
 */
export function renderInvoicePdf(
  data: InvoicePeriodData,
  type: InvoiceType,
  supplier: InvoiceSupplier,
  issued: IssuedInvoice | null,
): Promise<Buffer> {
  const { lines, totals } = invoiceOf(data, type);
  const title = issued ? 'INVOICE' : 'DRAFT INVOICE';
  const details: [string, string][] = [
    ['Invoice number', issued?.number ?? 'Not issued (draft)'],
    ['Invoice date', formatDate(issued?.date ?? new Date())],
    ['Period', `${formatDate(data.period.start)} to ${formatDate(data.period.end)}`],
    ['Period reference', data.period.identifier],
    ['Account', data.company.accountCode ?? '-'],
    ['Purchase order', data.company.purchaseOrderNumber?.trim() || '-'],
  ];
  if (type !== 'single') details.splice(1, 0, ['Invoice for', `${INVOICE_TYPE_LABELS[type]} work`]);

  const totalRows: PdfTotal[] = [['Subtotal', formatEuro(totals.subtotal)]];
  if (totals.discount)
    totalRows.push([`Discount (${data.charges.discountPercent}%)`, `-${formatEuro(totals.discount)}`]);
  if (totals.discountTwo)
    totalRows.push([`Second discount (${data.charges.discountTwoPercent}%)`, `-${formatEuro(totals.discountTwo)}`]);
  for (const surcharge of totals.surcharges)
    totalRows.push([`${surcharge.name} (${surcharge.ratePercent}%)`, formatEuro(surcharge.amount)]);
  totalRows.push(['Net', formatEuro(totals.net)]);
  totalRows.push([
    data.charges.vatCode === 'ZER' ? 'VAT (0%, zero-rated)' : `VAT (${totals.vatRate}%)`,
    formatEuro(totals.vat),
  ]);
  totalRows.push(['Total (EUR)', formatEuro(totals.total), true]);

  return new PdfDocument({
    title: `${title} ${issued?.number ?? data.period.identifier}`,
    author: supplier.name,
    subject: `${data.company.name} ${data.period.identifier}`,
  })
    .header(supplier, title, details)
    .party('Bill to', [
      data.company.name,
      ...data.company.billingAddress,
      ...(data.company.vatNumber ? [`VAT number: ${data.company.vatNumber}`] : []),
    ])
    .table(
      COLUMNS,
      lines.map((line) => ({
        cells: [
          formatDate(line.date),
          line.jobReference,
          line.description,
          line.customerReferences,
          line.service,
          formatEuro(line.amount),
        ],
      })),
      'No charges on this invoice.',
    )
    .totals(totalRows)
    .note(`Please quote ${issued?.number ?? data.period.identifier} with your payment.`)
    .finish();
}
