import { describe, expect, it } from 'vitest';
import { pricerChoices, pricerLabel } from './pricer.ts';

describe('pricer words (staff read words, never the stored code)', () => {
  it.each([
    ['standard', 'Standard'],
    ['custom', 'Custom'],
    ['legacy', 'Legacy'],
    ['Aoife', 'Aoife'],
  ])('names %j as %j', (pricer, words) => {
    expect(pricerLabel(pricer)).toBe(words);
  });

  it('offers every pricer in words, and a stored value outside the list as it is', () => {
    const known = [
      { value: 'standard', label: 'Standard' },
      { value: 'custom', label: 'Custom' },
      { value: 'legacy', label: 'Legacy' },
    ];
    expect(pricerChoices(null)).toEqual(known);
    expect(pricerChoices('custom')).toEqual(known);
    expect(pricerChoices('Aoife')).toEqual([...known, { value: 'Aoife', label: 'Aoife' }]);
  });
});
