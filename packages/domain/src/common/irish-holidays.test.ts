import { describe, expect, it } from 'vitest';
import {
  easterSunday,
  irishDayOff,
  irishDaysOff,
  irishPublicHolidays,
  isIrishWorkingDay,
  nextIrishWorkingDay,
} from './irish-holidays.ts';

// The published dates (citizensinformation.ie 'Public holidays in Ireland'; the same in the
// python-holidays Ireland calendar), in date order.
const PUBLISHED: Record<number, string[]> = {
  2025: ['01-01', '02-03', '03-17', '04-21', '05-05', '06-02', '08-04', '10-27', '12-25', '12-26'],
  2026: ['01-01', '02-02', '03-17', '04-06', '05-04', '06-01', '08-03', '10-26', '12-25', '12-26'],
  2027: ['01-01', '02-01', '03-17', '03-29', '05-03', '06-07', '08-02', '10-25', '12-25', '12-26'],
  2028: ['01-01', '02-07', '03-17', '04-17', '05-01', '06-05', '08-07', '10-30', '12-25', '12-26'],
  2029: ['01-01', '02-05', '03-17', '04-02', '05-07', '06-04', '08-06', '10-29', '12-25', '12-26'],
  2030: ['01-01', '02-01', '03-17', '04-22', '05-06', '06-03', '08-05', '10-28', '12-25', '12-26'],
};

describe('Irish public holidays', () => {
  it.each(Object.entries(PUBLISHED))('%s: the ten published dates', (year, dates) => {
    expect(irishPublicHolidays(Number(year)).map((holiday) => holiday.day)).toEqual(
      dates.map((date) => `${year}-${date}`),
    );
  });

  it('names each holiday, 2026', () => {
    expect(irishPublicHolidays(2026).map((holiday) => holiday.name)).toEqual([
      "New Year's Day",
      "St Brigid's Day",
      "St Patrick's Day",
      'Easter Monday',
      'May Bank Holiday',
      'June Bank Holiday',
      'August Bank Holiday',
      'October Bank Holiday',
      'Christmas Day',
      "St Stephen's Day",
    ]);
  });

  it("St Brigid's Day is 1 February when that is a Friday (2030), else the first Monday; none before 2023", () => {
    expect(irishPublicHolidays(2030).find((h) => h.name === "St Brigid's Day")?.day).toBe('2030-02-01');
    // 1 February 2025 is a Saturday: the first Monday, not the Friday before.
    expect(irishPublicHolidays(2025).find((h) => h.name === "St Brigid's Day")?.day).toBe('2025-02-03');
    expect(irishPublicHolidays(2022).some((h) => h.name === "St Brigid's Day")).toBe(false);
    expect(irishPublicHolidays(2023).find((h) => h.name === "St Brigid's Day")?.day).toBe('2023-02-06');
  });

  it('Easter Sunday by the computus, including its earliest and latest dates', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2285)).toBe('2285-03-22'); // the earliest possible
    expect(easterSunday(2038)).toBe('2038-04-25'); // the latest possible
  });

  it('refuses a year it cannot answer for', () => {
    expect(() => irishPublicHolidays(1500)).toThrow(RangeError);
    expect(() => irishPublicHolidays(2026.5)).toThrow(RangeError);
  });
});

describe('Irish days off: a fixed-date holiday on a weekend is observed on the next free working day', () => {
  const substitutes = (year: number) =>
    irishDaysOff(year).flatMap((entry) => (entry.substituteFor ? [[entry.substituteFor, entry.day]] : []));

  it("2026: St Stephen's Day is a Saturday, observed on Monday 28 December", () => {
    expect(substitutes(2026)).toEqual([['2026-12-26', '2026-12-28']]);
    expect(irishDayOff('2026-12-28')?.name).toBe("St Stephen's Day (observed)");
  });

  it('2027: Christmas on Saturday and St Stephen’s on Sunday are observed Monday 27 and Tuesday 28', () => {
    expect(substitutes(2027)).toEqual([
      ['2027-12-25', '2027-12-27'],
      ['2027-12-26', '2027-12-28'],
    ]);
  });

  it("2022: Christmas on Sunday moves past St Stephen's Monday to Tuesday 27", () => {
    expect(substitutes(2022)).toEqual([
      ['2022-01-01', '2022-01-03'],
      ['2022-12-25', '2022-12-27'],
    ]);
  });

  it("St Patrick's Day on a Saturday (2029) and on a Sunday (2030, 2024) is observed on the Monday", () => {
    expect(substitutes(2029)).toEqual([['2029-03-17', '2029-03-19']]);
    expect(substitutes(2030)).toEqual([['2030-03-17', '2030-03-18']]);
    expect(substitutes(2024)).toEqual([['2024-03-17', '2024-03-18']]);
  });

  it('a year with every fixed date on a weekday has no substitutes (2025)', () => {
    expect(substitutes(2025)).toEqual([]);
  });
});

describe('working days', () => {
  it('a weekday that is no day off is a working day; weekends, holidays and observed days are not', () => {
    expect(isIrishWorkingDay('2026-03-16')).toBe(true);
    expect(isIrishWorkingDay('2026-03-17')).toBe(false); // St Patrick's Day, a Tuesday
    expect(isIrishWorkingDay('2026-03-14')).toBe(false); // Saturday
    expect(isIrishWorkingDay('2026-12-28')).toBe(false); // St Stephen's Day observed
    expect(isIrishWorkingDay('2026-12-29')).toBe(true);
  });

  it('the next working day skips weekends and runs of holidays', () => {
    expect(nextIrishWorkingDay('2026-03-16')).toBe('2026-03-18');
    expect(nextIrishWorkingDay('2026-04-03')).toBe('2026-04-07'); // Good Friday is a working day; Easter Monday is not
    expect(nextIrishWorkingDay('2026-12-24')).toBe('2026-12-29');
    expect(nextIrishWorkingDay('2027-12-24')).toBe('2027-12-29');
    expect(nextIrishWorkingDay('2026-12-31')).toBe('2027-01-04'); // New Year's Day Friday, then a weekend
  });

  it('refuses a text that is not a day', () => {
    expect(() => irishDayOff('2026-02-30')).toThrow(RangeError);
  });
});
