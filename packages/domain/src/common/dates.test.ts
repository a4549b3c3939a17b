import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, toIsoDay } from './dates.ts';

// Formatting is in Europe/Dublin whatever the machine's zone (the domain tests run with TZ=Pacific/Auckland).
describe('dates in Europe/Dublin', () => {
  it('the tests run in another time zone than Dublin', () => {
    expect(new Date('2026-01-15T10:30:00Z').getTimezoneOffset()).not.toBe(0);
  });

  it.each([
    ['winter (GMT, UTC+0)', '2026-01-15T10:30:00Z', '15/01/26', '10:30'],
    ['summer (IST, UTC+1)', '2026-07-15T10:30:00Z', '15/07/26', '11:30'],
    ['summer, past midnight in Dublin only', '2026-06-30T23:30:00Z', '01/07/26', '00:30'],
    ['winter, the last half hour of the year', '2026-12-31T23:30:00Z', '31/12/26', '23:30'],
    ['midnight shown as 00, not 24', '2026-01-15T00:05:00Z', '15/01/26', '00:05'],
    ['the last minute before the clocks go forward', '2026-03-29T00:59:00Z', '29/03/26', '00:59'],
    ['the first minute after the clocks go forward', '2026-03-29T01:00:00Z', '29/03/26', '02:00'],
    ['the clocks going back', '2026-10-25T01:30:00Z', '25/10/26', '01:30'],
    ['an offset timestamp', '2026-07-15T23:30:00-05:00', '16/07/26', '05:30'],
  ])('%s: %s', (_label, iso, date, time) => {
    expect(formatDate(iso)).toBe(date);
    expect(formatTime(iso)).toBe(time);
    expect(formatDateTime(iso)).toBe(`${date} ${time}`);
  });

  it('accepts a Date and a number of milliseconds as well as ISO text', () => {
    const instant = new Date('2026-07-15T10:30:00Z');
    expect(formatDateTime(instant)).toBe('15/07/26 11:30');
    expect(formatDateTime(instant.getTime())).toBe('15/07/26 11:30');
  });

  it.each([['not a date'], [''], [Number.NaN], [new Date('nonsense')], [null], [undefined]])(
    'gives an empty text for %j',
    (value) => {
      expect(formatDate(value)).toBe('');
      expect(formatTime(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    },
  );

  it('toIsoDay gives the Dublin calendar day as yyyy-MM-dd', () => {
    expect(toIsoDay(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(toIsoDay(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
    expect(toIsoDay(new Date('2026-01-05T00:00:00Z'))).toBe('2026-01-05');
  });
});
