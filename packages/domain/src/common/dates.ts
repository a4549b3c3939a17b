// Date display in Europe/Dublin (ARCHITECTURE 'dates'): dd/MM/yy, dd/MM/yy HH:mm, HH:mm.

const TIME_ZONE = 'Europe/Dublin';

// Made on first use, not when the module loads: the first Intl format with a time zone loads ICU's
// zone data (about 120 ms on a phone), which the sign-in page and a cold start never need before
// their first paint (issue 10, a CPU profile of /login).
let dateParts: Intl.DateTimeFormat | undefined;
const datePartsFormat = () =>
  (dateParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }));

let isoDay: Intl.DateTimeFormat | undefined;
const isoDayFormat = () =>
  (isoDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }));

function partsOf(value: Date | string | number): Record<string, string> | undefined {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  const parts: Record<string, string> = {};
  for (const part of datePartsFormat().formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

/** dd/MM/yy, or '' for a missing or invalid date. */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const p = partsOf(value);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

/** HH:mm (24-hour), or ''. */
export function formatTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const p = partsOf(value);
  return p ? `${p.hour}:${p.minute}` : '';
}

/** dd/MM/yy HH:mm, or ''. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const date = formatDate(value);
  return date ? `${date} ${formatTime(value)}` : '';
}

/** yyyy-MM-dd in Europe/Dublin, the format dates are sent in (spec 1 §9). */
export function toIsoDay(value: Date): string {
  return isoDayFormat().format(value);
}
