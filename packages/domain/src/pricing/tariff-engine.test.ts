import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  increaseLevels,
  newPriceLevel,
  priceForWeight,
  TARIFF_ENGINE_ERRORS,
  type PriceLevel,
} from './tariff-engine.ts';

const level = (values: Partial<PriceLevel> & Pick<PriceLevel, 'upTo'>): PriceLevel => ({
  basic: 0,
  basicPer: 0,
  then: 0,
  thenPer: 0,
  ...values,
});

/** Two levels: up to 5 kg €8.50 flat; up to 30 kg €12 for the first 10 kg, then €0.85 per started 2 kg. */
const TWO_LEVELS: PriceLevel[] = [
  level({ upTo: 5, basic: 8.5, basicPer: 5 }),
  level({ upTo: 30, basic: 12, basicPer: 10, then: 0.85, thenPer: 2 }),
];

const priceOf = (levels: readonly PriceLevel[], weight: number) => {
  const result = priceForWeight(levels, weight);
  if (!result.ok) throw new Error(result.error);
  return result.price;
};

describe('priceForWeight (spec 2 §9)', () => {
  it.each([
    [3, 8.5],
    [5, 8.5], // exactly at the first level's upTo: still the first level
    [5.001, 12], // just above: the second level, within its basicPer
    [10, 12], // exactly at basicPer: no extra step
    [10.001, 12.85], // a gram over basicPer starts a step
    [12, 12.85], // exactly one whole step
    [12.4, 13.7], // 2.4 kg over: 2 steps
    [30, 20.5], // exactly at the last upTo: 10 steps
  ])('prices %d kg at €%d', (weight, expected) => {
    expect(priceOf(TWO_LEVELS, weight)).toBe(expected);
  });

  it('answers the spec message for a weight above every level', () => {
    expect(priceForWeight(TWO_LEVELS, 30.001)).toEqual({
      ok: false,
      error: 'Could not find a price level higher than the passed weight',
    });
  });

  it('answers the spec message for a tariff without levels', () => {
    expect(priceForWeight([], 1)).toEqual({ ok: false, error: 'Could not find any pricing levels for the tariff' });
    expect(TARIFF_ENGINE_ERRORS.noLevels).toBe('Could not find any pricing levels for the tariff');
  });

  it('prices weight 0 as the first level’s basicPer', () => {
    const levels = [
      level({ upTo: 2, basic: 4, basicPer: 1, then: 1, thenPer: 0.5 }),
      level({ upTo: 10, basic: 9, basicPer: 2, then: 3, thenPer: 1 }),
    ];
    expect(priceOf(levels, 0)).toBe(4);
    // basicPer beyond the first band: weight 0 is priced as that weight, in the band it falls in.
    expect(priceOf([level({ upTo: 1, basic: 2, basicPer: 3 }), level({ upTo: 9, basic: 7, basicPer: 5 })], 0)).toBe(7);
  });

  it('charges only the basic price when thenPer is 0 (no steps to count)', () => {
    expect(priceOf([level({ upTo: 100, basic: 15, basicPer: 1, then: 2, thenPer: 0 })], 80)).toBe(15);
  });

  it('counts steps over fractional kilograms without float error', () => {
    const levels = [level({ upTo: 50, basic: 1, basicPer: 10.1, then: 0.1, thenPer: 0.1 })];
    expect(priceOf(levels, 10.3)).toBe(1.2); // (10.3 - 10.1) / 0.1 is 2.0000000000000107 in floats
    expect(priceOf(levels, 10.31)).toBe(1.3);
    expect(
      priceForWeight([level({ upTo: 1, basic: 1, basicPer: 0.25, then: 0.33, thenPer: 0.25 })], 0.75),
    ).toMatchObject({ price: 1.66, steps: 2 });
  });

  it('rounds the subtotal to the cent', () => {
    const levels = [level({ upTo: 9999, basic: 0.1, basicPer: 0, then: 0.2, thenPer: 1 })];
    expect(priceOf(levels, 3)).toBe(0.7); // 0.1 + 3 × 0.2 is 0.7000000000000001 in floats
  });

  it('prices the new-tariff default level at 0', () => {
    expect(priceForWeight([newPriceLevel()], 10)).toMatchObject({ ok: true, price: 0 });
    expect(priceForWeight([newPriceLevel()], 10000)).toMatchObject({ ok: false });
  });

  it('refuses a negative or non-numeric weight', () => {
    for (const weight of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(priceForWeight(TWO_LEVELS, weight)).toEqual({ ok: false, error: TARIFF_ENGINE_ERRORS.invalidWeight });
    }
  });
});

