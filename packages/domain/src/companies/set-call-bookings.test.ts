import { describe, expect, it } from 'vitest';
import {
  bookingTypeOf,
  bookingVehicleOf,
  chooseSetCallTariff,
  setCallBookingReference,
  setCallPrice,
  tariffServiceOf,
  type TariffCandidate,
} from './set-call-bookings.ts';

const tariff = (values: Partial<TariffCandidate>): TariffCandidate => ({
  id: 1,
  account: null,
  tariffCodeId: 7,
  service: 'DOM',
  zone: 'IRELAND',
  // 12.50 covers 5 kg, then 1.20 per started 2 kg, up to 30 kg.
  pricing: [{ upTo: 30, basic: 12.5, basicPer: 5, then: 1.2, thenPer: 2 }],
  ...values,
});
const wanted = { accountCode: 'ACME1', tariffCodeId: 7, service: 'DOM', zone: 'IRELAND' };

describe('the booking a set call makes', () => {
  it('is referenced by set call and scheduled day', () => {
    expect(setCallBookingReference(42, '2026-03-17')).toBe('SC42-20260317');
  });

  it("takes the booking filter's vehicle word and the view from the service", () => {
    expect(bookingVehicleOf('CARGO_BIKE_MAX')).toBe('CARGO-BIKE-MAX');
    expect(bookingVehicleOf('PUSH_BIKE')).toBe('PUSHBIKE');
    expect(bookingVehicleOf('VAN')).toBe('SMALL-VAN');
    expect(bookingVehicleOf('CAR')).toBeNull();
    expect(bookingTypeOf('STANDARD')).toBe('same_day');
    expect(bookingTypeOf('OVERNIGHT')).toBe('other');
    expect(tariffServiceOf('INTERNATIONAL')).toBe('INT');
    expect(tariffServiceOf('PRIORITY')).toBe('DOM');
  });

  it("prices with the company's special tariff before the base one, of its code, service and zone only", () => {
    const base = tariff({ id: 1 });
    const special = tariff({ id: 2, account: 'ACME1' });
    const otherCode = tariff({ id: 3, account: 'ACME1', tariffCodeId: 8 });
    const otherAccount = tariff({ id: 4, account: 'OTHER' });
    expect(chooseSetCallTariff([base, otherCode, special, otherAccount], wanted)?.id).toBe(2);
    expect(chooseSetCallTariff([base, otherCode, otherAccount], wanted)?.id).toBe(1);
    expect(chooseSetCallTariff([base], { ...wanted, accountCode: null })?.id).toBe(1);
    expect(chooseSetCallTariff([otherCode, tariff({ id: 5, zone: 'UK' })], wanted)).toBeUndefined();
  });

  it('a fixed price is used as it is, with its driver pay', () => {
    expect(setCallPrice({ pricing: { charge: 45.5, driver: 20 }, tariff: tariff({}), weightKg: 100 })).toEqual({
      ok: true,
      source: 'fixed',
      charge: 45.5,
      driverPay: 20,
      tariffId: null,
    });
  });

  it('standard pricing runs the tariff engine on the weight (5 kg exactly is the basic price; 9 kg two steps, 9.01 kg three)', () => {
    const price = (weightKg: number) => setCallPrice({ pricing: {}, tariff: tariff({ id: 9 }), weightKg });
    expect(price(5)).toMatchObject({ ok: true, source: 'tariff', charge: 12.5, driverPay: 0, tariffId: 9 });
    expect(price(6.1)).toMatchObject({ charge: 13.7 });
    expect(price(9)).toMatchObject({ charge: 14.9 });
    expect(price(9.01)).toMatchObject({ charge: 16.1 });
    expect(price(0)).toMatchObject({ charge: 12.5 });
  });

  it('says why it cannot price: no tariff, or a weight above every level', () => {
    expect(setCallPrice({ pricing: {}, tariff: undefined, weightKg: 1 })).toEqual({
      ok: false,
      message: 'No tariff prices it: give it a fixed price or add a tariff.',
    });
    expect(setCallPrice({ pricing: {}, tariff: tariff({ id: 9 }), weightKg: 31 })).toEqual({
      ok: false,
      message: 'Tariff 9 cannot price 31 kg: Could not find a price level higher than the passed weight.',
    });
  });
});
