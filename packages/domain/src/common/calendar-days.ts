// Calendar days for the date widgets (spec 1 §2 'Shared widgets', spec 2 §5 and §9): typed dates in
// dd/MM/yy, the DATE dropdown of 8 days, and a month grid with Sunday–Saturday columns. A day is a
// yyyy-MM-dd text (the format dates are sent in, spec 1 §9); day arithmetic is done on UTC dates so
// neither daylight saving nor the browser's own time zone ever shifts a day. "Today" is the
// Europe/Dublin day (ARCHITECTURE 'dates'), read through toIsoDay.
import { formatTime, toIsoDay } from './dates.ts';
import { MAX_INPUT_YEAR, MIN_INPUT_YEAR } from './input-checks.ts';
import { instantOfWallTime } from './schedule-rule.ts';

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** Column headers of the month calendar, Sunday first (spec 1 §2: 'Sun to Sat headers'). */
export const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The DATE dropdown offers 8 days (spec 2 §9). */
export const DATE_DROPDOWN_DAYS = 8;

/** How a typed date is asked for, shown when a text cannot be read. */
export const TYPED_DATE_HINT = 'Enter a date as dd/MM/yy, e.g. 01/10/26.';

interface DayParts {
  year: number;
  month: number;
  day: number;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const dayText = ({ year, month, day }: DayParts) => `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;

/** The parts of a yyyy-MM-dd day, or undefined when it is not a real day. */
export function dayPartsOf(day: string): DayParts | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (parts.month < 1 || parts.month > 12 || parts.day < 1 || parts.day > daysInMonth(parts.year, parts.month))
    return undefined;
  return parts;
}

const utcOf = (day: string): number => {
  const parts = dayPartsOf(day);
  if (!parts) throw new RangeError(`${day} is not a yyyy-MM-dd day.`);
  return Date.UTC(parts.year, parts.month - 1, parts.day);
};
const dayOfUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day `count` days after (or before, when negative) a yyyy-MM-dd day. */
export function addDays(day: string, count: number): string {
  return dayOfUtc(utcOf(day) + count * DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: string): number {
  return new Date(utcOf(day)).getUTCDay();
}

/** Today in Europe/Dublin as yyyy-MM-dd, whatever the machine's or browser's time zone. */
export function dublinToday(now: Date = new Date()): string {
  return toIsoDay(now);
}

/** yyyy-MM-dd shown as dd/MM/yy (spec 2 §9), or '' when it is not a day. */
export function formatDay(day: string | null | undefined): string {
  const parts = day ? dayPartsOf(day) : undefined;
  return parts ? `${pad(parts.day)}/${pad(parts.month)}/${pad(parts.year % 100)}` : '';
}

/**
 * yyyy-MM-dd shown as dd/MM/yyyy, or '' when it is not a day: for a day written into words (a report's
 * inputs in its history and e-mail), where a date may lie in any year from 1900 to 2999 and '01/01/99'
 * would not say which. The date fields keep dd/MM/yy, the format they are typed in (spec 2 §9).
 */
export function formatDayWithYear(day: string | null | undefined): string {
  const parts = day ? dayPartsOf(day) : undefined;
  return parts ? `${pad(parts.day)}/${pad(parts.month)}/${String(parts.year).padStart(4, '0')}` : '';
}

export type TypedDay = { ok: true; day: string } | { ok: false; message: string };

/** Splits a typed date into day, month and year texts, or undefined when the shape is not one we read. */
function splitTyped(text: string): { day: string; month: string; year: string; isoOrder: boolean } | undefined {
  if (/^\d{6}$/.test(text) || /^\d{8}$/.test(text))
    return { day: text.slice(0, 2), month: text.slice(2, 4), year: text.slice(4), isoOrder: false };
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (iso) return { year: iso[1] ?? '', month: iso[2] ?? '', day: iso[3] ?? '', isoOrder: true };
  const irish = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{2}|\d{4})$/.exec(text);
  if (irish) return { day: irish[1] ?? '', month: irish[3] ?? '', year: irish[4] ?? '', isoOrder: false };
  return undefined;
}

/**
 * Which century a two-digit year is read in: 'current' 2000–2099 (bookings, periods, expiries);
 * 'past' the latest such day not after today (a date of birth: on 28/11/26, 10/03/68 is 1968,
 * 05 is 2005 and 29/11/26 is 1926), so that any past day shown as dd/MM/yy can be typed back.
 */
export type TwoDigitYearCentury = 'current' | 'past';

/** The full year of a two-digit one, read in `century` (today: yyyy-MM-dd, Dublin's by default). */
function fullYearOf({
  twoDigits,
  month,
  day,
  century,
  today,
}: {
  twoDigits: number;
  month: number;
  day: number;
  century: TwoDigitYearCentury;
  today: string;
}): number {
  if (century === 'current') return 2000 + twoDigits;
  const todayYear = Number(today.slice(0, 4));
  const year = todayYear - (todayYear % 100) + twoDigits;
  const afterToday = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}` > today;
  return afterToday ? year - 100 : year;
}

