import { describe, expect, it } from 'vitest';
import { defaultActiveFrom } from './active-from.ts';

describe('the Active From default (spec 2 §9)', () => {
  it('is 14 days before today, across a month and a year', () => {
    expect(defaultActiveFrom('2026-11-25')).toBe('2026-11-11');
    expect(defaultActiveFrom('2026-03-10')).toBe('2026-02-24');
    expect(defaultActiveFrom('2027-01-05')).toBe('2026-12-22');
  });
});
