import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMoney, toCents, toEuro, type Cents } from '../common/money.ts';
import {
  attendanceBonusPercent,
  computePayPeriod,
  defaultFuelPercent,
  MIN_PAY_BOOST_DESCRIPTION,
  NO_PAY_SETTINGS,
  PAY_ADJUSTMENT_TYPES,
  prorated,
  type PayFormulaSettings,
  type PayPeriodInput,
} from './formulas.ts';

const settings = (overrides: Partial<PayFormulaSettings> = {}): PayFormulaSettings => ({
  ...NO_PAY_SETTINGS,
  ...overrides,
});

const tiers = settings({
  attendanceBonusOneDay: 1,
  attendanceBonusTwoDay: 2,
  attendanceBonusThreeDay: 3,
  attendanceBonusFourDay: 4,
  attendanceBonusFiveDay: 5,
});

const period = (overrides: Partial<PayPeriodInput> = {}): PayPeriodInput => ({
  basePay: 100,
  vehicle: 'van',
  settings: settings(),
  daysWorked: 5,
  daysBookedOff: 0,
  daysMissed: 0,
  ...overrides,
});

describe('fuel surcharge (spec 2 §9)', () => {
  it.each([
    ['van', 8.5],
    ['car', 8.5],
    ['bike', 6.5],
    ['top box bike', 6.5],
    ['push bike', 0],
    ['cargo bike', 0],
  ])('a %s starts at %d %%', (vehicle, percent) => {
    expect(defaultFuelPercent(vehicle)).toBe(percent);
  });

  it('is base pay × the vehicle percent, to the cent, for a driver with fuel surcharge on', () => {
    const on = settings({ applyFuelSurcharge: true });
    expect(computePayPeriod(period({ basePay: 100, vehicle: 'van', settings: on })).fuelSurcharge).toBe(8.5);
    expect(computePayPeriod(period({ basePay: 100, vehicle: 'bike', settings: on })).fuelSurcharge).toBe(6.5);
    // 123.45 × 8.5 % = 10.49325 → 10.49; 123.47 × 6.5 % = 8.02555 → 8.03 (half away from zero)
    expect(computePayPeriod(period({ basePay: 123.45, settings: on })).fuelSurcharge).toBe(10.49);
    expect(computePayPeriod(period({ basePay: 123.47, vehicle: 'bike', settings: on })).fuelSurcharge).toBe(8.03);
  });

  it('is 0 when the driver has fuel surcharge off, whatever the percent', () => {
    const result = computePayPeriod(period({ basePay: 100, fuelPercent: 20 }));
    expect(result.fuelSurcharge).toBe(0);
    expect(result.total).toBe(100);
  });

  it('uses the percent accounts typed over the vehicle default', () => {
    const result = computePayPeriod(period({ settings: settings({ applyFuelSurcharge: true }), fuelPercent: 10 }));
    expect(result.fuelPercent).toBe(10);
    expect(result.fuelSurcharge).toBe(10);
    expect(result.total).toBe(110);
  });

  it('does not count towards the pay the minimum is checked against', () => {
    // pay excluding fuel 100 < minimum 108.5: boosted by 8.5 even though fuel brings it to 108.5
    const result = computePayPeriod(
      period({ settings: settings({ applyFuelSurcharge: true, minPay: 108.5, maxBoost: 50 }) }),
    );
    expect(result.fuelSurcharge).toBe(8.5);
    expect(result.boost).toBe(8.5);
    expect(result.total).toBe(117);
  });
});

describe('attendance bonus (spec 2 §9: tier by days worked plus booked off)', () => {
  it.each([
    [0, 0, 1],
    [1, 0, 1],
    [2, 0, 2],
    [1, 1, 2],
    [3, 0, 3],
    [4, 0, 4],
    [2, 2, 4],
    [5, 0, 5],
    [4, 1, 5],
    [6, 0, 5],
    [3, 4, 5],
  ])('%i worked + %i booked off: the %i-day percent', (worked, bookedOff, tier) => {
    expect(attendanceBonusPercent(tiers, worked + bookedOff)).toBe(tier);
    const result = computePayPeriod(
      period({ basePay: 200, settings: tiers, daysWorked: worked, daysBookedOff: bookedOff }),
    );
    expect(result.attendanceBonusPercent).toBe(tier);
    expect(result.attendanceBonus).toBe(2 * tier); // 200 × tier %
  });

  it('rounds base pay × percent to the cent', () => {
    // 33.33 × 2.5 % = 0.83325 → 0.83; 1.50 × 2.5 % = 0.0375 → 0.04
    const two = settings({ attendanceBonusTwoDay: 2.5 });
    expect(computePayPeriod(period({ basePay: 33.33, settings: two, daysWorked: 2 })).attendanceBonus).toBe(0.83);
    expect(computePayPeriod(period({ basePay: 1.5, settings: two, daysWorked: 2 })).attendanceBonus).toBe(0.04);
  });
});

