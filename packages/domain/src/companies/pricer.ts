// A company's pricer: the way its jobs are priced (spec 1 §3 'Company'), stored as a code such as
// 'standard'. Staff read it in words in the header, the Settings tab and the settings history.

export const PRICERS = ['standard', 'custom', 'legacy'] as const;
export type Pricer = (typeof PRICERS)[number];

export const PRICER_LABELS: Record<Pricer, string> = {
  standard: 'Standard',
  custom: 'Custom',
  legacy: 'Legacy',
};

const isPricer = (value: string): value is Pricer => (PRICERS as readonly string[]).includes(value);

/** A stored pricer in words; one outside the list (typed in by hand before it was a choice) as stored. */
export function pricerLabel(pricer: string): string {
  return isPricer(pricer) ? PRICER_LABELS[pricer] : pricer;
}

/**
 * The Pricer field's choices: every pricer in words, and a stored value outside the list as it is, so
 * the field shows it and choosing again does not lose it by accident.
 */
export function pricerChoices(current: string | null): { value: string; label: string }[] {
  const choices = PRICERS.map((pricer) => ({ value: pricer as string, label: PRICER_LABELS[pricer] }));
  return current === null || current === '' || isPricer(current)
    ? choices
    : [...choices, { value: current, label: current }];
}
