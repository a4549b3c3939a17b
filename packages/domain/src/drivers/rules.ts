// Driver rules of spec 2 §5 and §9 (issue 13): the pay settings save rule, the equipment register's
// checks and a driver's missing registration details. Pure functions: the server applies them before
// saving, the web app before sending.
import { z } from 'zod';
import { dublinToday } from '../common/calendar-days.ts';
import { isInputDay } from '../common/input-checks.ts';
import {
  driverVehicleOf,
  MOTOR_VEHICLES,
  PAY_FREQUENCIES,
  type PayFrequency,
  type StoredDriverVehicle,
} from './enums.ts';

/** A field and what is wrong with it, as the server's 400 details and the forms show it. */
export interface DriverProblem {
  field: string;
  message: string;
}

// --- Registration details ---

export const REGISTRATION_PHONE = 'Phone';
export const REGISTRATION_VEHICLE_REGISTRATION = 'Vehicle registration';

/** True when the driver's vehicle carries a registration plate (a stored 'car' is a van: it does). */
export function needsVehicleRegistration(vehicle: StoredDriverVehicle): boolean {
  return MOTOR_VEHICLES.includes(driverVehicleOf(vehicle));
}

/**
 * What a driver has not yet given of the registration details the office needs, in the order the
 * list names them: a phone number (texts and the registration request go to it) and, for a vehicle
 * with an engine, its registration plate. Empty when the registration is complete.
 */
export function missingRegistrationDetails(driver: {
  phone: string;
  vehicle: StoredDriverVehicle;
  vehicleRegistration: string;
}): string[] {
  const missing: string[] = [];
  if (driver.phone.trim() === '') missing.push(REGISTRATION_PHONE);
  if (needsVehicleRegistration(driver.vehicle) && driver.vehicleRegistration.trim() === '')
    missing.push(REGISTRATION_VEHICLE_REGISTRATION);
  return missing;
}

// --- Phone numbers (spec 2 §5 'Registration notify', §9) ---

export const MIN_PHONE_DIGITS = 8;
export const INVALID_PHONE_MESSAGE = 'Enter a valid phone number.';

/**
 * A phone number is valid with at least 8 digits once every character other than a digit or a plus
 * is removed (spec 2 §5).
 */
export function isValidPhone(phone: string): boolean {
  const kept = phone.replace(/[^\d+]/g, '');
  return kept.replace(/\+/g, '').length >= MIN_PHONE_DIGITS;
}

// --- Pay settings (spec 2 §5) ---

/** Spec 2 §5: the pay settings save rule's message, exactly as the spec gives it. */
export const INVALID_PAY_SETTINGS_MESSAGE =
  'Invalid pay settings, please ensure to enter a valid pay frequency, address, email and tax number';

export const PAY_FREQUENCY_REQUIRED_MESSAGE = 'Select a pay frequency.';
export const PAY_ADDRESS_REQUIRED_MESSAGE = 'Select an address.';
export const PAY_EMAIL_INVALID_MESSAGE = 'Enter a valid correspondence email address.';
export const PAY_TAX_NUMBER_REQUIRED_MESSAGE = 'Enter a tax number.';

const emailShape = z.email();

/** True when the text looks like an e-mail address (the same check the server's schemas use). */
export function isEmailAddress(text: string): boolean {
  return emailShape.safeParse(text.trim()).success;
}

/**
 * The save rule of spec 2 §5: pay frequency, address, correspondence e-mail (tripsheetEmail) and tax
 * number are all required, the e-mail must look like one. Each missing or wrong field is a problem;
 * any problem refuses the save with INVALID_PAY_SETTINGS_MESSAGE.
 */
export function paySettingsProblems(settings: {
  payFrequency: PayFrequency | string | null;
  addressId: number | null;
  tripsheetEmail: string;
  taxNumber: string;
}): DriverProblem[] {
  const problems: DriverProblem[] = [];
  if (settings.payFrequency === null || !(PAY_FREQUENCIES as readonly string[]).includes(settings.payFrequency))
    problems.push({ field: 'payFrequency', message: PAY_FREQUENCY_REQUIRED_MESSAGE });
  if (settings.addressId === null) problems.push({ field: 'addressId', message: PAY_ADDRESS_REQUIRED_MESSAGE });
  if (!isEmailAddress(settings.tripsheetEmail))
    problems.push({ field: 'tripsheetEmail', message: PAY_EMAIL_INVALID_MESSAGE });
  if (settings.taxNumber.trim() === '') problems.push({ field: 'taxNumber', message: PAY_TAX_NUMBER_REQUIRED_MESSAGE });
  return problems;
}