/**
 * A typed date read as a yyyy-MM-dd day: dd/MM/yy or dd/MM/yyyy (also d/M/yy; separators / - or .),
 * 6 or 8 bare digits (011026, 01102026), or yyyy-MM-dd as sent. A two-digit year is in 2000–2099,
 * or with `century: 'past'` the latest such day not after `today` (see TwoDigitYearCentury).
 * An impossible date (31/02/26) is refused with a message saying why; an empty text is not a date.
 */
export function parseTypedDay(
  typed: string,
  { century = 'current', today }: { century?: TwoDigitYearCentury; today?: string } = {},
): TypedDay {
  const text = typed.trim();
  const parts = splitTyped(text);
  if (!parts) return { ok: false, message: TYPED_DATE_HINT };
  const month = Number(parts.month);
  const day = Number(parts.day);
  const year =
    parts.year.length === 2
      ? fullYearOf({ twoDigits: Number(parts.year), month, day, century, today: today ?? dublinToday() })
      : Number(parts.year);
  if (month < 1 || month > 12) return { ok: false, message: `${text} is not a date: months go from 1 to 12.` };
  if (year < MIN_INPUT_YEAR || year > MAX_INPUT_YEAR)
    return { ok: false, message: `Enter a date from ${MIN_INPUT_YEAR} to ${MAX_INPUT_YEAR}.` };
  if (day < 1) return { ok: false, message: `${text} is not a date: days start at 1.` };
  const last = daysInMonth(year, month);
  if (day > last)
    return {
      ok: false,
      message: `${text} is not a date: ${MONTH_NAMES[month - 1]} ${year} has ${last} days.`,
    };
  return { ok: true, day: dayText({ year, month, day }) };
}

/**
 * A day as a date field shows it: dd/MM/yy (spec 2 §9) when those two digits are read back as the
 * same day, else dd/MM/yyyy. A day outside the field's reading of two-digit years (1999 where they
 * mean 2000–2099; 2030 in a date of birth) would otherwise be shown as a text that, read again when
 * the field is left, names another century.
 */
export function formatFieldDay(
  day: string | null | undefined,
  reading: { century?: TwoDigitYearCentury; today?: string } = {},
): string {
  const short = formatDay(day);
  if (!short) return '';
  const readBack = parseTypedDay(short, reading);
  return readBack.ok && readBack.day === day ? short : formatDayWithYear(day);
}

export interface DropdownDay {
  /** yyyy-MM-dd */
  day: string;
  /** 'Today', 'Tomorrow' or 'Yesterday', then weekday and day of month: 'Wed 25'. */
  label: string;
}

