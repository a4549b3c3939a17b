// The dispatch profile and registration notice rules of spec 2 §5, with the spec's messages, for the
// driver setup's profile editor and the registration notify panel (and the calls behind them).
import { DISPATCH_USER_ROLES, DRIVER_VEHICLES, driverVehicleOf } from './enums.ts';
import { INVALID_PHONE_MESSAGE, isEmailAddress, isValidPhone } from './rules.ts';

export const USER_ROLE_NOT_SELECTED_MESSAGE = 'User Role Not Selected';
export const DRIVER_VEHICLE_NOT_SELECTED_MESSAGE = 'Driver vehicle type not selected.';
export const DRIVER_ROOMS_NOT_SELECTED_MESSAGE = 'Driver rooms not selected.';
export const DRIVER_NUMBER_REQUIRED_MESSAGE = 'Driver number required.';

/** A dispatch user as the profile editor holds it (spec 2 §3 'Dispatch setup'). */
export interface DispatchProfileInput {
  userRole: string | null;
  vehicle: string | null;
  rooms: readonly string[];
  driverNumber: number | null;
}

/**
 * Spec 2 §5 'Dispatch profile': a role is required ("User Role Not Selected"); a DRIVER also needs a
 * vehicle type, at least one room and a driver number. The first message is the one shown.
 */
export function dispatchProfileProblems(profile: DispatchProfileInput): string[] {
  if (profile.userRole === null || !(DISPATCH_USER_ROLES as readonly string[]).includes(profile.userRole))
    return [USER_ROLE_NOT_SELECTED_MESSAGE];
  if (profile.userRole !== 'DRIVER') return [];
  const problems: string[] = [];
  // 'car' is a van (spec 2 §3), taken as on the driver register's own save.
  if (profile.vehicle === null || !(DRIVER_VEHICLES as readonly string[]).includes(driverVehicleOf(profile.vehicle)))
    problems.push(DRIVER_VEHICLE_NOT_SELECTED_MESSAGE);
  if (profile.rooms.length === 0) problems.push(DRIVER_ROOMS_NOT_SELECTED_MESSAGE);
  if (profile.driverNumber === null || !Number.isInteger(profile.driverNumber) || profile.driverNumber < 1)
    problems.push(DRIVER_NUMBER_REQUIRED_MESSAGE);
  return problems;
}

/** Rooms travel comma-joined in the dispatch user body (spec 2 §3 'Dispatch setup'). */
export function joinRooms(rooms: readonly string[]): string {
  return rooms.join(',');
}

/** The rooms of a comma-joined text, trimmed, empty names dropped, each once. */
export function splitRooms(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((room) => room.trim())
        .filter(Boolean),
    ),
  ];
}

// --- Registration notify (spec 2 §4, §5) ---

export const REGISTRATION_NOTIFY_METHODS = ['sms', 'email'] as const;
export type RegistrationNotifyMethod = (typeof REGISTRATION_NOTIFY_METHODS)[number];

export const INVALID_NOTIFY_EMAIL_MESSAGE = 'Enter a valid email address.';

/**
 * Spec 2 §5 'Registration notify': by SMS the phone needs at least 8 digits ("Enter a valid phone
 * number."); by e-mail the address must look like one ("Enter a valid email address."); the message
 * is optional. Null when the notice may be sent.
 */
export function registrationNotifyProblem(notice: {
  method: RegistrationNotifyMethod;
  phone: string;
  email: string;
}): string | null {
  if (notice.method === 'sms') return isValidPhone(notice.phone) ? null : INVALID_PHONE_MESSAGE;
  return isEmailAddress(notice.email) ? null : INVALID_NOTIFY_EMAIL_MESSAGE;
}
