import { describe, expect, it } from 'vitest';
import { bookingFilterSchema } from './schemas.ts';

const issues = (query: Record<string, string>) =>
  bookingFilterSchema.safeParse(query).error?.issues.map((issue) => issue.message) ?? [];

describe('booking filter input that PostgreSQL would refuse is a 400', () => {
  it('package counts are whole numbers (the column is an integer)', () => {
    expect(issues({ packageCountFrom: '4', packageCountTo: '0' })).toEqual([]);
    expect(issues({ packageCountFrom: '1.5' })).toEqual(['packageCountFrom must be a whole number.']);
    expect(issues({ packageCountTo: '2000000' })).toEqual(['packageCountTo is too large.']);
  });

  it('window dates fall within 1900 to 2999', () => {
    expect(issues({ windowStart: '1900-01-01', windowEnd: '2999-12-31' })).toEqual([]);
    expect(issues({ windowStart: '0000-01-01' })).toEqual(['windowStart must be a date from 1900 to 2999.']);
    expect(issues({ windowEnd: '3000-01-01T00:00:00Z' })).toEqual(['windowEnd must be a date from 1900 to 2999.']);
  });

  it('ids stop at PostgreSQL integer', () => {
    expect(issues({ company: '2147483647' })).toEqual([]);
    expect(issues({ company: '2147483648' })).toEqual(['company is too large.']);
  });
});
