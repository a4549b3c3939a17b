import { describe, expect, it } from 'vitest';
import { priceForWeight, type PriceLevel } from '../pricing/tariff-engine.ts';
import { customerCancelRefusal, QUOTE_LIFETIME_MINUTES, quoteExpiresAt, quotePrice, zoneOfCountry } from './quote.ts';

const levels: PriceLevel[] = [
  { upTo: 2, basic: 8.5, basicPer: 2, then: 0, thenPer: 0 },
  { upTo: 30, basic: 11, basicPer: 5, then: 0.95, thenPer: 1 },
];
const base = { id: 1, account: null, tariffCodeId: 7, service: 'DOM', zone: 'IRELAND', pricing: levels };
const special = {
  ...base,
  id: 2,
  account: 'ACME01',
  pricing: [{ upTo: 9999, basic: 6, basicPer: 9999, then: 0, thenPer: 0 }],
};
const international = { ...base, id: 3, service: 'INT', zone: 'EU ZONE 1' };

describe('quotePrice', () => {
  const options = {
    accountCode: null,
    tariffCodeId: 7,
    serviceLevel: 'STANDARD',
    zone: 'IRELAND',
    tariffs: [base, special, international],
  };

  it('is the tariff engine price of the weight, from the base tariff', () => {
    const quote = quotePrice({ ...options, weightKg: 12.4 });
    const engine = priceForWeight(levels, 12.4);
    expect(engine.ok && engine.price).toBe(18.6); // 11 + 8 steps of 0.95
    expect(quote).toEqual({ ok: true, charge: 18.6, tariffId: 1 });
  });

  it('at exactly a level’s upTo uses that level', () => {
    expect(quotePrice({ ...options, weightKg: 2 })).toEqual({ ok: true, charge: 8.5, tariffId: 1 });
  });

  it('uses the company’s special tariff before the base one', () => {
    expect(quotePrice({ ...options, accountCode: 'ACME01', weightKg: 40 })).toEqual({
      ok: true,
      charge: 6,
      tariffId: 2,
    });
  });

  it('prices an international service from the INT tariff of the zone', () => {
    expect(quotePrice({ ...options, serviceLevel: 'INTERNATIONAL', zone: 'EU ZONE 1', weightKg: 1 })).toEqual({
      ok: true,
      charge: 8.5,
      tariffId: 3,
    });
  });

  it('says so when no tariff prices the zone or the weight', () => {
    const noZone = quotePrice({ ...options, zone: 'NORTH AMERICA', weightKg: 1 });
    expect(noZone).toEqual({
      ok: false,
      message: 'We have no online price for this service to that address. Please call us to book it.',
    });
    const tooHeavy = quotePrice({ ...options, weightKg: 31 });
    expect(tooHeavy).toEqual({ ok: false, message: 'We cannot price 31 kg online. Please call us to book it.' });
    expect(quotePrice({ ...options, tariffCodeId: undefined, weightKg: 1 }).ok).toBe(false);
  });
});

describe('quote expiry and zone', () => {
  it('expires QUOTE_LIFETIME_MINUTES after it is made', () => {
    const made = new Date('2026-03-02T10:00:00Z');
    expect(QUOTE_LIFETIME_MINUTES).toBe(30);
    expect(quoteExpiresAt(made).toISOString()).toBe('2026-03-02T10:30:00.000Z');
  });

  it('takes the first zone listing the country, else IRELAND', () => {
    const zones = [
      { name: 'DUBLIN', countries: ['IE'] },
      { name: 'IRELAND', countries: ['IE'] },
      { name: 'UK MAINLAND', countries: ['GB'] },
    ];
    expect(zoneOfCountry(zones, 'IE')).toBe('DUBLIN');
    expect(zoneOfCountry(zones, 'GB')).toBe('UK MAINLAND');
    expect(zoneOfCountry(zones, 'US')).toBe('IRELAND');
  });
});

describe('customerCancelRefusal', () => {
  const booking = (status: string, jobs: { status: string; collectedAt: string | null }[]) => ({
    reference: 'C1',
    status,
    jobs,
  });

  it('lets a confirmed booking whose jobs are not collected be cancelled', () => {
    expect(customerCancelRefusal(booking('confirmed', [{ status: 'confirmed', collectedAt: null }]))).toBeNull();
  });

  it('refuses once a job is collected or under way, or the booking is done', () => {
    expect(
      customerCancelRefusal(booking('confirmed', [{ status: 'confirmed', collectedAt: '2026-01-01T09:00:00Z' }])),
    ).toMatch(/can no longer be cancelled/);
    expect(customerCancelRefusal(booking('confirmed', [{ status: 'in_progress', collectedAt: null }]))).toMatch(
      /can no longer/,
    );
    expect(customerCancelRefusal(booking('delivered', []))).toMatch(/it is delivered/);
    expect(customerCancelRefusal(booking('cancelled', []))).toBe('Booking C1 is already cancelled.');
  });
});
