import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParamSchema } from './api.ts';
import { bodyId, paramId } from './input.ts';
import { MAX_DB_ID } from './input-checks.ts';

const issues = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message);

describe('database ids', () => {
  it('the largest is PostgreSQL integer’s', () => expect(MAX_DB_ID).toBe(2 ** 31 - 1));

  it.each([1, 2147483647])('a body id of %d is accepted', (id) => {
    expect(bodyId('jobId').parse(id)).toBe(id);
  });

  it.each([0, -1, 2147483648, 1.5, 1e20, Number.NaN])('a body id of %d is refused, naming the range', (id) => {
    expect(issues(bodyId('jobId'), id)).toContain('jobId must be a whole number from 1 to 2147483647.');
  });

  it.each(['1', null, [1], { id: 1 }])('a body id must be a number, not %j', (id) => {
    expect(issues(bodyId('jobId'), id)).toEqual(['jobId must be a whole number from 1 to 2147483647.']);
  });

  it('keeps the messages a schema had, and defaults the others to the range', () => {
    const userId = bodyId('userId', { min: 'userId must be greater than 0.' });
    expect(issues(userId, 0)).toEqual(['userId must be greater than 0.']);
    expect(issues(userId, 2147483648)).toEqual(['userId must be a whole number from 1 to 2147483647.']);
  });

  it.each([
    ['1', 1],
    ['2147483647', 2147483647],
  ])('a path or query id of %s is read as %d', (text, id) => {
    expect(paramId('id').parse(text)).toBe(id);
    expect(idParamSchema.parse({ id: text })).toEqual({ id });
  });

  // '1e3', '0x10' and ' 7' are numbers to Number(), but no one types an id so: each once named an id never typed.
  it.each([
    '0',
    '-1',
    '2147483648',
    '99999999999999999999',
    'abc',
    '1.5',
    '',
    '1e3x',
    '1e3',
    '0x10',
    ' 7',
    '7 ',
    '+7',
    '-0x1',
  ])('a path or query id of %j is refused', (text) => {
    expect(idParamSchema.safeParse({ id: text }).success).toBe(false);
    expect(issues(paramId('id'), text)).toContain('id must be a whole number from 1 to 2147483647.');
  });
});
