import { describe, expect, it } from 'vitest';
import { payWeekOf, recentPayWeeks } from './pay-weeks.ts';
import {
  createPayPeriodBodySchema,
  finalisePayPeriodsBodySchema,
  PAY_ADJUSTMENT_AMOUNT_UNREADABLE,
  PAY_WEEK_MESSAGE,
  payAdjustmentProblem,
  payWindowQuerySchema,
  savePayPeriodsBodySchema,
} from './schemas.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('pay adjustment checks (spec 2 §5)', () => {
  it('refuses an amount of 0 or less first', () => {
    for (const amount of [0, -1, null, undefined])
      expect(payAdjustmentProblem({ type: null, amount, description: '' })).toEqual({
        title: 'Invalid amount',
        message: 'Amount must be greater than 0',
      });
  });

  it('then a missing type, then a missing description', () => {
    expect(payAdjustmentProblem({ type: null, amount: 0.01, description: '' })).toEqual({
      title: 'Invalid type',
      message: 'Please select a type',
    });
    expect(payAdjustmentProblem({ type: 'MANUAL_ADDITION', amount: 0.01, description: '   ' })).toEqual({
      title: 'Invalid description',
      message: 'Please enter a description',
    });
    expect(payAdjustmentProblem({ type: 'MANUAL_DEDUCTION', amount: 0.01, description: 'Damage' })).toBeNull();
  });
});

describe('pay windows (spec 2 §9: Monday to Sunday, the past 6 weeks newest first)', () => {
  it('finds the Monday of any day of the week', () => {
    expect(payWeekOf('2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-11-29' }); // a Monday
    expect(payWeekOf('2026-11-29')).toEqual({ start: '2026-11-23', end: '2026-11-29' }); // its Sunday
    expect(payWeekOf('2026-11-30')).toEqual({ start: '2026-11-30', end: '2026-12-06' });
  });

  it('lists 6 weeks, newest first', () => {
    const weeks = recentPayWeeks('2026-11-25');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(weeks[5]).toEqual({ start: '2026-10-19', end: '2026-10-25' });
  });

  it('takes only a Monday to the Sunday after it', () => {
    expect(payWindowQuerySchema.safeParse({ start: '2026-11-23', end: '2026-11-29' }).success).toBe(true);
    expect(messages(payWindowQuerySchema.safeParse({ start: '2026-11-24', end: '2026-11-30' }))).toEqual([
      PAY_WEEK_MESSAGE,
    ]);
    expect(messages(payWindowQuerySchema.safeParse({ start: '2026-11-23', end: '2026-11-30' }))).toEqual([
      PAY_WEEK_MESSAGE,
    ]);
    expect(payWindowQuerySchema.safeParse({ start: '2026-02-30', end: '2026-03-06' }).success).toBe(false);
    expect(payWindowQuerySchema.safeParse({ start: 'monday', end: '2026-11-29' }).success).toBe(false);
  });
});

