// The customer quote and the customer's own rules (spec 1 §7 'Customer interface group'; issue 14).
// Pure: the server loads the company, service, places, zones and tariffs and calls these.
import { bookingStatusLabel } from '../bookings/enums.ts';
import { chooseSetCallTariff, tariffServiceOf, type TariffCandidate } from '../companies/set-call-bookings.ts';
import { priceForWeight } from '../pricing/tariff-engine.ts';

/** How long a quote's price holds; booking from it after that is refused. */
export const QUOTE_LIFETIME_MINUTES = 30;

export function quoteExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + QUOTE_LIFETIME_MINUTES * 60_000);
}

/** The zone a delivery country is priced in: the first zone listing it, else IRELAND (the tariffs' default). */
export function zoneOfCountry(zones: readonly { name: string; countries: readonly string[] }[], countryCode: string) {
  return zones.find((zone) => zone.countries.includes(countryCode))?.name ?? 'IRELAND';
}

export type QuotePrice = { ok: true; charge: number; tariffId: number } | { ok: false; message: string };

/**
 * The customer charge of a quote: the tariff engine's price (spec 2 §9) for the packages' weight,
 * from the company's tariff for the service's tariff service (INT for international, else DOM) and
 * the delivery's zone, its special tariff before the base one, as a set call is priced. The tariff
 * engine prices weight; the distance is measured and kept with the quote, but no tariff prices it.
 */
export function quotePrice(options: {
  accountCode: string | null;
  /** The company's tariff code, else the code of the tariff service. */
  tariffCodeId: number | undefined;
  serviceLevel: string;
  zone: string;
  tariffs: readonly TariffCandidate[];
  weightKg: number;
}): QuotePrice {
  const service = tariffServiceOf(options.serviceLevel);
  const tariff =
    options.tariffCodeId === undefined
      ? undefined
      : chooseSetCallTariff(options.tariffs, {
          accountCode: options.accountCode,
          tariffCodeId: options.tariffCodeId,
          service,
          zone: options.zone,
        });
  if (!tariff)
    return {
      ok: false,
      message: 'We have no online price for this service to that address. Please call us to book it.',
    };
  const price = priceForWeight(tariff.pricing, options.weightKg);
  if (!price.ok)
    return { ok: false, message: `We cannot price ${options.weightKg} kg online. Please call us to book it.` };
  return { ok: true, charge: price.price, tariffId: tariff.id };
}

/** Job statuses after which the goods are with us: a customer may cancel only before them. */
const STARTED_STATUSES = new Set(['in_progress', 'out_for_delivery', 'delivered', 'failed', 'unknown']);

/**
 * Why a customer may not cancel a booking, or null when they may: only a booking that is still a
 * quote or confirmed, none of whose jobs has been collected or started (issue 14: 'only while not
 * collected').
 */
export function customerCancelRefusal(booking: {
  reference: string;
  status: string;
  jobs: readonly { status: string; collectedAt: Date | string | null }[];
}): string | null {
  if (booking.status === 'cancelled') return `Booking ${booking.reference} is already cancelled.`;
  const started =
    !['quote', 'confirmed'].includes(booking.status) ||
    booking.jobs.some((job) => job.collectedAt !== null || STARTED_STATUSES.has(job.status));
  if (started)
    return `Booking ${booking.reference} can no longer be cancelled online: it is ${bookingStatusLabel(booking.status).toLowerCase()} and its goods may have been collected. Please call us.`;
  return null;
}
