import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { addressBookEntryBodySchema } from '../addresses/schemas.ts';
import { maxLengthOf, textLimits } from './field-limits.ts';

describe('field limits from the domain schemas', () => {
  it('reads a text limit through default, nullable, optional and transforms', () => {
    expect(maxLengthOf(z.string().max(40))).toBe(40);
    expect(maxLengthOf(z.email().max(255).nullable())).toBe(255);
    expect(maxLengthOf(z.url().max(2000))).toBe(2000);
    expect(maxLengthOf(z.string().trim().max(1000).default(''))).toBe(1000);
    expect(maxLengthOf(z.string().max(20).nullable().optional())).toBe(20);
    expect(
      maxLengthOf(
        z
          .string()
          .max(12)
          .transform((text) => text.toUpperCase()),
      ),
    ).toBe(12);
    expect(maxLengthOf(z.string())).toBeUndefined();
    expect(maxLengthOf(z.number().max(5))).toBeUndefined();
  });

  it('gives every text field of the address book entry its limit, and none to the others', () => {
    expect(textLimits(addressBookEntryBodySchema)).toEqual({
      name: 255,
      addressOne: 255,
      addressTwo: 255,
      city: 255,
      county: 255,
      postcode: 20,
      country: 255,
      contactName: 100,
      contactPhone: 50,
      notes: 1000,
      entryName: 255,
    });
  });
});
