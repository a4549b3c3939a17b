import { describe, expect, it } from 'vitest';
import { INVOICE_PERIOD_STATUSES, invoicePeriodStatusLabel } from './enums.ts';
import { invoicePeriodParamsSchema, invoicePeriodSchema } from './schemas.ts';

describe('invoice period status labels (spec 1 §4)', () => {
  it.each([
    ['ACTIVE', 'Active'],
    ['IN_REVIEW', 'Ready to send'],
    ['FINALISED', 'Finalised'],
    ['INVOICED', 'Invoiced'],
  ])('%s is shown as %s', (status, label) => {
    expect(invoicePeriodStatusLabel(status)).toBe(label);
  });

  it('knows exactly the four statuses, and shows an unknown one as it is', () => {
    expect(INVOICE_PERIOD_STATUSES).toEqual(['ACTIVE', 'IN_REVIEW', 'FINALISED', 'INVOICED']);
    expect(invoicePeriodStatusLabel('ARCHIVED')).toBe('ARCHIVED');
    expect(invoicePeriodStatusLabel('toString')).toBe('toString');
  });
});

describe('invoice period schema', () => {
  const period = {
    id: 7,
    companyId: 3,
    identifier: 'ATL001-2026-W43',
    status: 'IN_REVIEW',
    start: '2026-10-19',
    end: '2026-10-25',
  };

  it('accepts a period with yyyy-MM-dd days', () => {
    expect(invoicePeriodSchema.parse(period)).toEqual(period);
  });

  it.each([
    ['a status outside the four', { status: 'PAID' }],
    ['a date-time for a day', { start: '2026-10-19T00:00:00Z' }],
    ['a day that does not exist', { end: '2026-02-30' }],
    ['dd/MM/yy', { end: '25/10/26' }],
  ])('refuses %s', (_case, change) => {
    expect(invoicePeriodSchema.safeParse({ ...period, ...change }).success).toBe(false);
  });
});

describe('invoice period id (spec 1 §5: at least 1)', () => {
  it.each([
    ['1', 1],
    ['2147483647', 2147483647],
  ])('takes %s', (text, id) => {
    expect(invoicePeriodParamsSchema.parse({ periodId: text })).toEqual({ periodId: id });
  });

  it.each([
    ['0', 'periodId must be at least 1.'],
    ['-1', 'periodId must be at least 1.'],
    ['1.5', 'periodId must be a whole number.'],
    ['abc', 'periodId must be a whole number.'],
    ['2147483648', 'periodId is too large.'],
  ])('refuses %s: %s', (text, message) => {
    const result = invoicePeriodParamsSchema.safeParse({ periodId: text });
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
