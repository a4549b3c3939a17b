// The booking a set call's run makes (issue 14; spec 1 §3 'Set call', spec 2 §3 'Booking', 'Job',
// 'Task', §9 tariff pricing): which words, which tariff, which price. Pure: the server loads the rows.
import type { BookingType, BookingVehicle, JobTag } from '../bookings/enums.ts';
import { toCents, toEuro } from '../common/money.ts';
import { priceForWeight, type PriceLevel } from '../pricing/tariff-engine.ts';
import { isFixedPricing, type SetCallPricing } from './set-calls.ts';

/** The job tag every set call booking carries (spec 2 §3 job tags). */
export const SET_CALL_TAG: JobTag = 'SET_CALL';

/**
 * A set call booking's reference: `SC{set call id}-{yyyyMMdd of the scheduled day}`. It names where
 * the booking came from, and a second run for the same set call and day makes the same reference.
 */
export function setCallBookingReference(setCallId: number, scheduledDay: string): string {
  return `SC${setCallId}-${scheduledDay.replaceAll('-', '')}`;
}

const VEHICLE_OF_TYPE: Record<string, BookingVehicle> = {
  PUSH_BIKE: 'PUSHBIKE',
  BIKE: 'BIKE',
  TOP_BOX_BIKE: 'TOP-BOX-BIKE',
  CARGO_BIKE: 'CARGO-BIKE',
  CARGO_BIKE_MAX: 'CARGO-BIKE-MAX',
  // A service names a van, not its size: the small one unless dispatch changes it.
  VAN: 'SMALL-VAN',
};

/** The booking filter's vehicle word for a service's vehicle type (none for a car or an unknown type). */
export function bookingVehicleOf(serviceType: string): BookingVehicle | null {
  return VEHICLE_OF_TYPE[serviceType] ?? null;
}

/** Overnight and international services are ON / OS bookings; every other level is Same Day (spec 2 §3). */
export function bookingTypeOf(serviceLevel: string): BookingType {
  return serviceLevel === 'OVERNIGHT' || serviceLevel === 'INTERNATIONAL' ? 'other' : 'same_day';
}

/** The tariff service a set call is priced under: INT for an international service, else DOM. */
export function tariffServiceOf(serviceLevel: string): 'DOM' | 'INT' {
  return serviceLevel === 'INTERNATIONAL' ? 'INT' : 'DOM';
}

export interface TariffCandidate {
  id: number;
  /** A company's account code for a special tariff; null for the base tariff of its code. */
  account: string | null;
  tariffCodeId: number;
  service: string;
  zone: string;
  pricing: PriceLevel[];
}

/**
 * The customer tariff of a set call: of its tariff code, service and zone, the company's special
 * tariff (account = its account code) before the base tariff (no account); undefined when neither exists.
 */
export function chooseSetCallTariff(
  candidates: readonly TariffCandidate[],
  wanted: { accountCode: string | null; tariffCodeId: number; service: string; zone: string },
): TariffCandidate | undefined {
  const fits = candidates.filter(
    (tariff) =>
      tariff.tariffCodeId === wanted.tariffCodeId && tariff.service === wanted.service && tariff.zone === wanted.zone,
  );
  const special = wanted.accountCode ? fits.find((tariff) => tariff.account === wanted.accountCode) : undefined;
  return special ?? fits.find((tariff) => tariff.account === null);
}

export type SetCallPrice =
  | { ok: true; source: 'fixed' | 'tariff'; charge: number; driverPay: number; tariffId: number | null }
  | { ok: false; message: string };

/**
 * The price of a set call booking: its fixed charge and driver pay when the set call has them (spec 1
 * §5 'pricing'); else what the tariff engine gives its weight (spec 2 §9), with the driver's pay left
 * at 0 for dispatch and driver pay to settle. Not ok when there is no tariff or it cannot price the weight.
 */
export function setCallPrice({
  pricing,
  tariff,
  weightKg,
}: {
  pricing: SetCallPricing;
  tariff: TariffCandidate | undefined;
  weightKg: number;
}): SetCallPrice {
  if (isFixedPricing(pricing))
    return {
      ok: true,
      source: 'fixed',
      charge: toEuro(toCents(pricing.charge)),
      driverPay: toEuro(toCents(pricing.driver)),
      tariffId: null,
    };
  if (!tariff) return { ok: false, message: 'No tariff prices it: give it a fixed price or add a tariff.' };
  const price = priceForWeight(tariff.pricing, weightKg);
  if (!price.ok) return { ok: false, message: `Tariff ${tariff.id} cannot price ${weightKg} kg: ${price.error}.` };
  return { ok: true, source: 'tariff', charge: price.price, driverPay: 0, tariffId: tariff.id };
}
