// Checks of input values that need no schema library: database ids, the years a date may name, real
// calendar days and date-times, NUL characters. Kept apart from the zod schemas (input.ts) so the web
// app's first screen can use them without loading zod (issue 10).

/** The largest PostgreSQL `integer`: every id column is one, so no id beyond it can name a row. */
export const MAX_DB_ID = 2_147_483_647;

/** The largest skip a paged list takes: past any list we hold, and far inside PostgreSQL's int4. */
export const MAX_PAGE_SKIP = 100_000_000;

/** Years a date input may name. PostgreSQL has no year 0 and JavaScript none past 275760; nothing here is older or newer. */
export const MIN_INPUT_YEAR = 1900;
export const MAX_INPUT_YEAR = 2999;

/** True for a real yyyy-MM-dd calendar day ('2026-02-30' and '2026-13-01' are not). */
export function isIsoDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** A yyyy-MM-dd text that names a real day within the years a date input accepts. */
export function isInputDay(text: string): boolean {
  return isIsoDay(text) && isDateInRange(text);
}

/**
 * True for an ISO date-time with seconds and a zone (Z or ±hh:mm) on a real day, such as
 * '2026-11-23T10:00:00.000Z': what zod's `z.iso.datetime({ offset: true })` accepts, without zod.
 */
export function isIsoDateTime(text: string): boolean {
  const day =
    /^(\d{4}-\d{2}-\d{2})T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/.exec(
      text,
    )?.[1];
  return day !== undefined && isIsoDay(day);
}

/** True when the date or date-time text parses and falls within years 1900 to 2999. */
export function isDateInRange(text: string): boolean {
  const year = Number(/^([+-]?\d{4,6})-/.exec(text.trim())?.[1]);
  return Number.isInteger(year) && year >= MIN_INPUT_YEAR && year <= MAX_INPUT_YEAR;
}

export const dateRangeMessage = (name: string) => `${name} must be a date from ${MIN_INPUT_YEAR} to ${MAX_INPUT_YEAR}.`;

/**
 * The most fields one refusal names. No form has nearly as many; a 5 MB body of NULs could otherwise
 * hold half a million, and naming them all would answer a small request with a huge one.
 */
export const MAX_NUL_FIELDS = 100;

/** Stands in the walk for what is under a key that holds a NUL: the key's field is named, in its turn. */
const NUL_KEY = Symbol('a key holding a NUL');

/**
 * Every string (or key) inside a request part that holds a NUL character, as dotted field paths
 * ('body.lines.0.name') in the order they appear, each once; null when none does. All of them, so a
 * form marks every such field at once instead of one per attempt. A key holding one names its field
 * (without the NUL) and what is under it is not walked: the whole field is refused. Runs on every
 * request, so the clean case builds no list. Walks with its own stack, so nesting of any depth cannot
 * overflow.
 */
export function findNulCharacters(value: unknown, path: string): string[] | null {
  // Each entry links to its parent, so a path is built only for a field found.
  type Entry = { item: unknown; key: string; parent: Entry | null };
  const pathOf = (entry: Entry): string => {
    const keys: string[] = [];
    for (let at: Entry | null = entry; at; at = at.parent) keys.unshift(at.key);
    return keys.join('.');
  };
  // A Set: a key 'a\u0000' and a key 'a' holding one are both 'body.a', named once.
  let found: Set<string> | null = null;
  const stack: Entry[] = [{ item: value, key: path, parent: null }];
  while (stack.length > 0 && (found === null || found.size < MAX_NUL_FIELDS)) {
    const entry = stack.pop() as Entry;
    if (entry.item === NUL_KEY || (typeof entry.item === 'string' && entry.item.includes('\u0000'))) {
      (found ??= new Set()).add(pathOf(entry));
    } else if (typeof entry.item === 'object' && entry.item !== null) {
      // Pushed last to first, so they are taken (and named) in their order.
      const children = Object.entries(entry.item);
      for (let index = children.length - 1; index >= 0; index -= 1) {
        const [key, child] = children[index] as [string, unknown];
        stack.push(
          key.includes('\u0000')
            ? { item: NUL_KEY, key: key.replaceAll('\u0000', ''), parent: entry }
            : { item: child, key, parent: entry },
        );
      }
    }
  }
  return found && [...found];
}

export const NUL_CHARACTER_MESSAGE =
  'Holds an invisible character (NUL) that cannot be saved: type the text again instead of pasting it.';

/**
 * Search text as typed or pasted, without NUL characters: nothing stored holds one (the server refuses
 * them), so a search for one could only fail; a search box drops them instead.
 */
export const withoutNulCharacters = (text: string): string => text.replaceAll('\u0000', '');

/** A decimal as people type it by hand: digits with an optional sign and point ('12', '-5', '2.5', '.5'). */
const TYPED_DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/**
 * The number a field's text reads as, or undefined: only a plain decimal counts, not what Number()
 * would also take ('1e3', '0x10', 'Infinity'), so a typed value is never read as another one.
 */
export function typedDecimal(text: string): number | undefined {
  const trimmed = text.trim();
  return TYPED_DECIMAL.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * An id as a path or query string writes it, ready for a schema (or a URL reader) to check its range:
 * only decimal digits are read, with a sign or a fraction so -1 and 1.5 get their own messages; what
 * Number() would also take ('1e3' as 1000, '0x10' as 16, ' 7' as 7) becomes NaN, refused as not a whole
 * number, so no answer is ever about an id nobody typed. Anything but text passes as it is.
 */
export function idTextAsNumber(value: unknown): unknown {
  return typeof value === 'string' && !/^-?\d+(\.\d+)?$/.test(value) ? Number.NaN : value;
}
