import { z } from 'zod';

// Set call schedule (spec 1 §3 'Schedule entry', §4 'Set call', §5 'Schedule time', §9).

export const SCHEDULE_DAYS = [1, 2, 3, 4, 5] as const; // Monday to Friday only
export const DAY_NAMES: Record<number, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
};
export const WEEKS_OF_MONTH = [1, 2, 3, 4, 5] as const;
export const WEEK_LABELS: Record<number, string> = { 1: '1st', 2: '2nd', 3: '3rd', 4: '4th', 5: '5th' };

export const collectionTimeSchema = z.object({
  hour: z.number().int().min(0, 'The hour must be 0 to 23.').max(23, 'The hour must be 0 to 23.'),
  minute: z.number().int().min(0, 'The minute must be 0 to 59.').max(59, 'The minute must be 0 to 59.'),
});
export type CollectionTime = z.infer<typeof collectionTimeSchema>;

export const scheduleEntrySchema = z.object({
  dayOfWeek: z
    .number()
    .int()
    .min(1, 'Set calls run Monday to Friday only.')
    .max(5, 'Set calls run Monday to Friday only.'),
  /** 'date' is known to the read-only view only; the editor writes nth or last. */
  type: z.enum(['nth', 'last', 'date']),
  options: z.array(z.number().int().min(1, 'Weeks are 1st to 5th.').max(5, 'Weeks are 1st to 5th.')).max(5),
  collectionTime: collectionTimeSchema,
  date: z.iso.date().nullable().optional(),
});
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;

export const DEFAULT_COLLECTION_TIME: CollectionTime = { hour: 9, minute: 0 };

/** The entry a weekday gets when it is first scheduled: nth, all five weeks, 09:00 (spec 1 §4). */
export function defaultScheduleEntry(dayOfWeek: number): ScheduleEntry {
  return { dayOfWeek, type: 'nth', options: [...WEEKS_OF_MONTH], collectionTime: { ...DEFAULT_COLLECTION_TIME } };
}

/** Choosing nth with no weeks selects all five; choosing last clears the weeks (spec 1 §4). */
export function withScheduleType(entry: ScheduleEntry, type: 'nth' | 'last'): ScheduleEntry {
  if (type === 'last') return { ...entry, type, options: [] };
  return { ...entry, type, options: entry.options.length === 0 ? [...WEEKS_OF_MONTH] : [...entry.options].sort() };
}

/** Turns one week of an nth entry on or off; the last remaining week stays on (an nth entry with no week never runs). */
export function toggleScheduleWeek(entry: ScheduleEntry, week: number): ScheduleEntry {
  const has = entry.options.includes(week);
  if (has && entry.options.length === 1) return entry;
  const options = has ? entry.options.filter((w) => w !== week) : [...entry.options, week].sort((a, b) => a - b);
  return { ...entry, type: 'nth', options };
}

/** Turns a weekday on (with the default entry) or off. */
export function toggleScheduleDay(schedule: readonly ScheduleEntry[], dayOfWeek: number): ScheduleEntry[] {
  if (schedule.some((entry) => entry.dayOfWeek === dayOfWeek))
    return schedule.filter((entry) => entry.dayOfWeek !== dayOfWeek);
  return [...schedule, defaultScheduleEntry(dayOfWeek)].sort((a, b) => a.dayOfWeek - b.dayOfWeek);
}

/** Problems with a schedule as a whole, as { field, message } with the entry's index. */
export function scheduleProblems(schedule: readonly ScheduleEntry[]): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const seen = new Set<number>();
  schedule.forEach((entry, index) => {
    const day = DAY_NAMES[entry.dayOfWeek] ?? `Day ${entry.dayOfWeek}`;
    if (seen.has(entry.dayOfWeek))
      problems.push({ field: `schedule.${index}.dayOfWeek`, message: `${day} is scheduled twice.` });
    seen.add(entry.dayOfWeek);
    if (entry.type === 'nth' && entry.options.length === 0)
      problems.push({ field: `schedule.${index}.options`, message: `Choose at least one week for ${day}.` });
    if (entry.type === 'date' && !entry.date)
      problems.push({ field: `schedule.${index}.date`, message: `Choose the date for ${day}.` });
  });
  return problems;
}

interface CalendarDay {
  year: number;
  /** 1 to 12 */
  month: number;
  day: number;
}

function parseDay(isoDay: string): CalendarDay {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) throw new RangeError(`Not a yyyy-MM-dd date: ${isoDay}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) throw new RangeError(`No such date: ${isoDay}`);
  return { year, month, day };
}

/** ISO weekday 1 (Monday) to 7 (Sunday) of a calendar day; no time zone involved. */
export function isoWeekday(isoDay: string): number {
  const { year, month, day } = parseDay(isoDay);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The schedule entry under which a set call runs on a calendar day (yyyy-MM-dd), or null when it does
 * not run: inactive, a weekend, no entry for that weekday, not the chosen week of the month (the nth
 * weekday: days 1–7 are the 1st, 29–31 the 5th), not the last such weekday of the month, or not the date.
 */
export function setCallRunsOn(
  setCall: { active: boolean; schedule: readonly ScheduleEntry[] },
  isoDay: string,
): ScheduleEntry | null {
  if (!setCall.active) return null;
  const weekday = isoWeekday(isoDay);
  if (weekday > 5) return null;
  const { year, month, day } = parseDay(isoDay);
  for (const entry of setCall.schedule) {
    if (entry.dayOfWeek !== weekday) continue;
    if (entry.type === 'nth' && entry.options.includes(Math.ceil(day / 7))) return entry;
    if (entry.type === 'last' && day + 7 > daysInMonth(year, month)) return entry;
    if (entry.type === 'date' && entry.date === isoDay) return entry;
  }
  return null;
}

/** 24-hour HH:mm of a collection time. */
export function formatCollectionTime(time: CollectionTime): string {
  return `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
}

/** 'Every Monday', '1st and 3rd Tuesday', 'Last Friday' at a time, for the read-only view. */
export function describeScheduleEntry(entry: ScheduleEntry): string {
  const day = DAY_NAMES[entry.dayOfWeek] ?? `Day ${entry.dayOfWeek}`;
  const at = formatCollectionTime(entry.collectionTime);
  if (entry.type === 'last') return `Last ${day} at ${at}`;
  if (entry.type === 'date') return `${day} ${entry.date ?? ''} at ${at}`;
  if (entry.options.length === 5) return `Every ${day} at ${at}`;
  const weeks = entry.options.map((week) => WEEK_LABELS[week]);
  const list = weeks.length > 1 ? `${weeks.slice(0, -1).join(', ')} and ${weeks.at(-1)}` : weeks[0];
  return `${list} ${day} at ${at}`;
}
