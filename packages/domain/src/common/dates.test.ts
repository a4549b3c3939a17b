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

/** What the time-zone database (Intl) says Dublin's wall clock reads at `instant`, as dd/MM/yy HH:mm. */
const zoneDatabase = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Dublin',
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function zoneDatabaseText(instant: number): string {
  const parts: Record<string, string> = {};
  for (const part of zoneDatabase.formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

describe("Dublin's clock by rule, without the time-zone database", () => {
  const HOUR = 3_600_000;
  const sundaysOf = (year: number, month: number) =>
    Array.from({ length: 31 }, (_, day) => Date.UTC(year, month, day + 1)).filter(
      (instant) => new Date(instant).getUTCMonth() === month && new Date(instant).getUTCDay() === 0,
    );

  it('reads as the time-zone database does, every 15 minutes around every change of the clocks, 1990-2099', () => {
    const mismatches: string[] = [];
    for (let year = 1990; year <= 2099; year++) {
      // Every Sunday of March, September and October (the rule's days, and those of rules before it).
      for (const sunday of [...sundaysOf(year, 2), ...sundaysOf(year, 8), ...sundaysOf(year, 9)]) {
        for (let instant = sunday - 3 * HOUR; instant <= sunday + 4 * HOUR; instant += HOUR / 4) {
          if (formatDateTime(instant) !== zoneDatabaseText(instant))
            mismatches.push(`${new Date(instant).toISOString()}: ${formatDateTime(instant)}`);
        }
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it('reads as the time-zone database does at every hour of the day across the year, 1990-2099', () => {
    const mismatches: string[] = [];
    // Steps of 7 h 1 min reach every hour of the day and every day of the year in turn.
    const step = 7 * HOUR + 60_000;
    for (let instant = Date.UTC(1990, 0, 1); instant < Date.UTC(2100, 0, 1); instant += step) {
      if (formatDateTime(instant) !== zoneDatabaseText(instant))
        mismatches.push(`${new Date(instant).toISOString()}: ${formatDateTime(instant)}`);
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it('toIsoDay gives the Dublin day either side of midnight in summer and winter, and refuses an invalid date', () => {
    expect(toIsoDay(new Date('2026-07-15T22:59:00Z'))).toBe('2026-07-15');
    expect(toIsoDay(new Date('2026-07-15T23:00:00Z'))).toBe('2026-07-16');
    expect(toIsoDay(new Date('2026-01-15T23:59:00Z'))).toBe('2026-01-15');
    expect(toIsoDay(new Date('1980-07-15T23:30:00Z'))).toBe('1980-07-16');
    expect(() => toIsoDay(new Date('nonsense'))).toThrow(RangeError);
  });
});
