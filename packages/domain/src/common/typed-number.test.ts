import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasAtMostDecimals, readTypedNumber, typedNumber } from './typed-number.ts';

describe('typedNumber', () => {
  it.each([
    [7, 7],
    [-5, -5],
    ['', null],
    ['  ', null],
    ['7.', 7],
    ['-', undefined],
    ['1e3', undefined],
    [Number.NaN, undefined],
  ] as const)('%j reads as %j', (typed, read) => expect(typedNumber(typed)).toBe(read));
});

describe('readTypedNumber', () => {
  const packages = {
    schema: z.number().int('Must be whole.').min(0, 'Not below 0.'),
    notANumber: 'Not a number.',
  };
  const weight = {
    schema: z
      .number()
      .min(0, 'Not below 0.')
      .refine((value) => hasAtMostDecimals(value, 2), 'At most 2 places.'),
    notANumber: 'Not a number.',
  };

  it('keeps empty as no value, never 0', () =>
    expect(readTypedNumber('', packages)).toEqual({ ok: true, value: null }));

  it("refuses in the schema's words what the input used to change", () => {
    expect(readTypedNumber(2.5, packages)).toEqual({ ok: false, message: 'Must be whole.' });
    expect(readTypedNumber(-5, packages)).toEqual({ ok: false, message: 'Not below 0.' });
    expect(readTypedNumber('-', packages)).toEqual({ ok: false, message: 'Not a number.' });
  });

  it("gives the schema's first message, so a negative says it is negative before its places", () => {
    expect(readTypedNumber(-24.555, weight)).toEqual({ ok: false, message: 'Not below 0.' });
    expect(readTypedNumber(24.555, weight)).toEqual({ ok: false, message: 'At most 2 places.' });
  });

  it('takes a value at the places limit, as a float holds it (hasAtMostDecimals)', () => {
    expect(readTypedNumber(0.07, weight)).toEqual({ ok: true, value: 0.07 });
    expect(readTypedNumber(24.55, weight)).toEqual({ ok: true, value: 24.55 });
    expect(readTypedNumber('12.', weight)).toEqual({ ok: true, value: 12 });
  });
});
