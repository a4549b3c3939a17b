// The tariff engine of spec 2 §9: the price a tariff's levels give a weight. Used by the server
// (price increases, later the price review) and by the browser (Test Tariff), so it is written once.
import { addMoney, multiplyMoney, toCents, toEuro, type Cents } from '../common/money.ts';

/** One price level (spec 2 §3): up to `upTo` kg, `basic` covers `basicPer` kg, then `then` per started `thenPer` kg. */
export interface PriceLevel {
  upTo: number;
  basic: number;
  basicPer: number;
  then: number;
  thenPer: number;
}

/** The two messages of spec 2 §5 'Tariff test'. */
export const TARIFF_ENGINE_ERRORS = {
  noLevels: 'Could not find any pricing levels for the tariff',
  noLevelForWeight: 'Could not find a price level higher than the passed weight',
  /** Not in the spec: a weight the engine cannot price at all. */
  invalidWeight: 'The weight must be a number of kg, 0 or more',
} as const;

/** Default test weight and default band (spec 2 §9). */
export const DEFAULT_TEST_WEIGHT_KG = 10;
export const DEFAULT_UP_TO_KG = 9999;

/** The level a new tariff starts with (spec 2 §3): up to 9999 kg, everything else 0. */
export function newPriceLevel(): PriceLevel {
  return { upTo: DEFAULT_UP_TO_KG, basic: 0, basicPer: 0, then: 0, thenPer: 0 };
}

export type TariffPrice =
  | {
      ok: true;
      /** euro, 2 decimals */ price: number;
      cents: Cents;
      levelIndex: number;
      /** thenPer steps charged beyond basicPer */ steps: number;
    }
  | { ok: false; error: string };

// Weights are compared and divided in whole milligrams: 12.4 - 10 in floats is 2.4000000000000004,
// and (10.3 - 10.1) / 0.1 is 2.0000000000000107, which a float ceil would charge as 3 steps.
const MG_PER_KG = 1_000_000;
const toMg = (kg: number) => Math.round(kg * MG_PER_KG);

/** Whole `per` steps needed to cover `extra` (both integers ≥ 0, per > 0), without float error. */
function stepsToCover(extra: number, per: number): number {
  let steps = Math.floor(extra / per);
  while (steps * per < extra) steps++;
  while (steps > 0 && (steps - 1) * per >= extra) steps--;
  return steps;
}

/** A level's numbers as the engine counts them: weights in milligrams, prices in cents. */
interface CountedLevel {
  upTo: number;
  basicPer: number;
  thenPer: number;
  basic: Cents;
  then: Cents;
}

// Converting euro to cents exactly (toCents) costs about a microsecond, so each level is converted
// once and kept beside it. Levels are values: the engine never changes them, and callers build new
// level objects rather than editing old ones (the editor and the increases both do).
const counted = new WeakMap<PriceLevel, CountedLevel>();
function countedOf(level: PriceLevel): CountedLevel {
  let values = counted.get(level);
  if (!values) {
    values = {
      upTo: toMg(level.upTo),
      basicPer: toMg(level.basicPer),
      thenPer: toMg(level.thenPer),
      basic: toCents(level.basic),
      then: toCents(level.then),
    };
    counted.set(level, values);
  }
  return values;
}

/**
 * Price for a weight (spec 2 §9): the first level whose upTo is at or above the weight; weight 0 is
 * priced as the first level's basicPer; basic covers basicPer kg; weight beyond it is rounded up to
 * whole thenPer steps, each costing `then`; the subtotal is rounded to the cent. A thenPer of 0 has
 * no steps to count, so such a level charges its basic price only. Prices are whole cents (the
 * pricing schema requires it; a price given with more decimals is taken to the nearest cent), so the
 * subtotal is exact in cents.
 */
export function priceForWeight(levels: readonly PriceLevel[], weightKg: number): TariffPrice {
  const first = levels[0];
  if (!first) return { ok: false, error: TARIFF_ENGINE_ERRORS.noLevels };
  const weight = toMg(weightKg === 0 ? first.basicPer : weightKg);
  if (!Number.isFinite(weight) || weight < 0) return { ok: false, error: TARIFF_ENGINE_ERRORS.invalidWeight };
  const levelIndex = levels.findIndex((level) => countedOf(level).upTo >= weight);
  const level = levels[levelIndex];
  if (!level) return { ok: false, error: TARIFF_ENGINE_ERRORS.noLevelForWeight };
  const { basicPer, thenPer, basic, then } = countedOf(level);
  const extra = weight - basicPer;
  const steps = extra > 0 && thenPer > 0 ? stepsToCover(extra, thenPer) : 0;
  // Whole cents times a whole number of steps is exact: no rounding step is needed here.
  const cents = addMoney(basic, (then * steps) as Cents);
  return { ok: true, price: toEuro(cents), cents, levelIndex, steps };
}

/** Every money value of every level raised by a percentage, each rounded to the cent (price and carrier increases). */
export function increaseLevels(levels: readonly PriceLevel[], percent: number): PriceLevel[] {
  const factor = (100 + percent) / 100;
  const raise = (euro: number) => toEuro(multiplyMoney(toCents(euro), factor));
  return levels.map((level) => ({ ...level, basic: raise(level.basic), then: raise(level.then) }));
}
