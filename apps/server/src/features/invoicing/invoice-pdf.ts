import PDFDocument from 'pdfkit';
import { formatDate } from '@courier/domain/common/dates';
import { formatEuro } from '@courier/domain/common/money';
import { INVOICE_TYPE_LABELS, type InvoiceType } from '@courier/domain/invoicing/invoice-totals';
import type { InvoiceSupplier } from '../../config.ts';
import { invoiceOf, type InvoicePeriodData } from './invoice-data.ts';

/** The number and date printed on an issued invoice; absent on a draft (a period not yet finalised). */
export interface IssuedInvoice {
  number: string;
  date: Date;
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 }; // A4 in points
const ROW_HEIGHT = 14;
const COLUMNS = [
  { title: 'Date', width: 48, align: 'left' },
  { title: 'Job', width: 78, align: 'left' },
  { title: 'Description', width: 170, align: 'left' },
  { title: 'Your reference', width: 92, align: 'left' },
  { title: 'Service', width: 65, align: 'left' },
  { title: 'Amount', width: 62, align: 'right' },
] as const;

/**
 * An invoice of a period as a PDF (pdfkit, its built-in Helvetica: nothing is downloaded): the
 * supplier, the customer's billing details and purchase order number, one line per job and per
 * adjustment, then subtotal, discounts, surcharges by name and rate, VAT by the company's VAT code,
 * and the total. Without `issued` it is a draft marked as such, for a period not yet finalised.
 */
export function renderInvoicePdf(
  data: InvoicePeriodData,
  type: InvoiceType,
  supplier: InvoiceSupplier,
  issued: IssuedInvoice | null,
): Promise<Buffer> {
  const { lines, totals } = invoiceOf(data, type);
  const title = issued ? 'INVOICE' : 'DRAFT INVOICE';
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: `${title} ${issued?.number ?? data.period.identifier}`,
      Author: supplier.name,
      Subject: `${data.company.name} ${data.period.identifier}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;

  // Supplier, top left; the invoice's own details, top right.
  doc.font('Helvetica-Bold').fontSize(14).text(supplier.name, left, PAGE.margin);
  doc.font('Helvetica').fontSize(9);
  for (const line of supplier.address) doc.text(line);
  doc.text(`VAT number: ${supplier.vatNumber}`);
  doc.text(`${supplier.email}  ${supplier.phone}`);

  const details: [string, string][] = [
    ['Invoice number', issued?.number ?? 'Not issued (draft)'],
    ['Invoice date', issued ? formatDate(issued.date) : formatDate(new Date())],
    ['Period', `${formatDate(data.period.start)} to ${formatDate(data.period.end)}`],
    ['Period reference', data.period.identifier],
    ['Account', data.company.accountCode ?? '-'],
    ['Purchase order', data.company.purchaseOrderNumber?.trim() || '-'],
  ];
  if (type !== 'single') details.splice(1, 0, ['Invoice for', `${INVOICE_TYPE_LABELS[type]} work`]);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(title, 330, PAGE.margin, { width: right - 330, align: 'right' });
  doc.fontSize(9);
  let y = doc.y + 4;
  for (const [label, value] of details) {
    doc.font('Helvetica').text(label, 330, y, { width: 95 });
    doc.font('Helvetica-Bold').text(value, 425, y, { width: right - 425, align: 'right' });
    y += 12;
  }

  // Bill to.
  y = Math.max(y, doc.y) + 16;
  doc.font('Helvetica-Bold').fontSize(10).text('Bill to', left, y);
  doc.font('Helvetica').fontSize(9).text(data.company.name);
  for (const line of data.company.billingAddress) doc.text(line);
  if (data.company.vatNumber) doc.text(`VAT number: ${data.company.vatNumber}`);
  y = doc.y + 14;

  // Lines.
  const header = (top: number) => {
    doc.font('Helvetica-Bold').fontSize(8);
    let x = left;
    for (const column of COLUMNS) {
      doc.text(column.title, x, top, { width: column.width - 4, align: column.align, lineBreak: false });
      x += column.width;
    }
    doc
      .moveTo(left, top + 11)
      .lineTo(right, top + 11)
      .lineWidth(0.5)
      .stroke();
    doc.font('Helvetica').fontSize(8);
    return top + 15;
  };
  y = header(y);
  const bottom = PAGE.height - PAGE.margin - 20;
  for (const line of lines) {
    if (y + ROW_HEIGHT > bottom) {
      doc.addPage();
      y = header(PAGE.margin);
    }
    const cells = [
      formatDate(line.date),
      line.jobReference,
      line.description,
      line.customerReferences,
      line.service,
      formatEuro(line.amount),
    ];
    let x = left;
    cells.forEach((cell, index) => {
      const column = COLUMNS[index]!;
      doc.text(cell, x, y, { width: column.width - 4, align: column.align, lineBreak: false, ellipsis: true });
      x += column.width;
    });
    y += ROW_HEIGHT;
  }
  if (lines.length === 0) {
    doc.text('No charges on this invoice.', left, y);
    y += ROW_HEIGHT;
  }

  // Totals.
  const totalRows: [string, string, boolean?][] = [['Subtotal', formatEuro(totals.subtotal)]];
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
  if (y + 10 + totalRows.length * 13 > bottom) {
    doc.addPage();
    y = PAGE.margin;
  }
  y += 10;
  for (const [label, value, strong] of totalRows) {
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 10 : 9);
    doc.text(label, 330, y, { width: 150 });
    doc.text(value, 480, y, { width: right - 480, align: 'right' });
    y += 13;
  }
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(`Please quote ${issued?.number ?? data.period.identifier} with your payment.`, left, y + 12);

  // Page numbers, once every page exists.
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    doc.page.margins.bottom = 0; // the footer sits in the margin; without this pdfkit would start a new page
    doc
      .font('Helvetica')
      .fontSize(7)
      .text(`Page ${page + 1} of ${range.count}`, left, PAGE.height - PAGE.margin - 8, {
        width: right - left,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