describe('save, create and finalise bodies', () => {
  const row = { id: 1, daysWorked: 5, daysBookedOff: 0, daysMissed: 0 };

  it('accepts a row with its inputs; adjustments default to none', () => {
    const parsed = savePayPeriodsBodySchema.parse([{ ...row, total: 12, status: 'ACTIVE' }]);
    expect(parsed).toEqual([{ ...row, adjustments: [] }]);
  });

  it('refuses days outside 0 to 7, odd ids, a period listed twice and bad adjustments', () => {
    expect(messages(savePayPeriodsBodySchema.safeParse([{ ...row, daysWorked: 8 }]))).toEqual([
      'Days worked must be a whole number from 0 to 7.',
    ]);
    expect(messages(savePayPeriodsBodySchema.safeParse([{ ...row, daysMissed: 1.5 }]))).toEqual([
      'Days missed must be a whole number from 0 to 7.',
    ]);
    expect(messages(savePayPeriodsBodySchema.safeParse([{ ...row, id: 2_147_483_648 }]))).toEqual([
      'id must be a whole number from 1 to 2147483647.',
    ]);
    expect(messages(savePayPeriodsBodySchema.safeParse([row, row]))).toEqual(['A pay period is listed twice.']);
    expect(
      messages(
        savePayPeriodsBodySchema.safeParse([
          { ...row, adjustments: [{ type: 'MANUAL_ADDITION', amount: 0, description: 'x' }] },
        ]),
      ),
    ).toEqual(['Amount must be greater than 0']);
    expect(
      messages(
        savePayPeriodsBodySchema.safeParse([
          { ...row, adjustments: [{ type: 'MANUAL_ADDITION', amount: 1_000_000, description: 'x' }] },
        ]),
      ),
    ).toEqual(['Amount must be at most €999,999.00']);
    expect(messages(savePayPeriodsBodySchema.safeParse([{ ...row, manualBoost: 1_000_000 }]))).toEqual([
      'Manual boost must be at most €999,999.00.',
    ]);
    expect(messages(savePayPeriodsBodySchema.safeParse([]))).toEqual(['Send at least one pay period.']);
  });

  it('refuses days worked, booked off and missed adding up to more than the 7 days of a week', () => {
    const week = (daysWorked: number, daysBookedOff: number, daysMissed: number) =>
      savePayPeriodsBodySchema.safeParse([row, { ...row, id: 2, daysWorked, daysBookedOff, daysMissed }]);
    expect(week(7, 0, 0).success).toBe(true);
    expect(week(4, 2, 1).success).toBe(true);
    expect(week(0, 7, 0).success).toBe(true);
    expect(week(5, 2, 1).error?.issues).toEqual([
      expect.objectContaining({
        path: [1, 'daysWorked'],
        message: 'Days worked, booked off and missed add up to 8; a week has 7.',
      }),
    ]);
    expect(messages(week(7, 7, 7))).toEqual(['Days worked, booked off and missed add up to 21; a week has 7.']);
    expect(messages(week(0, 4, 4))).toEqual(['Days worked, booked off and missed add up to 8; a week has 7.']);
  });

  it('creates for a driver in a week starting on a Monday', () => {
    expect(createPayPeriodBodySchema.safeParse({ driverId: 3 }).success).toBe(true);
    expect(createPayPeriodBodySchema.safeParse({ driverId: 3, start: '2026-11-23' }).success).toBe(true);
    expect(messages(createPayPeriodBodySchema.safeParse({ driverId: 3, start: '2026-11-24' }))).toEqual([
      'start must be a Monday.',
    ]);
    expect(createPayPeriodBodySchema.safeParse({ driverId: 0 }).success).toBe(false);
  });

  it('finalises a list of distinct ids', () => {
    expect(finalisePayPeriodsBodySchema.safeParse({ ids: [1, 2] }).success).toBe(true);
    expect(messages(finalisePayPeriodsBodySchema.safeParse({ ids: [] }))).toEqual(['Select at least one pay period.']);
    expect(messages(finalisePayPeriodsBodySchema.safeParse({ ids: [1, 1] }))).toEqual([
      'A pay period is listed twice.',
    ]);
  });
});

describe('a pay adjustment amount that is not a number says what is wanted', () => {
  it.each([[Number.NaN], ['12,50'], ['ten']])('%j: an amount in euro, e.g. 12.50', (amount) => {
    expect(
      payAdjustmentProblem({ type: 'MANUAL_ADDITION', description: 'Fuel card', amount: amount as number }),
    ).toEqual({
      title: 'Invalid amount',
      message: PAY_ADJUSTMENT_AMOUNT_UNREADABLE,
    });
  });

  it.each([[undefined], [0], [-1]])('%j: still spec 2 §5 "Amount must be greater than 0"', (amount) => {
    expect(payAdjustmentProblem({ type: 'MANUAL_ADDITION', description: 'Fuel card', amount })).toEqual({
      title: 'Invalid amount',
      message: 'Amount must be greater than 0',
    });
  });
});