// Levels as the server stores them: cents and grams, upTo ascending.
const centsArb = fc.integer({ min: 0, max: 50_000 });
const gramsArb = fc.integer({ min: 0, max: 50_000 });
const levelsArb = fc
  .array(
    fc.record({
      upToStep: fc.integer({ min: 1, max: 40_000 }),
      basic: centsArb,
      basicPer: gramsArb,
      then: centsArb,
      thenPer: gramsArb,
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((raw) => {
    let upTo = 0;
    return raw.map((r) => {
      upTo += r.upToStep;
      return { upToGrams: upTo, basic: r.basic, basicPer: r.basicPer, then: r.then, thenPer: r.thenPer };
    });
  });
type IntegerLevel = { upToGrams: number; basic: number; basicPer: number; then: number; thenPer: number };
const toLevels = (levels: IntegerLevel[]): PriceLevel[] =>
  levels.map((l) => ({
    upTo: l.upToGrams / 1000,
    basic: l.basic / 100,
    basicPer: l.basicPer / 1000,
    then: l.then / 100,
    thenPer: l.thenPer / 1000,
  }));

/** The rule read straight off the spec, in BigInt grams and cents. */
function referencePriceCents(levels: IntegerLevel[], weightGrams: number): bigint | 'no level' {
  const first = levels[0];
  if (!first) return 'no level';
  const weight = BigInt(weightGrams === 0 ? first.basicPer : weightGrams);
  const chosen = levels.find((l) => BigInt(l.upToGrams) >= weight);
  if (!chosen) return 'no level';
  const extra = weight - BigInt(chosen.basicPer);
  const per = BigInt(chosen.thenPer);
  const steps = extra > 0n && per > 0n ? (extra + per - 1n) / per : 0n;
  return BigInt(chosen.basic) + steps * BigInt(chosen.then);
}

describe('priceForWeight properties', () => {
  it('equals a straightforward reference computation', () => {
    fc.assert(
      fc.property(levelsArb, fc.integer({ min: 0, max: 260_000 }), (levels, grams) => {
        const expected = referencePriceCents(levels, grams);
        const result = priceForWeight(toLevels(levels), grams / 1000);
        if (expected === 'no level')
          expect(result).toEqual({ ok: false, error: TARIFF_ENGINE_ERRORS.noLevelForWeight });
        else expect(result).toMatchObject({ ok: true, cents: Number(expected), price: Number(expected) / 100 });
      }),
      { numRuns: 2000 },
    );
  });

  it('is never negative', () => {
    fc.assert(
      fc.property(levelsArb, fc.double({ min: 0, max: 300, noNaN: true }), (levels, weight) => {
        const result = priceForWeight(toLevels(levels), weight);
        if (result.ok) expect(result.price).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('never decreases as the weight grows within one level', () => {
    fc.assert(
      fc.property(
        levelsArb,
        fc.integer({ min: 1, max: 260_000 }),
        fc.integer({ min: 1, max: 260_000 }),
        (levels, a, b) => {
          const [light, heavy] = a <= b ? [a, b] : [b, a];
          const lighter = priceForWeight(toLevels(levels), light / 1000);
          const heavier = priceForWeight(toLevels(levels), heavy / 1000);
          if (lighter.ok && heavier.ok && lighter.levelIndex === heavier.levelIndex)
            expect(heavier.cents).toBeGreaterThanOrEqual(lighter.cents);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('increaseLevels', () => {
  it('raises basic and then by the percentage, to the cent, and keeps the weights', () => {
    expect(increaseLevels([level({ upTo: 5, basic: 10, basicPer: 5, then: 0.85, thenPer: 1 })], 3.5)).toEqual([
      { upTo: 5, basic: 10.35, basicPer: 5, then: 0.88, thenPer: 1 }, // 0.85 × 1.035 = 0.87975
    ]);
  });

  it('never lowers a price and rounds half a cent up', () => {
    expect(increaseLevels([level({ upTo: 1, basic: 0.1, then: 0.01 })], 5)).toEqual([
      level({ upTo: 1, basic: 0.11, then: 0.01 }),
    ]); // 0.105 → 0.11, 0.0105 → 0.01
    fc.assert(
      fc.property(levelsArb, fc.integer({ min: 1, max: 10_000 }), (levels, basisPoints) => {
        const before = toLevels(levels);
        const after = increaseLevels(before, basisPoints / 100);
        after.forEach((l, i) => {
          expect(l.basic).toBeGreaterThanOrEqual(before[i]?.basic ?? 0);
          expect(l.then).toBeGreaterThanOrEqual(before[i]?.then ?? 0);
        });
      }),
    );
  });
});
