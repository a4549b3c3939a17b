// Chromium for the browser benches: Debian's build with the browser tests' flags, never a downloaded one.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export { CHROMIUM_FLAGS } from '../e2e/support/chromium-flags.ts';

/** Median of a few samples (the middle one, or the lower middle for an even count). */
export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}
