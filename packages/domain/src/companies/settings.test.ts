import { describe, expect, it } from 'vitest';
import { extendedSettingsEditSchema } from './settings.ts';

const messagesFor = (change: Record<string, unknown>) =>
  extendedSettingsEditSchema.safeParse(change).error?.issues.map((issue) => issue.message) ?? [];

describe('company settings percents and surcharge rates (stored to 2 decimal places)', () => {
  it.each([
    ['discountPercent', 12.34567, 'The discount has at most 2 decimal places.'],
    ['discountTwoPercent', 0.005, 'The second discount has at most 2 decimal places.'],
    ['surchargeRateOne', 4.125, 'The nationwide overnight surcharge rate has at most 2 decimal places.'],
    ['surchargeRateThree', 999.999, 'The ground surcharge rate has at most 2 decimal places.'],
  ])('refuses %s of %s with its name', (field, value, message) => {
    expect(messagesFor({ [field]: value })).toEqual([message]);
  });

  it.each([
    ['discountPercent', 12.34],
    ['discountPercent', 100],
    ['discountTwoPercent', 0.01],
    ['surchargeRateTwo', 1000],
    ['surchargeRateTwo', 8.5],
    ['surchargeRateThree', null],
  ])('takes %s of %s (2 decimal places or fewer)', (field, value) => {
    expect(messagesFor({ [field]: value })).toEqual([]);
  });
});
