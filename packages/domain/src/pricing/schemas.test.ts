import { describe, expect, it } from 'vitest';
import { parseCodeList, pricingSchema, readTypedEuro, saveTariffBodySchema } from './schemas.ts';

const level = { upTo: 5, basic: 8.5, basicPer: 5, then: 0, thenPer: 0 };

describe('pricingSchema', () => {
  it('accepts levels going up in weight', () => {
    expect(pricingSchema.safeParse([level, { ...level, upTo: 9999 }]).success).toBe(true);
  });

  it.each([
    ['no levels', [], 'A tariff needs at least one price level.'],
    [
      'an upTo equal to the level above',
      [level, { ...level }],
      "Level 2: 'up to' must be more than 5 kg, the level above it (levels go up in weight).",
    ],
    [
      'an upTo below the level above',
      [level, { ...level, upTo: 4 }],
      "Level 2: 'up to' must be more than 5 kg, the level above it (levels go up in weight).",
    ],
    ['a negative basic', [{ ...level, basic: -1 }], 'Basic must be 0 or more.'],
    ['a negative thenPer', [{ ...level, thenPer: -0.5 }], 'Then per must be 0 or more.'],
    ['a fraction of a cent', [{ ...level, then: 0.125 }], 'Then has at most 2 decimal places (cents).'],
    ['a fraction of a gram', [{ ...level, basicPer: 1.0005 }], 'Basic per has at most 3 decimal places (grams).'],
  ])('refuses %s with a message a person can act on', (_label, pricing, message) => {
    const result = pricingSchema.safeParse(pricing);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('pricingSchema on a number past its limit', () => {
  it('says only that it is too large, not that it has too many decimals', () => {
    const result = pricingSchema.safeParse([{ ...level, upTo: 1e308 }]);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Up to must be at most 99999 kg.']);
  });
});

describe('saveTariffBodySchema', () => {
  it('applies the defaults of a new tariff: service DOM, zone IRELAND, no account, no carrier', () => {
    expect(saveTariffBodySchema.parse({ pricing: [level], tariffCode: 1, account: '  ' })).toEqual({
      account: null,
      service: 'DOM',
      zone: 'IRELAND',
      description: '',
      pricing: [level],
      tariffCode: 1,
      carrierId: null,
    });
  });

  it('upper-cases and trims the account code', () => {
    expect(saveTariffBodySchema.parse({ pricing: [level], tariffCode: 1, account: ' abcd012 ' }).account).toBe(
      'ABCD012',
    );
  });
});

describe('parseCodeList', () => {
  it('splits on commas, trims, upper-cases and drops blanks and repeats', () => {
    expect(parseCodeList(' abc1, ,DEF2,abc1 ,')).toEqual(['ABC1', 'DEF2']);
    expect(parseCodeList('')).toEqual([]);
  });
});

describe('readTypedEuro: a euro field as typed', () => {
  it('reads an amount typed or given as a number, trailing zeros and all', () => {
    expect(readTypedEuro('12.50', 'Basic Pay')).toEqual({ ok: true, amount: 12.5 });
    expect(readTypedEuro(' 3 ', 'Basic Pay')).toEqual({ ok: true, amount: 3 });
    expect(readTypedEuro(0, 'Cost')).toEqual({ ok: true, amount: 0 });
    expect(readTypedEuro(999_999, 'Cost')).toEqual({ ok: true, amount: 999_999 });
  });

  it('refuses a minus, a third decimal or more than the API takes, in the words of the API, never changing the amount', () => {
    expect(readTypedEuro(-5, 'Charge')).toEqual({ ok: false, message: 'Charge must be 0 or more.' });
    expect(readTypedEuro('-5', 'Charge')).toEqual({ ok: false, message: 'Charge must be 0 or more.' });
    expect(readTypedEuro(2.345, 'Basic Pay')).toEqual({
      ok: false,
      message: 'Basic Pay has at most 2 decimal places (cents).',
    });
    expect(readTypedEuro('99999999999999', 'Basic Pay')).toEqual({
      ok: false,
      message: 'Basic Pay must be at most €999,999.00.',
    });
  });

  it('refuses an empty field or letters with what to type, not as 0', () => {
    for (const typed of ['', '  ', 'abc', '1e3', '.', Number.NaN])
      expect(readTypedEuro(typed, 'Extras')).toEqual({
        ok: false,
        message: 'Extras: enter an amount in euro, such as 12.50.',
      });
  });
});