describe('cargo, helmet and back-box bonuses and rental deductions (spec 2 §9: days worked × rate)', () => {
  const rates = settings({
    cargoBonusRate: 10,
    helmetBonusRate: 2.5,
    backBoxBonusRate: 1.15,
    cargoRentalDeduction: 12.5,
    equipmentRentalDeduction: 3.33,
  });

  it.each([1, 2, 3, 4, 5, 6])('%i days worked', (daysWorked) => {
    const result = computePayPeriod(period({ basePay: 500, settings: rates, daysWorked }));
    expect(result.cargoBonus).toBe(toEuro((1000 * daysWorked) as Cents));
    expect(result.helmetBonus).toBe(toEuro((250 * daysWorked) as Cents));
    expect(result.backBoxBonus).toBe(toEuro((115 * daysWorked) as Cents));
    expect(result.adjustments).toEqual([
      {
        type: 'CARGO_RENTAL',
        description: 'Cargo Rental',
        amount: toEuro((1250 * daysWorked) as Cents),
        isDeduction: true,
        automatic: true,
      },
      {
        type: 'EQUIPMENT_RENTAL',
        description: 'Equipment Rental',
        amount: toEuro((333 * daysWorked) as Cents),
        isDeduction: true,
        automatic: true,
      },
    ]);
  });

  it('subtracts the rentals from the total, and lists none for 0 days worked', () => {
    const result = computePayPeriod(period({ basePay: 100, settings: rates, daysWorked: 2 }));
    // 100 + 20 + 5 + 2.30 − 25 − 6.66
    expect(result.total).toBe(95.64);
    expect(computePayPeriod(period({ settings: rates, daysWorked: 0 })).adjustments).toEqual([]);
  });
});

describe('prorated minimum pay and maximum boost (spec 2 §9: amount / 5 × min(daysWorked, 5))', () => {
  it.each([
    [0, 0],
    [1, 90],
    [2, 180],
    [3, 270],
    [4, 360],
    [5, 450],
    [6, 450],
    [7, 450],
  ])('%i days worked of a 450 minimum: %d', (daysWorked, expected) => {
    expect(prorated(450, daysWorked)).toBe(expected);
  });

  it('rounds to the cent', () => {
    expect(prorated(100, 1)).toBe(20);
    expect(prorated(100.01, 1)).toBe(20); // 20.002
    expect(prorated(100.03, 1)).toBe(20.01); // 20.006
    expect(prorated(0.03, 1)).toBe(0.01); // 0.006
  });
});

