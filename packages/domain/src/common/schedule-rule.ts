// Recurring schedules of background runs: a standard 5-field cron rule (minute, hour, day of month,
// month, day of week) read in a time zone's wall-clock time, Europe/Dublin by default (ARCHITECTURE
// 'dates'). Pure: the zone's offsets come from Intl.DateTimeFormat.

export const SCHEDULE_TIME_ZONE = 'Europe/Dublin';

export interface ScheduleRule {
  /** The rule as written. */
  text: string;
  minutes: readonly number[];
  hours: readonly number[];
  daysOfMonth: ReadonlySet<number>;
  months: ReadonlySet<number>;
  /** 0 = Sunday … 6 = Saturday (7 in the rule is Sunday too). */
  daysOfWeek: ReadonlySet<number>;
  /** Whether the day-of-month / day-of-week fields restrict (do not start with `*`): when both do, either may match (cron). */
  dayOfMonthRestricted: boolean;
  dayOfWeekRestricted: boolean;
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

const NUMBER = /^\d+$/;

function parseField(text: string, field: (typeof FIELDS)[number]): number[] {
  const values = new Set<number>();
  const bad = (why: string) => new Error(`The ${field.name} field "${text}" ${why}.`);
  const number = (part: string) => {
    if (!NUMBER.test(part)) throw bad(`holds "${part}", which is not a number`);
    const value = Number(part);
    if (value < field.min || value > field.max) throw bad(`holds ${value}, outside ${field.min}-${field.max}`);
    return value;
  };
  for (const item of text.split(',')) {
    const [range = '', stepText, ...extra] = item.split('/');
    if (extra.length > 0) throw bad('has more than one "/" in an item');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (stepText !== undefined && (!NUMBER.test(stepText) || step < 1)) throw bad(`has the step "${stepText}"`);
    let from: number;
    let to: number;
    if (range === '*') {
      from = field.min;
      to = field.max;
    } else if (range.includes('-')) {
      const [low = '', high = '', ...more] = range.split('-');
      if (more.length > 0) throw bad(`has the range "${range}"`);
      from = number(low);
      to = number(high);
      if (from > to) throw bad(`has the range ${range}, which goes backwards`);
    } else {
      from = number(range);
      // n/step means from n to the end, as in cron.
      to = stepText === undefined ? from : field.max;
    }
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return [...values].sort((a, b) => a - b);
}

/** Parses a 5-field cron rule: numbers, `*`, lists `1,15`, ranges `1-5` and steps `*\/15`, `0-30/10`. Throws with a readable message. */
export function parseScheduleRule(text: string): ScheduleRule {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 5)
    throw new Error(
      `A schedule rule has 5 fields (minute hour day-of-month month day-of-week), "${text}" has ${parts.length}.`,
    );
  const [minutes, hours, daysOfMonth, months, daysOfWeek] = parts.map((part, i) =>
    parseField(part, FIELDS[i] as (typeof FIELDS)[number]),
  ) as [number[], number[], number[], number[], number[]];
  return {
    text,
    minutes,
    hours,
    daysOfMonth: new Set(daysOfMonth),
    months: new Set(months),
    daysOfWeek: new Set(daysOfWeek.map((day) => day % 7)),
    dayOfMonthRestricted: !(parts[2] as string).startsWith('*'),
    dayOfWeekRestricted: !(parts[4] as string).startsWith('*'),
  };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall-clock time of an instant, as milliseconds of a UTC date with the same fields. */
function wallOf(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = Number(part.value);
  return Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** The zone's offset from UTC at an instant, in milliseconds (Dublin: 0 in winter, +1 h in summer). */
const offsetAt = (instant: number, timeZone: string) => wallOf(instant, timeZone) - Math.floor(instant / 1000) * 1000;

/**
 * The instants a wall-clock time stands for, earliest first: one normally, two in the hour repeated
 * when clocks go back, none in the hour skipped when they go forward.
 */
function instantsOf(wall: number, timeZone: string): number[] {
  const offsets = new Set([offsetAt(wall - DAY, timeZone), offsetAt(wall, timeZone), offsetAt(wall + DAY, timeZone)]);
  return [...offsets]
    .map((offset) => wall - offset)
    .filter((instant) => offsetAt(instant, timeZone) === wall - instant)
    .sort((a, b) => a - b);
}

/** For a wall time in a skipped hour: the first instant after the gap (the moment clocks went forward). */
function endOfGap(wall: number, timeZone: string): number {
  // Read with the new (later) offset the wall time lies before the gap; read with the old one, after it.
  let low = wall - offsetAt(wall + DAY, timeZone);
  let high = wall - offsetAt(wall - DAY, timeZone);
  while (high - low > MINUTE) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
    if (offsetAt(middle, timeZone) === offsetAt(high, timeZone)) high = middle;
    else low = middle;
  }
  return high;
}

/** The instant a wall-clock time stands for, read as in Dublin by default: the earliest, or the end of a skipped hour. */
export function instantOfWallTime(
  wall: { year: number; month: number; day: number; hour?: number; minute?: number },
  timeZone: string = SCHEDULE_TIME_ZONE,
): Date {
  const ms = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour ?? 0, wall.minute ?? 0);
  return new Date(instantsOf(ms, timeZone)[0] ?? endOfGap(ms, timeZone));
}

/** How far ahead a slot is looked for: past one leap day (e.g. `0 0 29 2 *`), with room for a weekday on it. */
const SEARCH_DAYS = 366 * 9;

/**
 * The first slot of the rule strictly after `after`, in the zone's wall-clock time, or null when the
 * rule never matches (e.g. 30 February). Daylight saving: a slot in the hour skipped in March fires at
 * the first instant after the gap; a slot in the hour repeated in October fires once, at its first
 * occurrence. A slot is a whole minute.
 */
export function nextSlotAfter(
  rule: ScheduleRule | string,
  after: Date,
  timeZone: string = SCHEDULE_TIME_ZONE,
): Date | null {
  const parsed = typeof rule === 'string' ? parseScheduleRule(rule) : rule;
  const start = after.getTime();
  // Wall times strictly after the wall minute of `after`: a slot that just fired is not fired again
  // in the repeated hour.
  const startWall = Math.floor(wallOf(start, timeZone) / MINUTE) * MINUTE;
  const firstDay = Math.floor(startWall / DAY) * DAY;
  for (let day = firstDay; day < firstDay + SEARCH_DAYS * DAY; day += DAY) {
    const date = new Date(day);
    if (!parsed.months.has(date.getUTCMonth() + 1)) continue;
    const byMonthDay = parsed.daysOfMonth.has(date.getUTCDate());
    const byWeekDay = parsed.daysOfWeek.has(date.getUTCDay());
    const dayMatches =
      parsed.dayOfMonthRestricted && parsed.dayOfWeekRestricted ? byMonthDay || byWeekDay : byMonthDay && byWeekDay;
    if (!dayMatches) continue;
    for (const hour of parsed.hours) {
      if (day + hour * 60 * MINUTE + 59 * MINUTE <= startWall) continue;
      for (const minute of parsed.minutes) {
        const wall = day + hour * 60 * MINUTE + minute * MINUTE;
        if (wall <= startWall) continue;
        const instants = instantsOf(wall, timeZone);
        const instant =
          instants.length === 0 ? endOfGap(wall, timeZone) : instants.find((candidate) => candidate > start);
        if (instant !== undefined && instant > start) return new Date(instant);
      }
    }
  }
  return null;
}

/**
 * The latest slot at or before `now`, starting from a due slot `due`: after a downtime the missed
 * slots collapse into this one, so a schedule fires once, not once per missed slot.
 */
export function latestSlotAtOrBefore(
  rule: ScheduleRule | string,
  due: Date,
  now: Date,
  timeZone: string = SCHEDULE_TIME_ZONE,
): Date {
  const parsed = typeof rule === 'string' ? parseScheduleRule(rule) : rule;
  let latest = due;
  // Scanning slot by slot is cheap for the short downtimes this is for; after a long one, look only
  // at the last day (an every-minute rule down for a month would otherwise take 43,200 steps).
  const recent = nextSlotAfter(parsed, new Date(now.getTime() - DAY), timeZone);
  if (recent && recent.getTime() <= now.getTime() && recent.getTime() > latest.getTime()) latest = recent;
  for (;;) {
    const next = nextSlotAfter(parsed, latest, timeZone);
    if (!next || next.getTime() > now.getTime()) return latest;
    latest = next;
  }
}
