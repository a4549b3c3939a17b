import PDFDocument from 'pdfkit';
import type { InvoiceSupplier } from '../config.ts';

// The one layout of the documents the app prints (invoices, driver timesheets and pay documents),
// with pdfkit and its built-in Helvetica (nothing downloaded): A4, the supplier top left, the
// document's details top right, the parties, a table that carries on over pages with its header,
// right-aligned totals and page numbers.

const PAGE = { width: 595.28, height: 841.89, margin: 40 }; // A4 in points
const ROW_HEIGHT = 14;
const LEFT = PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 20;

export interface PdfColumn {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** A table row: its cells, and whether it is a subtotal (bold, ruled above). */
export interface PdfRow {
  cells: string[];
  strong?: boolean;
}

/** A totals row: label, amount, bold for the amount that matters. */
export type PdfTotal = [label: string, value: string, strong?: boolean];

export class PdfDocument {
  private readonly doc: PDFKit.PDFDocument;
  private readonly done: Promise<Buffer>;
  private y = PAGE.margin;

  constructor(info: { title: string; author: string; subject: string }) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      bufferPages: true,
      info: { Title: info.title, Author: info.author, Subject: info.subject },
    });
    const chunks: Buffer[] = [];
    this.done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
  }

  /** The supplier top left; the title and the document's details top right. */
  header(supplier: InvoiceSupplier, title: string, details: [string, string][]): this {
    const doc = this.doc;
    doc.font('Helvetica-Bold').fontSize(14).text(supplier.name, LEFT, PAGE.margin, { width: 270 });
    doc.font('Helvetica').fontSize(9);
    for (const line of supplier.address) doc.text(line, { width: 270 });
    doc.text(`VAT number: ${supplier.vatNumber}`);
    doc.text(`${supplier.email}  ${supplier.phone}`);
    const leftBottom = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(15)
      .text(title, 310, PAGE.margin, { width: RIGHT - 310, align: 'right' });
    doc.fontSize(9);
    let y = doc.y + 4;
    for (const [label, value] of details) {
      doc.font('Helvetica').text(label, 310, y, { width: 100 });
      doc.font('Helvetica-Bold').text(value, 410, y, { width: RIGHT - 410, align: 'right' });
      y += 12;
    }
    this.y = Math.max(y, leftBottom) + 14;
    return this;
  }

  /** A block of lines under a bold heading, e.g. the driver's name, address and tax number. */
  party(heading: string, lines: string[]): this {
    const doc = this.doc;
    doc.font('Helvetica-Bold').fontSize(10).text(heading, LEFT, this.y);
    doc.font('Helvetica').fontSize(9);
    for (const line of lines) doc.text(line, { width: 300 });
    this.y = doc.y + 12;
    return this;
  }

  /** A short paragraph (a note, a draft warning). */
  note(text: string, options: { strong?: boolean } = {}): this {
    this.ensure(ROW_HEIGHT * 2);
    this.doc
      .font(options.strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .text(text, LEFT, this.y, { width: RIGHT - LEFT });
    this.y = this.doc.y + 8;
    return this;
  }

  /** A section heading above a table. */
  heading(text: string): this {
    this.ensure(ROW_HEIGHT * 3);
    this.doc.font('Helvetica-Bold').fontSize(10).text(text, LEFT, this.y);
    this.y = this.doc.y + 4;
    return this;
  }

  /** A table; rows that do not fit go on a new page under the header again. */
  table(columns: readonly PdfColumn[], rows: readonly PdfRow[], empty: string): this {
    const doc = this.doc;
    const header = () => {
      doc.font('Helvetica-Bold').fontSize(8);
      let x = LEFT;
      for (const column of columns) {
        doc.text(column.title, x, this.y, { width: column.width - 4, align: column.align, lineBreak: false });
        x += column.width;
      }
      doc
        .moveTo(LEFT, this.y + 11)
        .lineTo(RIGHT, this.y + 11)
        .lineWidth(0.5)
        .stroke();
      this.y += 15;
    };
    this.ensure(ROW_HEIGHT * 3);
    header();
    for (const row of rows) {
      if (this.y + ROW_HEIGHT > BOTTOM) {
        doc.addPage();
        this.y = PAGE.margin;
        header();
      }
      if (row.strong)
        doc
          .moveTo(LEFT, this.y - 2)
          .lineTo(RIGHT, this.y - 2)
          .lineWidth(0.3)
          .stroke();
      doc.font(row.strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
      let x = LEFT;
      row.cells.forEach((cell, index) => {
        const column = columns[index];
        if (!column) return;
        doc.text(cell, x, this.y, { width: column.width - 4, align: column.align, lineBreak: false, ellipsis: true });
        x += column.width;
      });
      this.y += ROW_HEIGHT;
    }
    if (rows.length === 0) {
      doc.font('Helvetica').fontSize(8).text(empty, LEFT, this.y);
      this.y += ROW_HEIGHT;
    }
    this.y += 8;
    return this;
  }

  /** Label and amount pairs, right-aligned, kept together on one page. */
  totals(rows: readonly PdfTotal[]): this {
    this.ensure(rows.length * 13 + 10);
    for (const [label, value, strong] of rows) {
      this.doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 10 : 9);
      this.doc.text(label, 300, this.y, { width: 180 });
      this.doc.text(value, 480, this.y, { width: RIGHT - 480, align: 'right' });
      this.y += 13;
    }
    this.y += 8;
    return this;
  }

  /** Ends the file: page numbers on every page, then the bytes. */
  finish(): Promise<Buffer> {
    const doc = this.doc;
    const range = doc.bufferedPageRange();
    for (let page = range.start; page < range.start + range.count; page++) {
      doc.switchToPage(page);
      doc.page.margins.bottom = 0; // the footer sits in the margin; without this pdfkit would start a new page
      doc
        .font('Helvetica')
        .fontSize(7)
        .text(`Page ${page + 1} of ${range.count}`, LEFT, PAGE.height - PAGE.margin - 8, {
          width: RIGHT - LEFT,
          align: 'center',
          lineBreak: false,
        });
    }
    doc.end();
    return this.done;
  }

  private ensure(height: number) {
    if (this.y + height > BOTTOM) {
      this.doc.addPage();
      this.y = PAGE.margin;
    }
  }
}

/** Column widths of a table that fill the page's width (the last one takes what is left). */
export const PAGE_CONTENT_WIDTH = RIGHT - LEFT;
