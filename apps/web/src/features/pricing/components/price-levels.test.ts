import { describe, expect, it } from 'vitest';
import { checkLevels, newLevelDraft, numberCharacters, type LevelDraft } from './price-levels.ts';

const level = (cells: Partial<LevelDraft>): LevelDraft => ({ ...newLevelDraft(), ...cells });

describe('a tariff price level as typed', () => {
  it('keeps a minus and every decimal typed, so the cell can refuse them; drops what no number holds', () => {
    expect(numberCharacters('-5')).toBe('-5');
    expect(numberCharacters('2.345')).toBe('2.345');
    expect(numberCharacters('€ 12.50')).toBe('12.50');
    expect(numberCharacters('abc')).toBe('');
    // A comma is kept, never dropped: a pasted 12,50 was read as 1250.
    expect(numberCharacters('12,50')).toBe('12,50');
  });

  it('refuses a negative price or a third decimal at its cell, in the API’s words, never changing it', () => {
    const check = checkLevels([level({ basic: '-5', then: '2.345' })]);
    expect(check.success).toBe(false);
    if (check.success) return;
    expect(check.cellErrors).toEqual({
      '0.basic': 'Basic must be 0 or more.',
      '0.then': 'Then has at most 2 decimal places (cents).',
    });
  });

  it('reads only a plain decimal as a number: 1e3 or 1-2 is no price', () => {
    const check = checkLevels([level({ basic: '1-2' })]);
    expect(check.success).toBe(false);
    if (check.success) return;
    expect(check.cellErrors['0.basic']).toBe('Basic must be an amount in euro.');
    expect(checkLevels([level({ basic: '12.50' })]).success).toBe(true);
    const comma = checkLevels([level({ basic: '12,50' })]);
    expect(comma.success).toBe(false);
    if (comma.success) return;
    expect(comma.cellErrors['0.basic']).toBe('Basic must be an amount in euro.');
  });
});
