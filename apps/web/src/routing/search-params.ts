import { idTextAsNumber, MAX_DB_ID, MAX_PAGE_SKIP } from '@courier/domain/common/input-checks';

// Readers of a route's search params (and path params), without zod. The router reads every route's
// search on the first page, before any screen: zod building those schemas took ~350 ms of a phone's
// cold start (issue 10). Each reader answers the value when it is acceptable and undefined when it is
// not, and never throws: a bad value in a link is dropped, never an error page. The router has already
// read `?page=2` as the number 2 and `?exact=true` as true (JSON), so most readers take values as they are.

/** Reads one param: the value, or undefined when it is missing or not acceptable. */
export type SearchParam<T> = (value: unknown) => T | undefined;

/** A search read param by param: only the params named here, each one optional. */
export type SearchOf<TParams extends Record<string, SearchParam<unknown>>> = {
  [K in keyof TParams]?: ReturnType<TParams[K]>;
};

/**
 * A route's search as the router's `validateSearch` takes it (an object with `parse`): the named
 * params read one by one, any other param left out. A param present with a bad value stays as
 * undefined, as the zod schemas this replaces answered.
 */
export function searchParams<const TParams extends Record<string, SearchParam<unknown>>>(
  params: TParams,
): { parse(search: unknown): SearchOf<TParams> } {
  return {
    parse(search) {
      const given = typeof search === 'object' && search !== null ? (search as Record<string, unknown>) : {};
      const read: Record<string, unknown> = {};
      for (const [key, param] of Object.entries(params)) {
        if (key in given) read[key] = param(given[key]);
      }
      return read as SearchOf<TParams>;
    },
  };
}

/** Text; trimmed (`trim`) then upper-cased (`upperCase`) before its length and `test` are checked. */
export function textParam({
  trim = false,
  upperCase = false,
  minLength = 0,
  maxLength = Number.POSITIVE_INFINITY,
  test = () => true,
}: {
  trim?: boolean;
  upperCase?: boolean;
  minLength?: number;
  maxLength?: number;
  test?: (text: string) => boolean;
} = {}): SearchParam<string> {
  return (value) => {
    if (typeof value !== 'string') return undefined;
    let text = trim ? value.trim() : value;
    if (upperCase) text = text.toUpperCase();
    return text.length >= minLength && text.length <= maxLength && test(text) ? text : undefined;
  };
}

/** true or false, as the router reads `?exact=true`. */
export const booleanParam: SearchParam<boolean> = (value) => (typeof value === 'boolean' ? value : undefined);

/**
 * 'true' or '1', 'false', '0' or '' in a query string, or a real boolean: how the API reads a flag
 * (bookings/filter-fields.ts), for a filter the URL carries as the API would.
 */
export const flagParam: SearchParam<boolean> = (value) => {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0' || value === '') return false;
  return typeof value === 'boolean' ? value : undefined;
};

interface NumberBounds {
  min?: number;
  max?: number;
  /**
   * Also read text and other values as JavaScript's `Number()` does ('12' is 12; '', null and false
   * are 0), as the API's query strings are read; without it, only a number is taken.
   */
  coerce?: boolean;
}

/** A finite number within `min`..`max`. */
export function numberParam({
  min = Number.NEGATIVE_INFINITY,
  max = Number.POSITIVE_INFINITY,
  coerce = false,
}: NumberBounds = {}): SearchParam<number> {
  return (value) => {
    const number = coerce ? numberOf(value) : value;
    return typeof number === 'number' && Number.isFinite(number) && number >= min && number <= max ? number : undefined;
  };
}

/** A whole number (a safe integer) within `min`..`max`. */
export function wholeNumberParam(bounds: NumberBounds = {}): SearchParam<number> {
  const read = numberParam(bounds);
  return (value) => {
    const number = read(value);
    return number !== undefined && Number.isSafeInteger(number) ? number : undefined;
  };
}

/**
 * A list's zero-based page in the address, for pages of up to `pageSize` rows: a page whose skip the API
 * refuses (past MAX_PAGE_SKIP) is a broken link, dropped like 'abc' (the first page), not a page past
 * the end and not the API's 400 on screen.
 */
export function pageParam(pageSize: number, { coerce = false }: { coerce?: boolean } = {}): SearchParam<number> {
  return wholeNumberParam({ min: 0, max: Math.floor(MAX_PAGE_SKIP / pageSize), coerce });
}

/**
 * A database id as the API reads one from a query string (common/input-checks): decimal digits only
 * ('1e3' and '0x10' are no id), 1 to the largest id there can be. A link whose id the API would refuse
 * with a 400 never sends it: the id is dropped here, as every other bad value is.
 */
export function idParam(value: unknown): number | undefined {
  return readId(idTextAsNumber(value));
}
const readId = wholeNumberParam({ min: 1, max: MAX_DB_ID, coerce: true });

/**
 * A param kept as the address gives it, text or a number, for a screen that says when it cannot use
 * the value (the tariff list's tariff code). A reader that drops a bad value leaves such a screen
 * nothing to go on: on a page load the router writes the address again from what its readers kept.
 */
export const givenParam: SearchParam<string | number> = (value) =>
  (typeof value === 'string' && value !== '') || (typeof value === 'number' && !Number.isNaN(value))
    ? value
    : undefined;

/** `Number(value)`, or undefined for the values it throws on (a symbol, an object that cannot become one). */
function numberOf(value: unknown): number | undefined {
  try {
    return Number(value);
  } catch {
    return undefined;
  }
}

/** One of `values`; with `anyCase`, text is lower-cased first ('ASC' is 'asc'). */
export function choiceParam<const TValue extends string>(
  values: readonly TValue[],
  { anyCase = false }: { anyCase?: boolean } = {},
): SearchParam<TValue> {
  return (value) => {
    const choice = anyCase && typeof value === 'string' ? value.toLowerCase() : value;
    return (values as readonly unknown[]).includes(choice) ? (choice as TValue) : undefined;
  };
}

/**
 * A list of `values`, as the API reads one: repeated (`tags=A&tags=B`, an array) or comma-separated
 * (`tags=A,B`), each item trimmed and empty ones left out; at most `maxItems`, every item known, or
 * nothing is taken.
 */
export function choiceListParam<const TValue extends string>(
  values: readonly TValue[],
  { maxItems }: { maxItems: number },
): SearchParam<TValue[]> {
  return (value) => {
    if (value === undefined || value === null || value === '') return undefined;
    const items = (Array.isArray(value) ? (value as unknown[]) : [value])
      .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
      .map((item) => (typeof item === 'string' ? item.trim() : item))
      .filter((item) => item !== '');
    const known = items.every((item) => (values as readonly unknown[]).includes(item));
    return known && items.length <= maxItems ? (items as TValue[]) : undefined;
  };
}
