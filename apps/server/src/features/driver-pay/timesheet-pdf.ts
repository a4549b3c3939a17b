import { formatDay } from '@courier/domain/common/calendar-days';
import { formatEuro } from '@courier/domain/common/money';
import { PAY_PERIOD_STATUS_TEXT, sumEuro } from '@courier/domain/driver-pay/documents';
import type { InvoiceSupplier } from '../../config.ts';
import type { PayDocumentData } from './document-data.ts';
import { dayRows, driverLines, taskDays, taskTable, vehicleText, weekText } from './document-lines.ts';
import { PdfDocument, type PdfTotal } from '../../platform/pdf-document.ts';

export const timesheetFileName = (data: PayDocumentData) =>
  `timesheet-${data.driver.driverNumber}-${data.period.startDay}.pdf`;

/**
 * A driver's timesheet for a pay week (GET /api/pay/period/timesheet): every task completed in the
 * week (date, time, job, PU/DROP/STOP/RTB, pay and extras, or both in one column with mergeExtras),
 * the days with their task counts and pay, days worked, booked off and missed, and the totals.
 */
export function renderTimesheetPdf(
  data: PayDocumentData,
  options: { supplier: InvoiceSupplier; mergeExtras: boolean },
): Promise<Buffer> {
  const { period, driver, tasks } = data;
  const pdf = new PdfDocument({
    title: `Timesheet ${driver.name} ${period.startDay}`,
    author: options.supplier.name,
    subject: `Driver ${driver.driverNumber}, week ${weekText(data)}`,
  });
  pdf.header(options.supplier, 'TIMESHEET', [
    ['Driver number', String(driver.driverNumber)],
    ['Week', weekText(data)],
    ['Vehicle', vehicleText(driver.vehicle)],
    ['Pay period status', PAY_PERIOD_STATUS_TEXT[period.status]],
  ]);
  pdf.party('Driver', driverLines(data));

  const table = taskTable(tasks, options.mergeExtras);
  pdf.heading(`Tasks (${tasks.length})`).table(table.columns, table.rows, 'No tasks completed in this week.');

  const days = taskDays(tasks);
  pdf.heading('Days').table(
    [
      { title: 'Day', width: 150, align: 'left' },
      { title: 'Tasks', width: 80, align: 'right' },
      ...(options.mergeExtras
        ? [{ title: 'Pay (incl. extras)', width: 285, align: 'right' } as const]
        : [
            { title: 'Pay', width: 140, align: 'right' } as const,
            { title: 'Extras', width: 145, align: 'right' } as const,
          ]),
    ],
    days.map((day) => ({
      cells: [
        formatDay(day.day),
        String(day.tasks),
        ...(options.mergeExtras
          ? [formatEuro(sumEuro([day.pay, day.extras]))]
          : [formatEuro(day.pay), formatEuro(day.extras)]),
      ],
    })),
    'No days with tasks.',
  );

  const pay = sumEuro(tasks.map((task) => task.driverPay));
  const extras = sumEuro(tasks.map((task) => task.driverPayExtra));
  pdf.totals([
    ['Tasks', String(tasks.length)],
    ['Days with tasks', String(days.length)],
    ...dayRows(data),
    ...(options.mergeExtras
      ? [['Task pay (incl. extras)', formatEuro(sumEuro([pay, extras]))] as PdfTotal]
      : [['Task pay', formatEuro(pay)] as PdfTotal, ['Extras', formatEuro(extras)] as PdfTotal]),
    ['Base pay', formatEuro(sumEuro([pay, extras])), true],
    ['Total pay for the week', formatEuro(period.total), true],
  ]);
  return pdf.finish();
}
