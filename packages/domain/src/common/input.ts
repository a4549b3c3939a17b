// Zod schemas of database ids and list pages in paths, query strings and bodies. The checks that
// need no zod (id range, date years, NUL characters) are in input-checks.ts.
import { z } from 'zod';
import { idTextAsNumber, MAX_DB_ID, MAX_PAGE_SKIP } from './input-checks.ts';

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

/** A page's size: a whole number from 1 to `maxSize`. `number` reads a body's number or a query's text. */
const pageSize = <N extends z._ZodNumber>(number: N, maxSize: number): N =>
  number
    .int('size must be a whole number.')
    .min(1, 'size must be at least 1.')
    .max(maxSize, `size must be at most ${maxSize}.`);

/** How many rows a page skips: a whole number from 0 to MAX_PAGE_SKIP. */
const pageSkip = <N extends z._ZodNumber>(number: N): N =>
  number
    .int('skip must be a whole number.')
    .min(0, 'skip must be at least 0.')
    .max(MAX_PAGE_SKIP, `skip must be at most ${MAX_PAGE_SKIP}.`);

/**
 * `size` and `skip` of a paged list's query string: whole numbers, the size from 1 to `maxSize`
 * (`defaultSize` when left out), the skip from 0 to MAX_PAGE_SKIP (0 when left out).
 */
export function pageQueryShape({ defaultSize, maxSize }: { defaultSize: number; maxSize: number }) {
  return {
    size: pageSize(z.coerce.number('size must be a number.'), maxSize).optional().default(defaultSize),
    skip: pageSkip(z.coerce.number('skip must be a number.')).optional().default(0),
  };
}

/**
 * `size` and `skip` of a paged list's JSON body (POST /company, /users, /review): the same checks and
 * messages as the query string's, both required. A skip past int4 is a 400 here, not an empty page.
 */
export function pageBodyShape({ maxSize }: { maxSize: number }) {
  return {
    size: pageSize(z.number('size must be a number.'), maxSize),
    skip: pageSkip(z.number('skip must be a number.')),
  };
}

/**
 * A database id in a path or query string: the same range, written in decimal digits (idTextAsNumber:
 * '1e3' is not company 1000).
 */
export function paramId(name: string, messages: IdMessages = {}) {
  const range = idRangeMessage(name);
  return z.preprocess(
    idTextAsNumber,
    z.coerce
      .number(messages.type ?? range)
      .int(messages.int ?? range)
      .min(1, messages.min ?? range)
      .max(MAX_DB_ID, messages.max ?? range),
  );
}
