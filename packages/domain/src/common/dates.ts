// Date display in Europe/Dublin (ARCHITECTURE 'dates'): dd/MM/yy, dd/MM/yy HH:mm, HH:mm.

const TIME_ZONE = 'Europe/Dublin';
const HOUR_MS = 3_600_000;

/**
 * The years Dublin's clocks follow the EU summer-time rule: one hour ahead of UTC from 01:00 UTC on
 * the last Sunday of March to 01:00 UTC on the last Sunday of October (Ireland's rule since 1996; the
 * tests hold it to the time-zone database for every year in range). Dates outside take the Intl path.
 */
const EU_RULE_YEARS = { from: 1996, to: 2099 } as const;

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Dublin's offset from UTC at `instant` by the EU rule, or undefined outside its years. */
function euRuleOffset(instant: number): number | undefined {
  const year = new Date(instant).getUTCFullYear();
  if (year < EU_RULE_YEARS.from || year > EU_RULE_YEARS.to) return undefined;
  return instant >= lastSundayOneUtc(year, 2) && instant < lastSundayOneUtc(year, 9) ? HOUR_MS : 0;
}

// Intl formats for dates outside the rule's years, made on first use: the first Intl format with a
// time zone loads ICU's zone data (about 60-120 ms on a phone), which was the largest single cost of
// a list's first row after React's own (issue 10, CPU profiles of /login and the lists at 4x CPU).
let dateParts: Intl.DateTimeFormat | undefined;
const datePartsFormat = () =>
  (dateParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }));

interface DublinParts {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function partsOf(value: Date | string | number): DublinParts | undefined {
  const date = value instanceof Date ? value : new Date(value);
  const instant = date.getTime();
  if (Number.isNaN(instant)) return undefined;
  const offset = euRuleOffset(instant);
  if (offset !== undefined) {
    const wall = new Date(instant + offset);
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
    };
  }
  const parts: Record<string, number> = {};
  for (const part of datePartsFormat().formatToParts(date)) parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? Number.NaN,
    month: parts.month ?? Number.NaN,
    day: parts.day ?? Number.NaN,
    hour: parts.hour ?? Number.NaN,
    minute: parts.minute ?? Number.NaN,
  };
}

const twoDigits = (value: number) => String(value % 100).padStart(2, '0');

const dateText = (p: DublinParts) => `${twoDigits(p.day)}/${twoDigits(p.month)}/${twoDigits(p.year)}`;
const timeText = (p: DublinParts) => `${twoDigits(p.hour)}:${twoDigits(p.minute)}`;

/** dd/MM/yy, or '' for a missing or invalid date. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const p = value === null || value === undefined ? undefined : partsOf(value);
  return p ? dateText(p) : '';
}

/** HH:mm (24-hour), or ''. */
export function formatTime(value: Date | string | number | null | undefined): string {
  const p = value === null || value === undefined ? undefined : partsOf(value);
  return p ? timeText(p) : '';
}

/** dd/MM/yy HH:mm, or ''. Reads the date once: every list row and CSV line calls it. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const p = value === null || value === undefined ? undefined : partsOf(value);
  return p ? `${dateText(p)} ${timeText(p)}` : '';
}

/** yyyy-MM-dd in Europe/Dublin, the format dates are sent in (spec 1 §9). */
export function toIsoDay(value: Date): string {
  const p = partsOf(value);
  if (!p) throw new RangeError('Invalid time value');
  return `${String(p.year).padStart(4, '0')}-${twoDigits(p.month)}-${twoDigits(p.day)}`;
}
