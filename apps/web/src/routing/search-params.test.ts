import { describe, expect, it } from 'vitest';
import {
  booleanParam,
  choiceListParam,
  choiceParam,
  flagParam,
  givenParam,
  idParam,
  numberParam,
  pageParam,
  searchParams,
  textParam,
  wholeNumberParam,
} from './search-params.ts';

// What a hand-edited or stale link may hold: every reader drops what it cannot take, and none throws.
const LONG_TEXT = 'x'.repeat(5_000);
const NUL_TEXT = 'a\u0000b';
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'abc',
  '12abc',
  '0x10',
  LONG_TEXT,
  NUL_TEXT,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 53,
  [],
  ['1', '2'],
  {},
  { page: 1 },
  true,
  Symbol('odd'),
  10n,
];

describe('search params', () => {
  it.each(ODD_VALUES.map((value) => [value]))('no reader throws on %s', (value) => {
    const readers = [
      textParam(),
      textParam({ trim: true, upperCase: true, minLength: 1, maxLength: 20 }),
      booleanParam,
      flagParam,
      numberParam({ min: 0, coerce: true }),
      wholeNumberParam({ min: 0 }),
      wholeNumberParam({ min: 1, max: 100, coerce: true }),
      choiceParam(['asc', 'desc'], { anyCase: true }),
      choiceListParam(['A', 'B'], { maxItems: 2 }),
      idParam,
      givenParam,
    ];
    for (const read of readers) expect(() => read(value)).not.toThrow();
  });

  describe('pages', () => {
    it('keep a page whose skip the API takes (MAX_PAGE_SKIP), and drop a larger one', () => {
      const tens = pageParam(10);
      expect(tens(0)).toBe(0);
      expect(tens(10_000_000)).toBe(10_000_000);
      expect(tens(10_000_001)).toBeUndefined();
      expect(tens(2_147_483_647)).toBeUndefined();
      expect(tens('3')).toBeUndefined();
      const coerced = pageParam(5_000, { coerce: true });
      expect(coerced('20000')).toBe(20_000);
      expect(coerced('20001')).toBeUndefined();
    });
  });

  describe('whole numbers', () => {
    const page = wholeNumberParam({ min: 0 });
    const coercedPage = wholeNumberParam({ min: 0, max: 1_000, coerce: true });

    it('takes whole numbers within the bounds', () => {
      expect(page(0)).toBe(0);
      expect(page(2)).toBe(2);
      expect(coercedPage(1_000)).toBe(1_000);
    });

    it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '2', [2], true, null])('drop %s', (value) => {
      expect(page(value)).toBeUndefined();
    });

    it('read numeric text when told to coerce, as the API reads a query string', () => {
      expect(coercedPage('12')).toBe(12);
      expect(coercedPage(' 12 ')).toBe(12);
      expect(coercedPage('1e2')).toBe(100);
      // Number('') and Number(null) are 0: what z.coerce.number() answered before.
      expect(coercedPage('')).toBe(0);
      expect(coercedPage(null)).toBe(0);
      expect(coercedPage(['7'])).toBe(7);
    });

    it.each(['12abc', 'abc', '-1', '1.5', '1001', LONG_TEXT, NUL_TEXT, ['1', '2'], {}, Symbol('odd')])(
      'drop %s even when coercing',
      (value) => expect(coercedPage(value)).toBeUndefined(),
    );
  });

  describe('ids', () => {
    it('takes an id as the API does: decimal digits, 1 to the largest id there can be', () => {
      expect(idParam('7')).toBe(7);
      expect(idParam(7)).toBe(7);
      expect(idParam('2147483647')).toBe(2_147_483_647);
    });

    it.each(['abc', '0', '-1', '1.5', '1e3', '0x10', ' 7', '', 2_147_483_648, 99_999_999_999, null])(
      'drop %s, which the API would refuse',
      (value) => expect(idParam(value)).toBeUndefined(),
    );
  });

  it('a param kept as given is any text or number, so a screen can say what it could not use', () => {
    expect(givenParam('abc')).toBe('abc');
    expect(givenParam(99_999_999_999)).toBe(99_999_999_999);
    expect(givenParam(7)).toBe(7);
    // Empty is none, as the API reads an empty query param.
    for (const value of ['', Number.NaN, null, true, [], {}]) expect(givenParam(value)).toBeUndefined();
  });

  it('numbers may be fractions, within the bounds', () => {
    const amount = numberParam({ min: 0, max: 10, coerce: true });
    expect(amount('2.5')).toBe(2.5);
    expect(amount(-0.5)).toBeUndefined();
    expect(amount('10.01')).toBeUndefined();
    expect(amount('Infinity')).toBeUndefined();
  });

  describe('text', () => {
    it('takes text within its length, trimmed and upper-cased when told', () => {
      expect(textParam()('  a b  ')).toBe('  a b  ');
      expect(textParam({ trim: true, upperCase: true, minLength: 1, maxLength: 3 })(' abc ')).toBe('ABC');
      expect(textParam({ maxLength: 100 })(NUL_TEXT)).toBe(NUL_TEXT);
    });

    it('drops text too long or too short once trimmed, and anything else', () => {
      const account = textParam({ trim: true, minLength: 1, maxLength: 20 });
      expect(textParam({ maxLength: 100 })(LONG_TEXT)).toBeUndefined();
      expect(account('   ')).toBeUndefined();
      expect(account(12)).toBeUndefined();
      expect(account(['a'])).toBeUndefined();
      expect(account(null)).toBeUndefined();
    });

    it('checks its test', () => {
      const day = textParam({ test: (text) => /^\d{4}-\d{2}-\d{2}$/.test(text) });
      expect(day('2026-11-23')).toBe('2026-11-23');
      expect(day('2026-11-23x')).toBeUndefined();
    });
  });

  it('booleans are true or false only; flags also read the API’s query-string forms', () => {
    expect(booleanParam(true)).toBe(true);
    expect(booleanParam(false)).toBe(false);
    expect(booleanParam('true')).toBeUndefined();
    expect(booleanParam(1)).toBeUndefined();
    expect(booleanParam([true])).toBeUndefined();
    expect([flagParam('true'), flagParam('1'), flagParam('false'), flagParam('0'), flagParam('')]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(flagParam('yes')).toBeUndefined();
    expect(flagParam(1)).toBeUndefined();
  });

  it('choices take their values only', () => {
    const direction = choiceParam(['asc', 'desc'], { anyCase: true });
    const view = choiceParam(['date', 'all']);
    expect(direction('DESC')).toBe('desc');
    expect(view('all')).toBe('all');
    expect(view('ALL')).toBeUndefined();
    expect(view('other')).toBeUndefined();
    expect(view(['all'])).toBeUndefined();
    expect(view(NUL_TEXT)).toBeUndefined();
  });

  it('lists are repeated or comma-separated, every item known, up to their size', () => {
    const tags = choiceListParam(['A', 'B', 'C'], { maxItems: 2 });
    expect(tags(['A', 'B'])).toEqual(['A', 'B']);
    expect(tags(' A , B ')).toEqual(['A', 'B']);
    expect(tags('A,,')).toEqual(['A']);
    expect(tags(',')).toEqual([]);
    expect(tags('A,B,C')).toBeUndefined();
    expect(tags(['A', 'X'])).toBeUndefined();
    expect(tags([1])).toBeUndefined();
    expect(tags('')).toBeUndefined();
    expect(tags({ 0: 'A' })).toBeUndefined();
  });

  describe('a route’s search', () => {
    const search = searchParams({ q: textParam({ maxLength: 10 }), page: wholeNumberParam({ min: 0 }) });

    it('reads its own params and leaves others out', () => {
      expect(search.parse({ q: 'acme', page: 2, other: 'x' })).toEqual({ q: 'acme', page: 2 });
      expect(search.parse({})).toEqual({});
    });

    it('keeps a bad param as undefined, as the zod schemas it replaces did', () => {
      const read = search.parse({ q: LONG_TEXT, page: 'abc' });
      expect(read).toEqual({ q: undefined, page: undefined });
      expect(Object.keys(read)).toEqual(['q', 'page']);
    });

    it.each([null, undefined, 'q=acme', 12, ['q']])('reads %s as no params, without throwing', (value) => {
      expect(search.parse(value)).toEqual({});
    });
  });
});
