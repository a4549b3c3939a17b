import { z } from 'zod';

/** The largest PostgreSQL `integer`: every id column is one, so no id beyond it can name a row. */
export const MAX_DB_ID = 2_147_483_647;

const idRangeMessage = (name: string) => `${name} must be a whole number from 1 to ${MAX_DB_ID}.`;

/** Messages a schema keeps from before (tests and screens quote them); each defaults to the range message. */
export interface IdMessages {
  type?: string;
  int?: string;
  min?: string;
  max?: string;
}

/**
 * A database id in a JSON body: a whole number from 1 to 2147483647. Larger numbers are refused
 * here, with a 400 naming the field, rather than by PostgreSQL with a 500.
 */
export function bodyId(name: string, messages: IdMessages = {}) {
  const range = idRangeMessage(name);
  return z
    .number(messages.type ?? range)
    .int(messages.int ?? range)
    .min(1, messages.min ?? range)
    .max(MAX_DB_ID, messages.max ?? range);
}

/**
 * `size` and `skip` of a paged list's query string: whole numbers, the size from 1 to `maxSize`
 * (`defaultSize` when left out), the skip from 0 (0 when left out).
 */
export function pageQueryShape({ defaultSize, maxSize }: { defaultSize: number; maxSize: number }) {
  return {
    size: z.coerce
      .number('size must be a number.')
      .int('size must be a whole number.')
      .min(1, 'size must be at least 1.')
      .max(maxSize, `size must be at most ${maxSize}.`)
      .optional()
      .default(defaultSize),
    skip: z.coerce
      .number('skip must be a number.')
      .int('skip must be a whole number.')
      .min(0, 'skip must be at least 0.')
      .max(100_000_000, 'skip is too large.')
      .optional()
      .default(0),
  };
}

/** A database id in a path or query string: the same range, the text coerced to a number. */
export function paramId(name: string, messages: IdMessages = {}) {
  const range = idRangeMessage(name);
  return z.coerce
    .number(messages.type ?? range)
    .int(messages.int ?? range)
    .min(1, messages.min ?? range)
    .max(MAX_DB_ID, messages.max ?? range);
}

/** Years a date input may name. PostgreSQL has no year 0 and JavaScript none past 275760; nothing here is older or newer. */
export const MIN_INPUT_YEAR = 1900;
export const MAX_INPUT_YEAR = 2999;

/** True for a real yyyy-MM-dd calendar day ('2026-02-30' and '2026-13-01' are not). */
export function isIsoDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** True when the date or date-time text parses and falls within years 1900 to 2999. */
export function isDateInRange(text: string): boolean {
  const year = Number(/^([+-]?\d{4,6})-/.exec(text.trim())?.[1]);
  return Number.isInteger(year) && year >= MIN_INPUT_YEAR && year <= MAX_INPUT_YEAR;
}

export const dateRangeMessage = (name: string) => `${name} must be a date from ${MIN_INPUT_YEAR} to ${MAX_INPUT_YEAR}.`;

/**
 * The first string (or key) inside a request part that holds a NUL character, as a dotted field path
 * ('body.lines.0.name'), or null. Walks with its own stack, so nesting of any depth cannot overflow.
 */
export function findNulCharacter(value: unknown, path: string): string | null {
  // Each entry links to its parent, so the path is built only for the string found.
  type Entry = { item: unknown; key: string; parent: Entry | null };
  const pathOf = (entry: Entry | null, last?: string): string => {
    const keys = last === undefined ? [] : [last];
    for (let at = entry; at; at = at.parent) keys.unshift(at.key);
    return keys.join('.');
  };
  const stack: Entry[] = [{ item: value, key: path, parent: null }];
  while (stack.length > 0) {
    const entry = stack.pop() as Entry;
    if (typeof entry.item === 'string') {
      if (entry.item.includes('\u0000')) return pathOf(entry);
    } else if (typeof entry.item === 'object' && entry.item !== null) {
      const children = Object.entries(entry.item);
      for (let index = children.length - 1; index >= 0; index -= 1) {
        const [key, child] = children[index] as [string, unknown];
        if (key.includes('\u0000')) return pathOf(entry, key.replaceAll('\u0000', ''));
        stack.push({ item: child, key, parent: entry });
      }
    }
  }
  return null;
}

export const NUL_CHARACTER_MESSAGE = 'must not contain a NUL character';
