// Words office staff read for the booking enumerations of spec 2 §3 (issue 10: labels, never enum
// names). One map per enumeration, used by the list's filters, columns, summary and the details, so a
// tag reads 'SET CALL' in the Tags column, the summary counts, the tag picker and the details alike.
import { AREAS, hasAccess, type Role } from '../auth/roles.ts';
import type { BookingVehicle, JobTag, ServiceLevel } from './enums.ts';

/** Job tags (spec 2 §3), as the list, its summary, the tag picker and the details show them. */
export const JOB_TAG_LABELS: Record<JobTag, string> = {
  SPLIT: 'SPLIT',
  FAILURE: 'FAILURE',
  WAITING_TIME: 'WAITING TIME',
  SERVICE_CHANGE: 'SERVICE CHANGE',
  VEHICLE_CHANGE: 'VEHICLE CHANGE',
  ADDRESS_CHANGE: 'ADDRESS CHANGE',
  RETURN_ADDED: 'RETURN ADDED',
  RETURN_REMOVED: 'RETURN REMOVED',
  RETURN: 'RETURN',
  SECOND_LEG: 'SECOND LEG',
  CHARGE_POINT: 'CHARGE POINT',
  TAIL_LIFT: 'TAIL LIFT',
  SET_CALL: 'SET CALL',
  OVERRIDE_PRICE: 'OVERRIDE PRICE',
  IMPORTED: 'IMPORTED',
  BATCH: 'BATCH',
  DRIVER_TRANSFER: 'DRIVER TRANSFER',
};

/** A tag's label; a tag outside the spec's list (old data) is shown with spaces, never underscores. */
export function jobTagLabel(tag: string): string {
  return (JOB_TAG_LABELS as Record<string, string>)[tag] ?? tag.replaceAll('_', ' ');
}

/** Service levels (spec 2 §3) for the Service filter. */
export const SERVICE_LEVEL_LABELS: Record<ServiceLevel, string> = {
  STANDARD: 'Standard',
  PRIORITY: 'Priority',
  ECONOMY: 'Economy',
  OVERNIGHT: 'Overnight',
  INTERNATIONAL: 'International',
};

/** Vehicles as the booking filter names them (spec 2 §3), for the Vehicle filter and column. */
export const BOOKING_VEHICLE_LABELS: Record<BookingVehicle, string> = {
  BIKE: 'Motorbike',
  'TOP-BOX-BIKE': 'Top box bike',
  'CARGO-BIKE': 'Cargo bike',
  'CARGO-BIKE-MAX': 'Cargo bike max',
  'SMALL-VAN': 'Small van',
  'LARGE-VAN': 'Large van',
  PUSHBIKE: 'Push bike',
};

export function bookingVehicleLabel(vehicle: string): string {
  return (BOOKING_VEHICLE_LABELS as Record<string, string>)[vehicle] ?? vehicle;
}

/**
 * Who may read bookings through the API (the list, its summaries, a booking's details and tasks): the
 * booking list's staff, and pricing staff, who reach the same list through /pricing/review and the
 * company Bookings tab to edit prices (issue 11). The Bookings section itself stays AREAS.bookings.
 */
export const BOOKING_READER_ROLES = [...AREAS.bookings, ...AREAS.editPrices] as const satisfies readonly Role[];

/**
 * Who may change a job's tags (PUT /bookings/tag): the staff of the booking list (spec 2 §6 names no
 * narrower rule), so everyone who sees the tags may correct them; a higher rank passes as everywhere.
 */
export const JOB_TAGGER_ROLES = AREAS.bookings satisfies readonly Role[];

export function canTagJobs(roles: readonly string[]): boolean {
  return hasAccess(roles, JOB_TAGGER_ROLES);
}
