import { STOP_TYPE_LABELS } from '@courier/domain/bookings/enums';
import { formatDay } from '@courier/domain/common/calendar-days';
import { formatDate, formatTime, toIsoDay } from '@courier/domain/common/dates';
import { formatEuro } from '@courier/domain/common/money';
import { sumEuro } from '@courier/domain/driver-pay/documents';
import { DRIVER_VEHICLE_LABELS } from '@courier/domain/drivers/labels';
import type { DriverVehicle } from '@courier/domain/drivers/enums';
import type { PayDocumentData, PayTaskLine } from './document-data.ts';
import type { PdfColumn, PdfRow, PdfTotal } from '../../platform/pdf-document.ts';

// The parts the timesheet and the documents both print: the task table, the pay components and the
// driver's details.

export const weekText = (data: PayDocumentData) =>
  `${formatDay(data.period.startDay)} to ${formatDay(data.period.endDay)}`;

export const vehicleText = (vehicle: string) => DRIVER_VEHICLE_LABELS[vehicle as DriverVehicle] ?? vehicle;

/** The driver block: name, number, address, tax number and VAT status. */
export function driverLines(data: PayDocumentData): string[] {
  return [
    data.driver.name,
    `Driver number ${data.driver.driverNumber}`,
    ...(data.address.length > 0 ? data.address : ['No address on file']),
    `Tax number: ${data.settings?.taxNumber || 'not on file'}`,
    `VAT status: ${data.settings ? (data.settings.vatRegistered ? 'VAT registered' : 'Not VAT registered') : 'not on file'}`,
  ];
}

/** The task table: one row a task; extras in their own column, or merged into Pay. */
export function taskTable(
  tasks: readonly PayTaskLine[],
  mergeExtras: boolean,
): { columns: PdfColumn[]; rows: PdfRow[] } {
  const columns: PdfColumn[] = [
    { title: 'Date', width: 60, align: 'left' },
    { title: 'Time', width: 40, align: 'left' },
    { title: 'Job', width: 150, align: 'left' },
    { title: 'Task', width: 50, align: 'left' },
    ...(mergeExtras
      ? [{ title: 'Pay (incl. extras)', width: 215, align: 'right' } as const]
      : [
          { title: 'Pay', width: 110, align: 'right' } as const,
          { title: 'Extras', width: 105, align: 'right' } as const,
        ]),
  ];
  const rows = tasks.map((task) => ({
    cells: [
      formatDate(task.completedAt),
      formatTime(task.completedAt),
      task.jobReference,
      STOP_TYPE_LABELS[task.type],
      ...(mergeExtras
        ? [formatEuro(sumEuro([task.driverPay, task.driverPayExtra]))]
        : [formatEuro(task.driverPay), formatEuro(task.driverPayExtra)]),
    ],
  }));
  return { columns, rows };
}

/** Tasks per Dublin day, with their pay and extras. */
export function taskDays(tasks: readonly PayTaskLine[]) {
  const days = new Map<string, PayTaskLine[]>();
  for (const task of tasks) {
    const day = toIsoDay(task.completedAt);
    const list = days.get(day);
    if (list) list.push(task);
    else days.set(day, [task]);
  }
  return [...days.entries()].map(([day, list]) => ({
    day,
    tasks: list.length,
    pay: sumEuro(list.map((task) => task.driverPay)),
    extras: sumEuro(list.map((task) => task.driverPayExtra)),
  }));
}

/**
 * The components of the pay formula (spec 2 §9) with the percents they were worked out with, then
 * every adjustment signed (boost, rentals, manual ones), as the period holds them.
 */
export function componentRows(data: PayDocumentData, options: { rentals?: boolean } = {}): PdfTotal[] {
  const { period } = data;
  const rows: PdfTotal[] = [
    ['Base pay (tasks and extras)', formatEuro(period.basePay)],
    [
      data.fuelPercent === null ? 'Fuel surcharge' : `Fuel surcharge (${data.fuelPercent}%)`,
      formatEuro(period.fuelSurcharge),
    ],
    [
      data.attendancePercent === null ? 'Attendance bonus' : `Attendance bonus (${data.attendancePercent}%)`,
      formatEuro(period.attendanceBonus),
    ],
    ['Cargo bonus', formatEuro(period.cargoBonus)],
    ['Helmet bonus', formatEuro(period.helmetBonus)],
    ['Back box bonus', formatEuro(period.backBoxBonus)],
  ];
  for (const adjustment of data.adjustments) {
    const rental = adjustment.type === 'CARGO_RENTAL' || adjustment.type === 'EQUIPMENT_RENTAL';
    if (rental && options.rentals === false) continue;
    rows.push([
      adjustment.description,
      adjustment.isDeduction ? `-${formatEuro(adjustment.amount)}` : formatEuro(adjustment.amount),
    ]);
  }
  return rows;
}

/** Days worked, booked off and missed, as the totals print them. */
export function dayRows(data: PayDocumentData): PdfTotal[] {
  return [
    ['Days worked', String(data.period.daysWorked)],
    ['Days booked off', String(data.period.daysBookedOff)],
    ['Days missed', String(data.period.daysMissed)],
  ];
}

/** A signed euro amount for a total that may be below zero. */
export const signedEuro = (amount: number) => (amount < 0 ? `-${formatEuro(-amount)}` : formatEuro(amount));