describe("the 'Min Pay Boost' (spec 2 §9)", () => {
  const minimum = settings({ minPay: 500, maxBoost: 100 });

  it('tops pay just under the minimum up to it', () => {
    const result = computePayPeriod(period({ basePay: 499.99, settings: minimum }));
    expect(result.minPay).toBe(500);
    expect(result.boost).toBe(0.01);
    expect(result.adjustments).toEqual([
      { type: 'AUTO_BOOST', description: MIN_PAY_BOOST_DESCRIPTION, amount: 0.01, isDeduction: false, automatic: true },
    ]);
    expect(result.total).toBe(500);
  });

  it('adds nothing to pay at or over the minimum', () => {
    for (const basePay of [500, 500.01]) {
      const result = computePayPeriod(period({ basePay, settings: minimum }));
      expect(result.boost).toBe(0);
      expect(result.adjustments).toEqual([]);
      expect(result.total).toBe(basePay);
    }
  });

  it('is capped at the prorated maximum boost', () => {
    expect(computePayPeriod(period({ basePay: 400, settings: minimum })).boost).toBe(100);
    const capped = computePayPeriod(period({ basePay: 399.99, settings: minimum }));
    expect(capped.boost).toBe(100);
    expect(capped.total).toBe(499.99);
    // 3 days: minimum 300, boost at most 60
    const threeDays = computePayPeriod(period({ basePay: 200, settings: minimum, daysWorked: 3 }));
    expect([threeDays.minPay, threeDays.maxBoost, threeDays.boost, threeDays.total]).toEqual([300, 60, 60, 260]);
  });

  it('counts the bonuses as pay but not the adjustments', () => {
    const result = computePayPeriod(
      period({
        basePay: 450,
        settings: settings({ minPay: 500, maxBoost: 100, cargoBonusRate: 4, equipmentRentalDeduction: 10 }),
        adjustments: [{ type: 'MANUAL_ADDITION', description: 'Tolls', amount: 30, isDeduction: false }],
      }),
    );
    // pay 450 + 20 cargo = 470: boost 30; the 30 addition and the 50 rental are left out of it
    expect(result.boost).toBe(30);
    expect(result.total).toBe(450 + 20 + 30 - 50 + 30);
  });

  it('is 0, and the minimum and maximum too, when a day was missed', () => {
    const missed = computePayPeriod(period({ basePay: 100, settings: minimum, daysMissed: 1 }));
    expect([missed.minPay, missed.maxBoost, missed.boost]).toEqual([0, 0, 0]);
    expect(missed.adjustments).toEqual([]);
    expect(missed.total).toBe(100);
    expect(computePayPeriod(period({ basePay: 100, settings: minimum, daysMissed: 0 })).boost).toBe(100);
  });

  it('is replaced by a manual boost, uncapped, even with a missed day', () => {
    const manual = computePayPeriod(period({ basePay: 100, settings: minimum, manualBoost: 150 }));
    expect(manual.boost).toBe(150);
    expect(manual.adjustments).toEqual([
      { type: 'AUTO_BOOST', description: 'Manual Boost', amount: 150, isDeduction: false, automatic: true },
    ]);
    expect(manual.total).toBe(250);
    expect(computePayPeriod(period({ basePay: 100, settings: minimum, manualBoost: 0 })).total).toBe(100);
    expect(computePayPeriod(period({ basePay: 100, settings: minimum, daysMissed: 2, manualBoost: 5 })).total).toBe(
      105,
    );
  });
});

describe('adjustments and the total', () => {
  it('keeps manual additions and deductions, signs them by type and drops automatic rows sent back', () => {
    const result = computePayPeriod(
      period({
        basePay: 100,
        adjustments: [
          { type: 'MANUAL_ADDITION', description: 'Parking', amount: 12.34, isDeduction: true },
          { type: 'MANUAL_DEDUCTION', description: 'Damage', amount: 20, isDeduction: false },
          { type: 'AUTO_BOOST', description: 'Min Pay Boost', amount: 999, isDeduction: false },
          { type: 'CARGO_RENTAL', description: 'Cargo Rental', amount: 5, isDeduction: true },
        ],
      }),
    );
    expect(result.adjustments).toEqual([
      { type: 'MANUAL_ADDITION', description: 'Parking', amount: 12.34, isDeduction: false, automatic: false },
      { type: 'MANUAL_DEDUCTION', description: 'Damage', amount: 20, isDeduction: true, automatic: false },
    ]);
    expect(result.total).toBe(92.34);
  });

  it('uses typed component amounts over the computed ones', () => {
    const result = computePayPeriod(
      period({
        basePay: 100,
        settings: settings({ applyFuelSurcharge: true, attendanceBonusFiveDay: 10, cargoBonusRate: 1 }),
        overrides: { fuelSurcharge: 1, attendanceBonus: 2, cargoBonus: 3, helmetBonus: 4, backBoxBonus: 5.55 },
      }),
    );
    expect([
      result.fuelSurcharge,
      result.attendanceBonus,
      result.cargoBonus,
      result.helmetBonus,
      result.backBoxBonus,
    ]).toEqual([1, 2, 3, 4, 5.55]);
    expect(result.total).toBe(115.55);
  });

  it('adds in cents: 0.1 + 0.2 is 0.3', () => {
    const result = computePayPeriod(
      period({
        basePay: 0.1,
        adjustments: [{ type: 'MANUAL_ADDITION', description: 'x', amount: 0.2, isDeduction: false }],
      }),
    );
    expect(result.total).toBe(0.3);
  });

  it('floors the total at 0 when deductions exceed the pay, keeping the true sum beside it', () => {
    const result = computePayPeriod(
      period({
        basePay: 10,
        adjustments: [{ type: 'MANUAL_DEDUCTION', description: 'Damage', amount: 25.5, isDeduction: true }],
      }),
    );
    expect(result.unflooredTotal).toBe(-15.5);
    expect(result.total).toBe(0);
    const exactlyZero = computePayPeriod(
      period({
        basePay: 10,
        adjustments: [{ type: 'MANUAL_DEDUCTION', description: 'x', amount: 10, isDeduction: true }],
      }),
    );
    expect(exactlyZero.total).toBe(0);
    expect(Object.is(exactlyZero.total, 0)).toBe(true);
  });
});