/**
 * The DATE dropdown (spec 1 §2, spec 2 §9): 8 days starting today, then tomorrow, or yesterday and
 * further back in backwards mode; after the first two each day reads as its weekday and day, 'Wed 25'.
 */
export function dateDropdownDays({ today, backwards = false }: { today: string; backwards?: boolean }): DropdownDay[] {
  const step = backwards ? -1 : 1;
  return Array.from({ length: DATE_DROPDOWN_DAYS }, (_, index) => {
    const day = addDays(today, index * step);
    if (index === 0) return { day, label: 'Today' };
    if (index === 1) return { day, label: backwards ? 'Yesterday' : 'Tomorrow' };
    return { day, label: `${WEEKDAY_NAMES[weekdayOf(day)]} ${Number(day.slice(8, 10))}` };
  });
}

export interface CalendarMonth {
  year: number;
  /** 1–12 */
  month: number;
}

/** The month holding a day. */
export function monthOf(day: string): CalendarMonth {
  const parts = dayPartsOf(day);
  if (!parts) throw new RangeError(`${day} is not a yyyy-MM-dd day.`);
  return { year: parts.year, month: parts.month };
}

/** The month `count` months after (or before) a month. */
export function addMonths({ year, month }: CalendarMonth, count: number): CalendarMonth {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The same day of the month `count` months on (or back), or that month's last day when it is shorter: 31/01 + 1 is 28/02. */
export function addMonthsToDay(day: string, count: number): string {
  const { year, month } = addMonths(monthOf(day), count);
  return dayText({ year, month, day: Math.min(Number(day.slice(8, 10)), daysInMonth(year, month)) });
}

/** 'October 2026' */
export const monthTitle = ({ year, month }: CalendarMonth) => `${MONTH_NAMES[month - 1]} ${year}`;

/**
 * The weeks of a month for a calendar with Sunday–Saturday columns: each week is 7 cells, a
 * yyyy-MM-dd day of the month or null for a cell before the 1st or after the last day.
 */
export function monthGrid({ year, month }: CalendarMonth): (string | null)[][] {
  const first = dayText({ year, month, day: 1 });
  const cells: (string | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day += 1) cells.push(dayText({ year, month, day }));
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

export interface WallTime {
  /** yyyy-MM-dd */
  day: string;
  hour: number;
  minute: number;
}

/**
 * The instant a Dublin day and time stand for (the DATE and DATE_AND_TIME inputs): in the hour the
 * clocks skip, the moment they went forward; in the hour repeated, its first occurrence.
 */
export function instantOfDublinTime({ day, hour, minute }: WallTime): Date {
  const parts = dayPartsOf(day);
  if (!parts) throw new RangeError(`${day} is not a yyyy-MM-dd day.`);
  return instantOfWallTime({ ...parts, hour, minute });
}

/** The Dublin day and time of an instant. */
export function dublinTimeOf(instant: Date): WallTime {
  const [hour, minute] = formatTime(instant).split(':').map(Number);
  return { day: toIsoDay(instant), hour: hour ?? 0, minute: minute ?? 0 };
}

/** A Monday-to-Sunday week (the pay windows of spec 2 §9, the invoice list's 'Closed During' windows of spec 1 §9). */
export interface CalendarWeek {
  /** The Monday. */
  start: string;
  /** The Sunday. */
  end: string;
}

/** The Monday-to-Sunday week a day falls in. */
export function weekOf(day: string): CalendarWeek {
  // weekdayOf: 0 = Sunday, so Sunday goes back 6 days and Monday 0.
  const start = addDays(day, -((weekdayOf(day) + 6) % 7));
  return { start, end: addDays(start, 6) };
}

/** The week `today` is in and the `count - 1` before it, newest first. */
export function recentWeeks(today: string, count: number): CalendarWeek[] {
  const current = weekOf(today);
  return Array.from({ length: count }, (_, index) => {
    const start = addDays(current.start, -7 * index);
    return { start, end: addDays(start, 6) };
  });
}
