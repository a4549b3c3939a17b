import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParamSchema } from './api.ts';
import { bodyId, findNulCharacter, isDateInRange, MAX_DB_ID, paramId } from './input.ts';

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

  it.each(['0', '-1', '2147483648', '99999999999999999999', 'abc', '1.5', '', '1e3x'])(
    'a path or query id of %j is refused',
    (text) => {
      expect(idParamSchema.safeParse({ id: text }).success).toBe(false);
      expect(issues(paramId('id'), text)).toContain('id must be a whole number from 1 to 2147483647.');
    },
  );
});

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

describe('NUL characters', () => {
  it('finds none in clean input', () => {
    expect(findNulCharacter({ name: 'Acme', lines: [{ text: 'a' }], count: 3, ok: null }, 'body')).toBeNull();
    expect(findNulCharacter(undefined, 'query')).toBeNull();
  });

  it('names the field holding one, however deep', () => {
    expect(findNulCharacter('a\u0000b', 'body')).toBe('body');
    expect(findNulCharacter({ name: 'x\u0000' }, 'body')).toBe('body.name');
    expect(findNulCharacter({ lines: [{ text: 'a' }, { text: '\u0000' }] }, 'body')).toBe('body.lines.1.text');
    expect(findNulCharacter({ ['bad\u0000key']: 1 }, 'query')).toBe('query.badkey');
  });

  it('walks a body nested 100,000 deep without overflowing the stack', () => {
    let nested: unknown = 'deep\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) nested = [nested];
    expect(findNulCharacter(nested, 'body')).toMatch(/^body(\.0)+$/);
  });
});
