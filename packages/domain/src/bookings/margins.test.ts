import { describe, expect, it } from 'vitest';
import {
  driverPayPercentColour,
  jobDriverPayPercent,
  marginColour,
  marginPercent,
  summariseMargins,
  totalDriverPayPercent,
  type MarginReportTotals,
} from './margins.ts';

const zeroTotals: MarginReportTotals = {
  totalCharges: 0,
  totalPay: 0,
  totalAdjCharges: 0,
  totalAdjCosts: 0,
  totalAdjPay: 0,
  totalBonusPay: 0,
  totalCustoms: 0,
  carrierCosts: 0,
  carrierInsuranceCosts: 0,
};

describe('job driver pay percent (spec 2 §9: driverPrice / (exVatPrice / 100), rounded)', () => {
  it.each([
    [10, 25, 40],
    [12.5, 25, 50],
    ['8.33', '25.00', 33], // 33.32 → 33
    [8.38, 25, 34], // 33.52 → 34
    [1, 8, 13], // 12.5 → 13: the half rounds up
    [30, 25, 120],
    [0, 25, 0],
  ])('pay %j of charge %j is %i%%', (pay, charge, expected) => {
    expect(jobDriverPayPercent(pay, charge)).toBe(expected);
  });

  it('is 0 for a job with no charge', () => {
    expect(jobDriverPayPercent(10, 0)).toBe(0);
    expect(jobDriverPayPercent(0, 0)).toBe(0);
  });
});

describe('total driver pay percent', () => {
  it('is pay over charges, 2 decimals', () => {
    expect(totalDriverPayPercent(1000, 3000)).toBe(33.33);
    expect(totalDriverPayPercent(2000, 3000)).toBe(66.67);
    expect(totalDriverPayPercent(3000, 3000)).toBe(100);
  });

  it('is 0 if pay plus adjustments exceeds the charges', () => {
    expect(totalDriverPayPercent(3000.01, 3000)).toBe(0);
    expect(totalDriverPayPercent(5, 0.01)).toBe(0);
  });

  it('is 0 for zero totals', () => {
    expect(totalDriverPayPercent(0, 0)).toBe(0);
    expect(totalDriverPayPercent(10, 0)).toBe(0);
    expect(totalDriverPayPercent(0, 100)).toBe(0);
  });
});

describe('margin percent (spec 2 §9)', () => {
  it('is (charge less customs − costs) / (charge less customs) × 100, 2 decimals', () => {
    expect(marginPercent(200, 150)).toBe(25);
    expect(marginPercent(300, 100)).toBe(66.67);
    expect(marginPercent(300, 200)).toBe(33.33);
    expect(marginPercent('123.45', '0.00')).toBe(100);
  });

  it('goes negative when costs exceed the charge', () => {
    expect(marginPercent(100, 150)).toBe(-50);
  });

  it('is 0 with nothing charged, whatever the costs', () => {
    expect(marginPercent(0, 0)).toBe(0);
    expect(marginPercent(0, 50)).toBe(0);
    expect(marginPercent(-10, 50)).toBe(0);
  });
});

describe('colours (spec 2 §9)', () => {
  it.each([
    [29.99, 'red'],
    [30, 'green'],
    [45, 'green'],
    [45.01, 'red'],
    [0, 'red'],
  ] as const)('driver pay %d%% is %s', (percent, colour) => {
    expect(driverPayPercentColour(percent)).toBe(colour);
  });

  it.each([
    [29.99, 'red'],
    [30, 'green'],
    [-5, 'red'],
    [95, 'green'],
  ] as const)('margin %d%% is %s', (percent, colour) => {
    expect(marginColour(percent)).toBe(colour);
  });
});

describe('summariseMargins', () => {
  it('derives every summary total to the cent', () => {
    const summary = summariseMargins({
      totalCharges: 1000.1,
      totalPay: 300.2,
      totalAdjCharges: 50.05,
      totalAdjCosts: 20.01,
      totalAdjPay: 10.1,
      totalBonusPay: 5.2,
      totalCustoms: 40.15,
      carrierCosts: 100.3,
      carrierInsuranceCosts: 2.1,
    });
    expect(summary).toEqual({
      driverPay: 300.2,
      driverAdjPay: 10.1,
      driverBonusPay: 5.2,
      driverPayTotal: 315.5,
      adjCosts: 20.01,
      carrierCosts: 100.3,
      carrierInsuranceCosts: 2.1,
      totalCosts: 437.91,
      charge: 1000.1,
      totalCustoms: 40.15,
      chargeLessCustoms: 1010,
      adjCharge: 50.05,
      totalCharges: 1050.15,
      driverPayPercent: 31.24, // 315.50 / 1010.00
      marginPercent: 56.64, // (1010 − 437.91) / 1010
    });
  });

  it('adds 0.1 + 0.2 as 0.30, not 0.30000000000000004', () => {
    const summary = summariseMargins({ ...zeroTotals, totalPay: 0.1, totalAdjPay: 0.2, totalCharges: 1 });
    expect(summary.driverPayTotal).toBe(0.3);
    expect(summary.totalCosts).toBe(0.3);
  });

  it('gives zero percentages for all-zero totals', () => {
    const summary = summariseMargins(zeroTotals);
    expect(summary.driverPayPercent).toBe(0);
    expect(summary.marginPercent).toBe(0);
    expect(summary.totalCosts).toBe(0);
  });

  it('gives a 0 driver pay percent when pay plus adjustments exceeds the charges', () => {
    const summary = summariseMargins({ ...zeroTotals, totalCharges: 100, totalPay: 90, totalAdjPay: 15 });
    expect(summary.driverPayTotal).toBe(105);
    expect(summary.driverPayPercent).toBe(0);
    expect(summary.marginPercent).toBe(-5);
  });
});