describe('properties', () => {
  const euro = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((cents) => cents / 100);
  const percent = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100);
  const inputArbitrary = fc.record({
    basePay: euro(5000),
    vehicle: fc.constantFrom('van', 'car', 'bike', 'top box bike', 'push bike', 'cargo bike'),
    settings: fc.record({
      applyFuelSurcharge: fc.boolean(),
      minPay: euro(1000),
      maxBoost: euro(500),
      attendanceBonusOneDay: percent,
      attendanceBonusTwoDay: percent,
      attendanceBonusThreeDay: percent,
      attendanceBonusFourDay: percent,
      attendanceBonusFiveDay: percent,
      cargoBonusRate: euro(100),
      helmetBonusRate: euro(100),
      backBoxBonusRate: euro(100),
      cargoRentalDeduction: euro(200),
      equipmentRentalDeduction: euro(200),
    }),
    daysWorked: fc.integer({ min: 0, max: 7 }),
    daysBookedOff: fc.integer({ min: 0, max: 7 }),
    daysMissed: fc.integer({ min: 0, max: 7 }),
    fuelPercent: fc.option(percent),
    manualBoost: fc.option(euro(500)),
    adjustments: fc.array(
      fc.record({
        type: fc.constantFrom(...PAY_ADJUSTMENT_TYPES),
        description: fc.string(),
        amount: euro(2000).filter((amount) => amount > 0),
        isDeduction: fc.boolean(),
      }),
      { maxLength: 5 },
    ),
  });

  const centsOf = (euro: number) => toCents(euro);
  const isCents = (euro: number) =>
    Number.isInteger(Math.round(euro * 100)) && Math.abs(euro * 100 - Math.round(euro * 100)) < 1e-6;

  it('never sends a total below zero', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        expect(computePayPeriod(input).total).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('the components and signed adjustments sum to the total (before the floor at 0), to the cent', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const result = computePayPeriod(input);
        const sum = addMoney(
          centsOf(result.basePay),
          centsOf(result.fuelSurcharge),
          centsOf(result.attendanceBonus),
          centsOf(result.cargoBonus),
          centsOf(result.helmetBonus),
          centsOf(result.backBoxBonus),
          ...result.adjustments.map(
            (adjustment) =>
              (adjustment.isDeduction ? -centsOf(adjustment.amount) : centsOf(adjustment.amount)) as Cents,
          ),
        );
        expect(centsOf(result.unflooredTotal)).toBe(sum);
        expect(result.total).toBe(Math.max(0, toEuro(sum)));
        for (const value of [result.total, result.fuelSurcharge, result.attendanceBonus, result.boost])
          expect(isCents(value)).toBe(true);
      }),
    );
  });

  it('the automatic boost never passes the prorated maximum nor lifts pay past the minimum', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const result = computePayPeriod({ ...input, manualBoost: null });
        expect(result.boost).toBeLessThanOrEqual(result.maxBoost);
        const pay = addMoney(
          centsOf(result.basePay),
          centsOf(result.attendanceBonus),
          centsOf(result.cargoBonus),
          centsOf(result.helmetBonus),
          centsOf(result.backBoxBonus),
        );
        if (result.boost > 0) expect(addMoney(pay, centsOf(result.boost))).toBeLessThanOrEqual(centsOf(result.minPay));
        if (input.daysMissed > 0) expect(result.boost).toBe(0);
      }),
    );
  });
});
