import { describe, expect, it } from 'vitest';
import { personalSectionSchema } from '@courier/domain/drivers/profile';
import { createDriverBodySchema } from '@courier/domain/drivers/schemas';
import { hintWithCount, textLimitOf } from './text-limit.ts';

describe("textLimitOf: a text field's count and, past its limit, the schema's message", () => {
  const firstName = createDriverBodySchema.shape.firstName;

  it('is quiet for a short text and counts one near or at the limit', () => {
    expect(textLimitOf(firstName, 'Seán')).toEqual({ count: undefined });
    expect(textLimitOf(firstName, 'x'.repeat(80))).toEqual({ count: '80 of 100 characters' });
    expect(textLimitOf(firstName, 'x'.repeat(100))).toEqual({ count: '100 of 100 characters' });
  });

  it('says a pasted text past the limit is too long, in the schema words, with the whole count', () => {
    expect(textLimitOf(firstName, 'x'.repeat(5000))).toEqual({
      count: '5000 of 100 characters',
      overLimit: 'First name must be at most 100 characters.',
    });
    expect(textLimitOf(personalSectionSchema.shape.nationality, 'x'.repeat(101)).overLimit).toBe(
      'Nationality must be at most 100 characters.',
    );
  });

  it('always counts a multi-line field', () => {
    expect(textLimitOf(personalSectionSchema.shape.nationality, 'Irish', { multiline: true })).toEqual({
      count: '5 of 100 characters',
    });
  });

  it("names an e-mail address's length, not its shape, when it is too long", () => {
    expect(textLimitOf(createDriverBodySchema.shape.email, 'x'.repeat(300)).overLimit).toBe(
      'The email address must be at most 255 characters.',
    );
  });
});

describe("hintWithCount: a field's hint, then its count", () => {
  it('joins the two when both are there, and gives either alone, or nothing', () => {
    expect(hintWithCount('Seen by staff only', '190 of 200 characters')).toBe(
      'Seen by staff only · 190 of 200 characters',
    );
    expect(hintWithCount('Seen by staff only', undefined)).toBe('Seen by staff only');
    expect(hintWithCount('', '5 of 100 characters')).toBe('5 of 100 characters');
    expect(hintWithCount(undefined, undefined)).toBeUndefined();
  });
});
