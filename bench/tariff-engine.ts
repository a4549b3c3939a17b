import { priceForWeight, type PriceLevel } from '../packages/domain/src/pricing/tariff-engine.ts';
import type { BenchResult } from './support.ts';

const PRICES = 1_000_000;
const LEVELS: PriceLevel[] = [
  { upTo: 2, basic: 7.5, basicPer: 2, then: 0, thenPer: 0 },
  { upTo: 10, basic: 9.75, basicPer: 5, then: 0.9, thenPer: 1 },
  { upTo: 30, basic: 15, basicPer: 10, then: 0.7, thenPer: 1 },
  { upTo: 9999, basic: 33.75, basicPer: 30, then: 2.5, thenPer: 5 },
];

/** The tariff engine pricing 1,000,000 weights (0 to 60 kg in grams) with a four-level tariff. */
export function benchTariffEngine(): BenchResult[] {
  const weights = Float64Array.from({ length: PRICES }, (_, i) => ((i * 7919) % 60_000) / 1000);
  let checksum = 0;
  for (let i = 0; i < 50_000; i++) priceForWeight(LEVELS, weights[i] ?? 0); // warm up the JIT
  const started = performance.now();
  for (let i = 0; i < PRICES; i++) {
    const result = priceForWeight(LEVELS, weights[i] ?? 0);
    if (result.ok) checksum += result.cents;
  }
  const elapsed = performance.now() - started;
  const nsPerPrice = (elapsed * 1e6) / PRICES;
  return [
    {
      bench: 'tariff engine',
      case: `${PRICES.toLocaleString('en-IE')} prices, 4 levels`,
      summary: `${nsPerPrice.toFixed(0)} ns per price (${elapsed.toFixed(0)} ms in all)`,
      metrics: { nsPerPrice: Number(nsPerPrice.toFixed(1)), totalMs: Math.round(elapsed), checksum },
      ok: checksum > 0,
    },
  ];
}
