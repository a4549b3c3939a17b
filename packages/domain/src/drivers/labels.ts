// Words staff read for the driver enumerations (labels, never the stored values).
import type { PayFrequency, StoredDriverVehicle } from './enums.ts';

/**
 * A driver's vehicle as the driver list's Vehicle column, the forms, the pay grid and the pay
 * documents show it. A stored 'car' reads 'Van': spec 2 §3 treats a car as a van.
 */
export const DRIVER_VEHICLE_LABELS: Record<StoredDriverVehicle, string> = {
  bike: 'Bike',
  'top box bike': 'Top Box Bike',
  'push bike': 'Push Bike',
  'cargo bike': 'Cargo Bike',
  'cargo bike max': 'Cargo Bike Max',
  van: 'Van',
  car: 'Van',
};

/** Pay frequencies as the pay settings form shows them. */
export const PAY_FREQUENCY_LABELS: Record<PayFrequency, string> = {
  WEEKLY: 'Weekly',
  BI_WEEKLY: 'Bi-weekly',
  MONTHLY: 'Monthly',
};

/**
 * The driver screens' toasts, exactly as spec 2 §8 gives them (the spec's own spelling kept), for the
 * web app to show.
 */
export const DRIVER_TEXTS = {
  failedToLoadDrivers: 'Failed to load drivers',
  failedToLoadSetupData: 'Failed to load setup data',
  failedToCreateDispatchUser: 'Failed to create dispatch user/driver.',
  driverNotified: 'Driver notified',
  failedToNotifyDriver: 'Failed to notify driver',
  paySettingsUpdated: 'Pay settings updated',
  failedToUpdatePaySettings: 'Failed to update pay settings',
  userRoleUpdated: 'User Role Updated',
  userRoleUpdateFailed: 'There was an Error Updateing user Role',
} as const;

/** Spec 2 §8: the pay screen's message for a driver without pay settings. */
export const paySettingsNotFoundText = (name: string) => `Driver pay settings not found for ${name}`;
