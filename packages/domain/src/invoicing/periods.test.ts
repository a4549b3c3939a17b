import { describe, expect, it } from 'vitest';
import {
  invoicePeriodContaining,
  invoicePeriodIdentifier,
  invoicePeriodOfInstant,
  invoicePeriodsBetween,
} from './periods.ts';

describe('monthly invoice periods', () => {
  it.each([
    ['2026-10-01', '2026-10-01', '2026-10-31', '2026-10'],
    ['2026-10-31', '2026-10-01', '2026-10-31', '2026-10'],
    ['2028-02-29', '2028-02-01', '2028-02-29', '2028-02'],
    ['2026-02-14', '2026-02-01', '2026-02-28', '2026-02'],
    ['2026-12-31', '2026-12-01', '2026-12-31', '2026-12'],
  ])('%s is in %s – %s (%s)', (day, start, end, label) => {
    expect(invoicePeriodContaining(day, 'M')).toEqual({ start, end, label });
  });
});

describe('weekly invoice periods (ISO weeks, Monday to Sunday)', () => {
  it.each([
    ['2026-10-19', '2026-10-19', '2026-10-25', '2026-W43'], // a Monday
    ['2026-10-25', '2026-10-19', '2026-10-25', '2026-W43'], // its Sunday
    ['2026-12-31', '2026-12-28', '2027-01-03', '2026-W53'], // 2026 has 53 ISO weeks
    ['2027-01-03', '2026-12-28', '2027-01-03', '2026-W53'], // a January day in the last year's week
    ['2027-01-04', '2027-01-04', '2027-01-10', '2027-W01'],
    ['2025-12-29', '2025-12-29', '2026-01-04', '2026-W01'], // a December day in the next year's week
  ])('%s is in %s – %s (%s)', (day, start, end, label) => {
    expect(invoicePeriodContaining(day, 'W')).toEqual({ start, end, label });
  });
});

describe('periods between two days', () => {
  it('runs from the period holding the first day to the one holding the last, without gaps', () => {
    const weeks = invoicePeriodsBetween('2026-10-21', '2026-11-02', 'W');
    expect(weeks.map((week) => week.label)).toEqual(['2026-W43', '2026-W44', '2026-W45']);
    expect(weeks.map((week) => `${week.start}/${week.end}`)).toEqual([
      '2026-10-19/2026-10-25',
      '2026-10-26/2026-11-01',
      '2026-11-02/2026-11-08',
    ]);
    expect(invoicePeriodsBetween('2026-11-30', '2027-01-01', 'M').map((month) => month.label)).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
  });

  it('gives one period when both days are in it, none when the last is before the first', () => {
    expect(invoicePeriodsBetween('2026-10-02', '2026-10-30', 'M')).toHaveLength(1);
    expect(invoicePeriodsBetween('2026-10-02', '2026-09-30', 'M')).toEqual([]);
  });

  it('refuses a day that is not yyyy-MM-dd', () => {
    expect(() => invoicePeriodContaining('2026-02-30', 'M')).toThrow(RangeError);
    expect(() => invoicePeriodContaining('26/10/26', 'W')).toThrow(RangeError);
  });
});

describe('identifiers', () => {
  it('join the account code and the period', () => {
    expect(invoicePeriodIdentifier('ATL001', invoicePeriodContaining('2026-10-21', 'M'))).toBe('ATL001-2026-10');
    expect(invoicePeriodIdentifier('ATL001', invoicePeriodContaining('2026-10-21', 'W'))).toBe('ATL001-2026-W43');
  });
});

describe('the period of an instant, by its Dublin day', () => {
  it.each([
    // Summer time (UTC+1): Sunday 23:59 in Dublin is 22:59 UTC; a minute later it is Monday in Dublin.
    ['2026-03-29T22:59:00Z', 'W', '2026-W13'], // the Sunday summer time starts
    ['2026-03-29T23:00:00Z', 'W', '2026-W14'],
    ['2026-10-18T22:59:59Z', 'W', '2026-W42'],
    ['2026-10-18T23:00:00Z', 'W', '2026-W43'],
    // Winter time (UTC+0) from 01:00 UTC on 25 October: Sunday 23:59 in Dublin is 23:59 UTC.
    ['2026-10-25T23:59:59Z', 'W', '2026-W43'], // the Sunday summer time ends
    ['2026-10-26T00:00:00Z', 'W', '2026-W44'],
    // Month ends: 31 August 23:30 UTC is already 1 September in Dublin; 31 October 23:59 UTC is not.
    ['2026-08-31T22:59:59Z', 'M', '2026-08'],
    ['2026-08-31T23:30:00Z', 'M', '2026-09'],
    ['2026-10-31T23:59:59Z', 'M', '2026-10'],
    ['2026-12-31T23:59:59Z', 'M', '2026-12'],
  ] as const)('%s is in %s period %s', (instant, interval, label) => {
    expect(invoicePeriodOfInstant(new Date(instant), interval).label).toBe(label);
  });
});
