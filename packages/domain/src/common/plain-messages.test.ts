import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainZodMessage } from './plain-messages.ts';

// Each case parses through zod with the map, as the server and the web app install it, so a zod
// that changed the shape of its issues would show here.
const messageOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input, { error: plainZodMessage }).error?.issues.map((issue) => issue.message);

describe('plainZodMessage', () => {
  it('names a missing or wrongly typed value by what to send', () => {
    expect(messageOf(z.object({ name: z.string() }), {})).toEqual(['Required.']);
    expect(messageOf(z.number(), 'abc')).toEqual(['Must be a number.']);
    expect(messageOf(z.number(), Number.NaN)).toEqual(['Must be a number.']);
    expect(messageOf(z.int(), 1.5)).toEqual(['Must be a whole number.']);
    expect(messageOf(z.string(), 12)).toEqual(['Must be text.']);
    expect(messageOf(z.boolean(), 'yes')).toEqual(['Must be true or false.']);
    expect(messageOf(z.array(z.number()), {})).toEqual(['Must be a list.']);
    expect(messageOf(z.string(), null)).toEqual(['Must be text, not null.']);
  });

  it('gives limits of numbers, texts and lists in words, not >= signs', () => {
    expect(messageOf(z.number().min(0), -1)).toEqual(['Must be at least 0.']);
    expect(messageOf(z.number().positive(), 0)).toEqual(['Must be greater than 0.']);
    expect(messageOf(z.number().max(100), 150)).toEqual(['Must be at most 100.']);
    expect(messageOf(z.number().lt(10), 10)).toEqual(['Must be less than 10.']);
    expect(messageOf(z.string().max(100), 'x'.repeat(101))).toEqual(['Must have at most 100 characters.']);
    expect(messageOf(z.string().max(1), 'xy')).toEqual(['Must have at most 1 character.']);
    expect(messageOf(z.string().min(1), '')).toEqual(['Cannot be empty.']);
    expect(messageOf(z.string().min(3), 'ab')).toEqual(['Must have at least 3 characters.']);
    expect(messageOf(z.string().length(2), 'abc')).toEqual(['Must be exactly 2 characters.']);
    expect(messageOf(z.array(z.number()).min(1), [])).toEqual(['Must have at least one item.']);
    expect(messageOf(z.array(z.number()).max(2), [1, 2, 3])).toEqual(['Must have at most 2 items.']);
  });

  it('lists the accepted options and formats', () => {
    expect(messageOf(z.enum(['W', 'M']), 'X')).toEqual(['Must be "W" or "M".']);
    expect(messageOf(z.enum(['A', 'B', 'C']), 'X')).toEqual(['Must be "A", "B" or "C".']);
    expect(messageOf(z.literal('ok'), 'no')).toEqual(['Must be "ok".']);
    expect(messageOf(z.email(), 'not-an-address')).toEqual(['Must be an e-mail address, like name@example.ie.']);
    expect(messageOf(z.iso.date(), '01/10/2026')).toEqual(['Must be a date written yyyy-MM-dd.']);
    expect(messageOf(z.string().regex(/^\d+$/), 'abc')).toEqual(['Is not in the accepted format.']);
    expect(messageOf(z.union([z.number(), z.boolean()]), 'x')).toEqual(['Is not one of the accepted forms.']);
  });

  it('says how many decimal places a money step allows', () => {
    expect(messageOf(z.number().multipleOf(0.01), 1.234)).toEqual(['Must have at most 2 decimal places.']);
    expect(messageOf(z.number().multipleOf(0.1), 1.25)).toEqual(['Must have at most 1 decimal place.']);
    expect(messageOf(z.number().multipleOf(5), 7)).toEqual(['Must be a multiple of 5.']);
  });

  it('names fields a strict object does not know', () => {
    expect(messageOf(z.strictObject({ a: z.number() }), { a: 1, b: 2, c: 3 })).toEqual(['Unknown fields: b, c.']);
    expect(messageOf(z.strictObject({ a: z.number() }), { a: 1, b: 2 })).toEqual(['Unknown field: b.']);
  });

  it("leaves a schema's own message in place", () => {
    expect(messageOf(z.number().min(0, 'Enter 0 or more.'), -1)).toEqual(['Enter 0 or more.']);
    expect(messageOf(z.string('Name must be text.'), 1)).toEqual(['Name must be text.']);
  });
});
