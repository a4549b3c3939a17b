// Margin and driver-pay formulas of spec 2 §9, used by the margins endpoint, the summary bar and the
// Booking Summary report. Amounts are euros in and out; the arithmetic is in cents (common/money).
import { addMoney, subtractMoney, toCents, toEuro, type Cents } from '../common/money.ts';

/** The margin report totals of spec 2 §3, summed in SQL over the bookings a filter selects. */
export interface MarginReportTotals {
  /** Customer charges of the jobs. */
  totalCharges: number;
  /** Basic driver pay of the jobs. */
  totalPay: number;
  /** Price adjustment charges plus job extras charges. */
  totalAdjCharges: number;
  /** Price adjustment costs (not driver pay). */
  totalAdjCosts: number;
  /** Driver pay extras on tasks (waiting time, tolls paid to the driver). */
  totalAdjPay: number;
  /** Driver pay for job extras (the cost side of the extras breakdown). */
  totalBonusPay: number;
  /** Customs charged through to the customer (part of the charges, not margin). */
  totalCustoms: number;
  carrierCosts: number;
  carrierInsuranceCosts: number;
}

/** The summary totals of spec 2 §3 with the two percentages of spec 2 §9. */
export interface MarginSummary {
  driverPay: number;
  driverAdjPay: number;
  driverBonusPay: number;
  driverPayTotal: number;
  adjCosts: number;
  carrierCosts: number;
  carrierInsuranceCosts: number;
  totalCosts: number;
  charge: number;
  totalCustoms: number;
  chargeLessCustoms: number;
  adjCharge: number;
  totalCharges: number;
  driverPayPercent: number;
  marginPercent: number;
}

const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/**
 * Job driver pay percent = driverPrice / (exVatPrice / 100), rounded to a whole percent (spec 2 §9).
 * A job with no charge has no meaningful percentage: 0.
 */
export function jobDriverPayPercent(driverPrice: number | string, exVatPrice: number | string): number {
  const charge = toCents(exVatPrice);
  if (charge <= 0) return 0;
  return Math.round((toCents(driverPrice) / charge) * 100);
}

/**
 * Total driver pay percent over a set of bookings, 2 decimals. It is 0 when pay plus adjustments
 * exceeds the charges (spec 2 §9), and 0 when there is nothing charged.
 */
export function totalDriverPayPercent(driverPayTotal: number | string, charges: number | string): number {
  const pay = toCents(driverPayTotal);
  const charged = toCents(charges);
  if (charged <= 0 || pay > charged) return 0;
  return round2((pay / charged) * 100);
}

/** Margin percent = (charge less customs − total costs) / (charge less customs) × 100, 2 decimals; 0 on no charge (spec 2 §9). */
export function marginPercent(chargeLessCustoms: number | string, totalCosts: number | string): number {
  const charged = toCents(chargeLessCustoms);
  if (charged <= 0) return 0;
  return round2(((charged - toCents(totalCosts)) / charged) * 100);
}

export type MarginColour = 'red' | 'green';

/** Driver pay percent colour: red below 30 or above 45, else green (spec 2 §9). */
export function driverPayPercentColour(percent: number): MarginColour {
  return percent < 30 || percent > 45 ? 'red' : 'green';
}

/** Margin colour: red below 30, else green (spec 2 §9). */
export function marginColour(percent: number): MarginColour {
  return percent < 30 ? 'red' : 'green';
}

/** Derives the summary totals and percentages from the report totals, in cents. */
export function summariseMargins(totals: MarginReportTotals): MarginSummary {
  const c = (value: number): Cents => toCents(value);
  const driverPayTotal = addMoney(c(totals.totalPay), c(totals.totalAdjPay), c(totals.totalBonusPay));
  const totalCosts = addMoney(
    driverPayTotal,
    c(totals.totalAdjCosts),
    c(totals.carrierCosts),
    c(totals.carrierInsuranceCosts),
  );
  const totalCharges = addMoney(c(totals.totalCharges), c(totals.totalAdjCharges));
  const chargeLessCustoms = subtractMoney(totalCharges, c(totals.totalCustoms));
  return {
    driverPay: totals.totalPay,
    driverAdjPay: totals.totalAdjPay,
    driverBonusPay: totals.totalBonusPay,
    driverPayTotal: toEuro(driverPayTotal),
    adjCosts: totals.totalAdjCosts,
    carrierCosts: totals.carrierCosts,
    carrierInsuranceCosts: totals.carrierInsuranceCosts,
    totalCosts: toEuro(totalCosts),
    charge: totals.totalCharges,
    totalCustoms: totals.totalCustoms,
    chargeLessCustoms: toEuro(chargeLessCustoms),
    adjCharge: totals.totalAdjCharges,
    totalCharges: toEuro(totalCharges),
    driverPayPercent: totalDriverPayPercent(toEuro(driverPayTotal), toEuro(chargeLessCustoms)),
    marginPercent: marginPercent(toEuro(chargeLessCustoms), toEuro(totalCosts)),
  };
}
