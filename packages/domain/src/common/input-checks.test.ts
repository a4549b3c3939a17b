import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  findNulCharacters,
  MAX_NUL_FIELDS,
  isDateInRange,
  isInputDay,
  isIsoDateTime,
  typedDecimal,
  withoutNulCharacters,
} from './input-checks.ts';

describe('date inputs', () => {
  it.each(['1900-01-01', '2999-12-31', '2026-11-23', '2026-11-23T10:00:00+00:00', '2026-11-23T10:00:00.000Z'])(
    '%s is within range',
    (text) => expect(isDateInRange(text)).toBe(true),
  );

  it.each(['1899-12-31', '0000-01-01', '3000-01-01', '99999-01-01', '+275760-09-13', '-000001-01-01', 'yesterday', ''])(
    '%j is not',
    (text) => expect(isDateInRange(text)).toBe(false),
  );
});

describe('isInputDay', () => {
  it('takes real yyyy-MM-dd days from 1900 to 2999 only', () => {
    expect(isInputDay('2024-02-29')).toBe(true);
    expect(isInputDay('2025-02-29')).toBe(false);
    expect(isInputDay('1899-12-31')).toBe(false);
    expect(isInputDay('3000-01-01')).toBe(false);
    expect(isInputDay('2026-1-5')).toBe(false);
  });
});

describe('NUL characters', () => {
  it('finds none in clean input', () => {
    expect(findNulCharacters({ name: 'Acme', lines: [{ text: 'a' }], count: 3, ok: null }, 'body')).toBeNull();
    expect(findNulCharacters(undefined, 'query')).toBeNull();
  });

  it('names the field holding one, however deep', () => {
    expect(findNulCharacters('a\u0000b', 'body')).toEqual(['body']);
    expect(findNulCharacters({ name: 'x\u0000' }, 'body')).toEqual(['body.name']);
    expect(findNulCharacters({ lines: [{ text: 'a' }, { text: '\u0000' }] }, 'body')).toEqual(['body.lines.1.text']);
    expect(findNulCharacters({ ['bad\u0000key']: 1 }, 'query')).toEqual(['query.badkey']);
  });

  it('names every field holding one, in their order, not only the first', () => {
    expect(
      findNulCharacters({ description: 'Admin\u0000fee', cost: 0, internalDescription: 'internal\u0000note' }, 'body'),
    ).toEqual(['body.description', 'body.internalDescription']);
    expect(
      findNulCharacters(
        { a: 'ok', lines: [{ text: '\u0000' }, { text: 'ok' }, { ['k\u0000']: { deeper: '\u0000' } }], z: '\u0000' },
        'body',
      ),
    ).toEqual(['body.lines.0.text', 'body.lines.2.k', 'body.z']);
  });

  it('names a field once, though both its key and a same-named key hold one', () => {
    expect(findNulCharacters({ ['a\u0000']: 'x', a: 'y\u0000' }, 'body')).toEqual(['body.a']);
  });

  it(`names at most ${MAX_NUL_FIELDS} fields, however many hold one`, () => {
    const many = Array.from({ length: 10_000 }, () => '\u0000');
    const named = findNulCharacters(many, 'body');
    expect(named).toHaveLength(MAX_NUL_FIELDS);
    expect(named?.[0]).toBe('body.0');
    expect(named?.at(-1)).toBe(`body.${MAX_NUL_FIELDS - 1}`);
  });

  it('a search text loses every NUL and nothing else, so the server never finds one in it', () => {
    expect(withoutNulCharacters('Lt\u0000d\u0000')).toBe('Ltd');
    expect(withoutNulCharacters('  B100 ')).toBe('  B100 ');
    fc.assert(
      fc.property(fc.string(), (text) => {
        const cleaned = withoutNulCharacters(text);
        expect(findNulCharacters(cleaned, 'query')).toBeNull();
        expect(cleaned).toBe([...text].filter((character) => character !== '\u0000').join(''));
      }),
    );
  });

  it('walks a body nested 100,000 deep without overflowing the stack', () => {
    let nested: unknown = 'deep\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) nested = [nested];
    const [field] = findNulCharacters(nested, 'body') ?? [];
    expect(field).toMatch(/^body(\.0)+$/);
  });
});

describe('date-times', () => {
  const zodDateTime = z.iso.datetime({ offset: true });

  it.each(['2026-11-23T10:00:00Z', '2026-11-23T10:00:00.123456+01:00', '2024-02-29T23:59:59-12:00'])(
    '%s is one',
    (text) => expect(isIsoDateTime(text)).toBe(true),
  );

  it.each([
    '2026-11-23',
    '2026-11-23T10:00Z',
    '2026-11-23T10:00:00',
    '2026-11-23 10:00:00Z',
    '2026-02-29T10:00:00Z',
    '2026-11-23T24:00:00Z',
    '2026-11-23T10:00:00+24:00',
    '2026-11-23t10:00:00z',
    ' 2026-11-23T10:00:00Z',
  ])('%j is not', (text) => expect(isIsoDateTime(text)).toBe(false));

  it('accepts exactly what zod’s ISO date-time with offset accepts (the API checked with it before)', () => {
    const pad = (value: number, length = 2) => String(value).padStart(length, '0');
    // Mostly near-valid parts, so both answers come up often; any text besides.
    const dateTimeLike = fc
      .record({
        day: fc.tuple(
          fc.integer({ min: 0, max: 9999 }),
          fc.integer({ min: 0, max: 13 }),
          fc.integer({ min: 0, max: 32 }),
        ),
        separator: fc.constantFrom('T', 'T', 'T', 't', ' '),
        time: fc.tuple(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 })),
        seconds: fc.option(fc.integer({ min: 0, max: 61 }), { freq: 5 }),
        fraction: fc.option(fc.string({ unit: fc.constantFrom(...'0123456789.'), maxLength: 4 })),
        zone: fc.oneof(
          fc.constantFrom('Z', 'z', ''),
          fc.tuple(
            fc.constantFrom('+', '-'),
            fc.integer({ min: 0, max: 25 }),
            fc.constantFrom(':', ''),
            fc.integer({ min: 0, max: 61 }),
          ),
        ),
      })
      .map(({ day: [year, month, date], separator, time: [hours, minutes], seconds, fraction, zone }) => {
        const offset = typeof zone === 'string' ? zone : `${zone[0]}${pad(zone[1])}${zone[2]}${pad(zone[3])}`;
        const secondsText = seconds === null ? '' : `:${pad(seconds)}${fraction ?? ''}`;
        return `${pad(year, 4)}-${pad(month)}-${pad(date)}${separator}${pad(hours)}:${pad(minutes)}${secondsText}${offset}`;
      });
    fc.assert(
      fc.property(fc.oneof(dateTimeLike, fc.string()), (text) => {
        expect(isIsoDateTime(text)).toBe(zodDateTime.safeParse(text).success);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('typed decimals', () => {
  it('reads what people type by hand, and nothing Number() would also take', () => {
    expect(['12', ' -5 ', '+2.5', '.5', '3.'].map(typedDecimal)).toEqual([12, -5, 2.5, 0.5, 3]);
    for (const text of ['', '-', '.', '1e3', '0x10', 'Infinity', '5%', '1,5', 'abc'])
      expect(typedDecimal(text)).toBeUndefined();
  });
});
