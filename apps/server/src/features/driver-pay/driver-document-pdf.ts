import { formatDay } from '@courier/domain/common/calendar-days';
import { formatEuro } from '@courier/domain/common/money';
import {
  DRIVER_DOCUMENT_LABELS,
  DRIVER_DOCUMENT_TITLES,
  DRIVER_VAT_PERCENT,
  PAY_PERIOD_STATUS_TEXT,
  driverDocumentNumber,
  isDraftPayPeriod,
  rentalInvoiceTotals,
  selfBillingTotals,
  sumEuro,
  type DriverDocumentType,
} from '@courier/domain/driver-pay/documents';
import type { InvoiceSupplier } from '../../config.ts';
import type { PayDocumentData } from './document-data.ts';
import { componentRows, dayRows, driverLines, signedEuro, taskTable, weekText } from './document-lines.ts';
import { PdfDocument, type PdfTotal } from '../../platform/pdf-document.ts';

export interface DriverDocumentOptions {
  supplier: InvoiceSupplier;
  mergeExtras: boolean;
  /** The document's date, yyyy-MM-dd (driverDocumentDay). */
  day: string;
}

export const driverDocumentFileName = (data: PayDocumentData, type: DriverDocumentType) =>
  `${driverDocumentNumber(type, data.period.id)}-${data.driver.driverNumber}-${data.period.startDay}.pdf`;

const RENTAL_TYPES = new Set(['CARGO_RENTAL', 'EQUIPMENT_RENTAL']);

/**
 * A driver document of spec 2 §3 for one pay period, as a PDF: supplier (the company) and driver
 * details, the document's number and date, the week's tasks, the pay formula's components and every
 * adjustment, and totals to the cent. Which type a period may have is the domain's
 * driverDocumentProblem; the caller checks it first.
 */
export function renderDriverDocumentPdf(
  data: PayDocumentData,
  type: DriverDocumentType,
  options: DriverDocumentOptions,
): Promise<Buffer> {
  const { period, driver, facts } = data;
  const { supplier } = options;
  const number = driverDocumentNumber(type, period.id);
  const draft = type !== 'driver_proforma' && isDraftPayPeriod(period.status);
  const pdf = new PdfDocument({
    title: `${DRIVER_DOCUMENT_LABELS[type]} ${number}`,
    author: supplier.name,
    subject: `${driver.name}, week ${weekText(data)}`,
  });
  pdf.header(supplier, draft ? `DRAFT ${DRIVER_DOCUMENT_TITLES[type]}` : DRIVER_DOCUMENT_TITLES[type], [
    [type === 'driver_credit' ? 'Credit note number' : 'Document number', number],
    ['Date', formatDay(options.day)],
    ['Week', weekText(data)],
    ['Driver number', String(driver.driverNumber)],
    ['Pay period status', PAY_PERIOD_STATUS_TEXT[period.status]],
  ]);
  if (draft)
    pdf.note(
      'Draft: this pay period is not finalised yet, so the amounts may still change. The final document follows once it is finalised.',
      { strong: true },
    );

  const tasks = () => {
    const table = taskTable(data.tasks, options.mergeExtras);
    pdf.heading(`Tasks (${data.tasks.length})`).table(table.columns, table.rows, 'No tasks completed in this week.');
  };
  const unfloored = facts.unflooredTotal;

  switch (type) {
    case 'driver_proforma': {
      pdf.party('Driver', driverLines(data));
      tasks();
      pdf.heading('Pay');
      const rows: PdfTotal[] = [...componentRows(data), ...dayRows(data)];
      if (unfloored < 0) rows.push(['Total before the floor at €0.00', signedEuro(unfloored)]);
      rows.push(['Total payable (EUR)', formatEuro(period.total), true]);
      pdf.totals(rows);
      pdf.note(
        'This proforma is a statement of your pay for the week, not a VAT invoice. Please tell accounts of any error before the week is finalised.',
      );
      break;
    }
    case 'driver_invoice': {
      pdf.party('Supplier (self-billed)', driverLines(data));
      pdf.party('Customer', [supplier.name, ...supplier.address, `VAT number: ${supplier.vatNumber}`]);
      tasks();
      const totals = selfBillingTotals(unfloored);
      pdf.heading('Pay');
      pdf.totals([
        ...componentRows(data),
        ['Net', formatEuro(totals.net)],
        [`VAT (${DRIVER_VAT_PERCENT}%)`, formatEuro(totals.vat)],
        ['Total (EUR)', formatEuro(totals.gross), true],
      ]);
      pdf.note(
        `Self-billing invoice issued by ${supplier.name} on behalf of ${driver.name} under a self-billing agreement. The VAT shown is payable by the supplier to Revenue.`,
      );
      break;
    }
    case 'driver_credit': {
      pdf.party('Driver', driverLines(data));
      tasks();
      pdf.heading('Pay and deductions');
      pdf.totals([
        ...componentRows(data),
        ['Total for the week', signedEuro(unfloored)],
        ['Paid for the week', formatEuro(period.total)],
        ['Credit note amount, owed by the driver (EUR)', formatEuro(-unfloored), true],
      ]);
      pdf.note(
        `The deductions of this week exceed the pay: ${formatEuro(-unfloored)} is owed to ${supplier.name} and will be set against your next pay.`,
      );
      break;
    }
    case 'cyclone_invoice': {
      pdf.party('Bill to', driverLines(data));
      const rentals = data.adjustments.filter((adjustment) => RENTAL_TYPES.has(adjustment.type));
      pdf.heading('Rental and equipment').table(
        [
          { title: 'Description', width: 300, align: 'left' },
          { title: 'Days worked', width: 100, align: 'right' },
          { title: 'Amount (incl. VAT)', width: 115, align: 'right' },
        ],
        rentals.map((rental) => ({
          cells: [rental.description, String(period.daysWorked), formatEuro(rental.amount)],
        })),
        'No rentals in this week.',
      );
      const totals = rentalInvoiceTotals(facts.rentals);
      pdf.totals([
        ['Net', formatEuro(totals.net)],
        [`VAT (${DRIVER_VAT_PERCENT}%, included)`, formatEuro(totals.vat)],
        ['Total (EUR)', formatEuro(totals.gross), true],
      ]);
      pdf.note(`Deducted from your pay for the week ${weekText(data)}; nothing further is due.`);
      break;
    }
    case 'contra': {
      pdf.party('Driver', driverLines(data));
      const owedToDriver = componentRows(data).filter(([, value]) => !value.startsWith('-'));
      const deductions = data.adjustments.filter((adjustment) => adjustment.isDeduction);
      const payBeforeDeductions = sumEuro([unfloored, facts.deductions]);
      pdf
        .heading('Owed to the driver')
        .totals([...owedToDriver, ['Pay before deductions', formatEuro(payBeforeDeductions), true]]);
      pdf.heading('Owed by the driver').table(
        [
          { title: 'Deduction', width: 400, align: 'left' },
          { title: 'Amount', width: 115, align: 'right' },
        ],
        deductions.map((deduction) => ({ cells: [deduction.description, formatEuro(deduction.amount)] })),
        'No deductions.',
      );
      const rows: PdfTotal[] = [
        ['Pay before deductions', formatEuro(payBeforeDeductions)],
        ['Deductions set off', `-${formatEuro(facts.deductions)}`],
        ['Balance', signedEuro(unfloored)],
        ['Paid to the driver (EUR)', formatEuro(period.total), true],
      ];
      if (unfloored < 0) rows.push(['Carried forward, owed by the driver', formatEuro(-unfloored), true]);
      pdf.totals(rows);
      break;
    }
  }
  return pdf.finish();
}
