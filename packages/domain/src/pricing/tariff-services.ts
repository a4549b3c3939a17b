import { TARIFF_SERVICE_CODES, type TariffServiceCode } from '../bookings/enums.ts';

/**
 * What each tariff service code (spec 2 §3) means, in the words staff use. Most services are also the
 * tariff codes tariffs are grouped by; the cancellation and failed-collection charges are services
 * only (a job is set to them in review, spec 2 §4), priced under a tariff code like any other service.
 */
export const TARIFF_SERVICE_NAMES: Record<TariffServiceCode, string> = {
  CANC: 'Cancellation charge',
  FAIC: 'Failed collection charge',
  DOM: 'Domestic Overnight',
  INT: 'International',
  TW48: 'Two Day Economy',
  PUR: 'Purolator',
  RAPC: 'Rapid Courier',
  UKM9: 'UK Mainland by 9am',
  UKM6: 'UK Mainland by 6pm',
  UKM2: 'UK Mainland Two Day',
};

/** The services that are charges, never tariff codes. */
export const CHARGE_SERVICE_CODES = ['CANC', 'FAIC'] as const satisfies readonly TariffServiceCode[];

/** The services that are also tariff codes (the demo catalogue's tariff codes). */
export const TARIFF_CODE_SERVICES: TariffServiceCode[] = TARIFF_SERVICE_CODES.filter(
  (code) => !(CHARGE_SERVICE_CODES as readonly string[]).includes(code),
);

/** 'Domestic Overnight': a service's name for lists and filters; an unknown code as it is. */
export function tariffServiceName(code: string): string {
  return (TARIFF_SERVICE_NAMES as Record<string, string | undefined>)[code] ?? code;
}

/** 'Domestic Overnight (DOM)': the name first, the code for staff who know it; an unknown code as it is. */
export function tariffServiceLabel(code: string): string {
  const name = tariffServiceName(code);
  return name === code ? code : `${name} (${code})`;
}
