// Irish public holidays (Organisation of Working Time Act 1997, Schedule 2, as amended in 2022 for
// St Brigid's Day from 2023), and the days a courier's customers are closed because of them. Days are
// yyyy-MM-dd texts; weekday arithmetic is on UTC dates (calendar-days.ts), so no time zone shifts a day.
//
// Decision (issue 14): when a fixed-date holiday (New Year's Day, St Patrick's Day, Christmas Day,
// St Stephen's Day) falls on a Saturday or Sunday, the law does not move it: the employee is owed a
// day in lieu, a day's leave or a day's pay instead. In practice banks, the public service and most
// businesses close on the next working day (St Patrick's Day 2024, a Sunday, was observed on Monday
// 18 March; Christmas 2021 on Monday 27 and Tuesday 28 December). `irishPublicHolidays` gives the
// statutory dates as published; `irishDaysOff` adds those observed substitutes, and set calls treat
// every day off as a holiday (they are not collected from closed offices).
import { addDays, dayPartsOf, weekdayOf } from './calendar-days.ts';

export interface IrishPublicHoliday {
  /** yyyy-MM-dd */
  day: string;
  name: string;
}

export interface IrishDayOff extends IrishPublicHoliday {
  /** Set for the working day observed in place of a fixed-date holiday that fell on a weekend. */
  substituteFor: string | null;
}

/** The first year with St Brigid's Day (S.I. 2022: from February 2023). */
export const ST_BRIGIDS_DAY_FROM = 2023;

const pad = (value: number) => String(value).padStart(2, '0');
const dayOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const isWeekend = (day: string) => {
  const weekday = weekdayOf(day);
  return weekday === 0 || weekday === 6;
};

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayOf(year, month, day);
}

/** The first Monday of a month (1 to 12). */
function firstMonday(year: number, month: number): string {
  const first = dayOf(year, month, 1);
  return addDays(first, (8 - weekdayOf(first)) % 7);
}

/** The last Monday of a month (1 to 12). */
function lastMonday(year: number, month: number): string {
  const last = addDays(month === 12 ? dayOf(year + 1, 1, 1) : dayOf(year, month + 1, 1), -1);
  return addDays(last, -((weekdayOf(last) + 6) % 7));
}

/** St Brigid's Day: the first Monday of February, or 1 February when that is a Friday. */
function stBrigidsDay(year: number): string {
  const first = dayOf(year, 2, 1);
  return weekdayOf(first) === 5 ? first : firstMonday(year, 2);
}

function assertYear(year: number): void {
  // The computus is the Gregorian one; far-off years are a caller's mistake, not a holiday question.
  if (!Number.isInteger(year) || year < 1583 || year > 9999) throw new RangeError(`No holidays for the year ${year}.`);
}

/** The public holidays of a year in date order, on their statutory dates (a weekend date stays). */
export function irishPublicHolidays(year: number): IrishPublicHoliday[] {
  assertYear(year);
  const holidays: IrishPublicHoliday[] = [
    { day: dayOf(year, 1, 1), name: "New Year's Day" },
    ...(year >= ST_BRIGIDS_DAY_FROM ? [{ day: stBrigidsDay(year), name: "St Brigid's Day" }] : []),
    { day: dayOf(year, 3, 17), name: "St Patrick's Day" },
    { day: addDays(easterSunday(year), 1), name: 'Easter Monday' },
    { day: firstMonday(year, 5), name: 'May Bank Holiday' },
    { day: firstMonday(year, 6), name: 'June Bank Holiday' },
    { day: firstMonday(year, 8), name: 'August Bank Holiday' },
    { day: lastMonday(year, 10), name: 'October Bank Holiday' },
    { day: dayOf(year, 12, 25), name: 'Christmas Day' },
    { day: dayOf(year, 12, 26), name: "St Stephen's Day" },
  ];
  return holidays.sort((a, b) => a.day.localeCompare(b.day));
}

const daysOffCache = new Map<number, IrishDayOff[]>();

/**
 * The days off of a year in date order: every public holiday, and for each fixed-date holiday on a
 * weekend the next weekday that is not already a day off (see the decision at the top).
 */
export function irishDaysOff(year: number): IrishDayOff[] {
  const cached = daysOffCache.get(year);
  if (cached) return cached;
  const days: IrishDayOff[] = irishPublicHolidays(year).map((holiday) => ({ ...holiday, substituteFor: null }));
  const taken = new Set(days.map((entry) => entry.day));
  // Every movable holiday is a Monday (or Friday 1 February), so only the fixed dates can fall on a weekend.
  for (const holiday of [...days]) {
    if (!isWeekend(holiday.day)) continue;
    let substitute = addDays(holiday.day, 1);
    while (isWeekend(substitute) || taken.has(substitute)) substitute = addDays(substitute, 1);
    taken.add(substitute);
    days.push({ day: substitute, name: `${holiday.name} (observed)`, substituteFor: holiday.day });
  }
  days.sort((a, b) => a.day.localeCompare(b.day));
  daysOffCache.set(year, days);
  return days;
}

/** The day off a yyyy-MM-dd day is (a public holiday or an observed substitute), if it is one. */
export function irishDayOff(day: string): IrishDayOff | undefined {
  const parts = dayPartsOf(day);
  if (!parts) throw new RangeError(`${day} is not a yyyy-MM-dd day.`);
  return irishDaysOff(parts.year).find((entry) => entry.day === day);
}

/** Whether a day is an Irish working day: Monday to Friday and no day off. */
export function isIrishWorkingDay(day: string): boolean {
  return !isWeekend(day) && irishDayOff(day) === undefined;
}

/** The first working day after a day. */
export function nextIrishWorkingDay(day: string): string {
  let next = addDays(day, 1);
  while (!isIrishWorkingDay(next)) next = addDays(next, 1);
  return next;
}
