import { describe, expect, it } from 'vitest';
import { scoreColour } from './schemas.ts';

describe('review score colour (spec 1 §2)', () => {
  it.each([
    [1, 'red'],
    [2.9, 'red'],
    [3, 'orange'],
    [3.9, 'orange'],
    [4, 'green'],
    [5, 'green'],
  ] as const)('%d is %s', (score, colour) => {
    expect(scoreColour(score)).toBe(colour);
  });
});