// --- Equipment register (spec 2 §4, §5) ---

export const EQUIPMENT_TYPE_REQUIRED_MESSAGE = 'Please enter the equipment type.';
export const EQUIPMENT_SERIAL_REQUIRED_MESSAGE = 'Please enter the serial number.';
export const EQUIPMENT_GIVEN_DATE_REQUIRED_MESSAGE = 'Please enter the date given.';
export const EQUIPMENT_GIVEN_BY_REQUIRED_MESSAGE = 'Please enter who gave the equipment.';
export const EQUIPMENT_GIVEN_DATE_INVALID_MESSAGE = 'The date given must be a date (yyyy-MM-dd) from 1900 to 2999.';
export const EQUIPMENT_RETURNED_DATE_INVALID_MESSAGE =
  'The returned date must be a date (yyyy-MM-dd) from 1900 to 2999.';
export const EQUIPMENT_RETURNED_BEFORE_GIVEN_MESSAGE = 'The returned date cannot be before the date given.';
export const EQUIPMENT_GIVEN_DATE_FUTURE_MESSAGE = 'The date given cannot be after today.';

/** An equipment entry as typed: text fields untrimmed, dates as yyyy-MM-dd text ('' or null when empty). */
export interface EquipmentEntryInput {
  type: string;
  serialNumber: string;
  givenDate: string | null;
  givenBy: string;
  returnedDate?: string | null;
  notes?: string;
}

/**
 * Spec 2 §5 'Equipment': type, serial number, date given and given by are required once trimmed;
 * notes and the returned date are optional. A returned date before the date given is refused, and so
 * is a date given after `today` (the Dublin day): equipment cannot have been handed over yet.
 */
export function equipmentEntryProblems(entry: EquipmentEntryInput, today: string = dublinToday()): DriverProblem[] {
  const problems: DriverProblem[] = [];
  if (entry.type.trim() === '') problems.push({ field: 'type', message: EQUIPMENT_TYPE_REQUIRED_MESSAGE });
  if (entry.serialNumber.trim() === '')
    problems.push({ field: 'serialNumber', message: EQUIPMENT_SERIAL_REQUIRED_MESSAGE });
  const given = (entry.givenDate ?? '').trim();
  if (given === '') problems.push({ field: 'givenDate', message: EQUIPMENT_GIVEN_DATE_REQUIRED_MESSAGE });
  else if (!isInputDay(given)) problems.push({ field: 'givenDate', message: EQUIPMENT_GIVEN_DATE_INVALID_MESSAGE });
  else if (equipmentGivenDateRefusal(given, today))
    problems.push({ field: 'givenDate', message: EQUIPMENT_GIVEN_DATE_FUTURE_MESSAGE });
  if (entry.givenBy.trim() === '') problems.push({ field: 'givenBy', message: EQUIPMENT_GIVEN_BY_REQUIRED_MESSAGE });
  const returned = (entry.returnedDate ?? '').trim();
  if (returned !== '') {
    if (!isInputDay(returned))
      problems.push({ field: 'returnedDate', message: EQUIPMENT_RETURNED_DATE_INVALID_MESSAGE });
    else if (isInputDay(given) && returned < given)
      problems.push({ field: 'returnedDate', message: EQUIPMENT_RETURNED_BEFORE_GIVEN_MESSAGE });
  }
  return problems;
}

/**
 * What the date given field says of a day it reads: equipment cannot be handed over after `today` (the
 * Dublin day), so such a day is refused as typed, like an impossible one. Undefined when it is fine.
 */
export function equipmentGivenDateRefusal(day: string, today: string = dublinToday()): string | undefined {
  return day > today ? EQUIPMENT_GIVEN_DATE_FUTURE_MESSAGE : undefined;
}

/** An entry is outstanding (still on loan) until a returned date is set (spec 2 §4). */
export function isEquipmentOutstanding(entry: { returnedDate: string | null }): boolean {
  return entry.returnedDate === null || entry.returnedDate.trim() === '';
}

/** A new entry as the register's Add starts it: date given defaults to today (spec 2 §5). */
export function newEquipmentEntry(today: string): EquipmentEntryInput {
  return { type: '', serialNumber: '', givenDate: today, givenBy: '', returnedDate: null, notes: '' };
}

/** The Return button sets the returned date to today (spec 2 §4). */
export function returnEquipment<T extends { returnedDate?: string | null }>(entry: T, today: string): T {
  return { ...entry, returnedDate: today };
}
