// The driver enumerations of spec 2 §3 ('Driver', 'Driver pay settings', 'Driver equipment',
// 'Dispatch setup'), written once for the server, the web app and the demo data.

/**
 * A driver's vehicle (spec 2 §3 'Driver'): bike, top box bike, push bike, cargo bike, cargo bike max,
 * van; car is kept as its own value and treated as a van where pay depends on the vehicle.
 */
export const DRIVER_VEHICLES = [
  'bike',
  'top box bike',
  'push bike',
  'cargo bike',
  'cargo bike max',
  'van',
  'car',
] as const;
export type DriverVehicle = (typeof DRIVER_VEHICLES)[number];

/** Vehicles with an engine: they carry a registration plate, which the driver's registration must give. */
export const MOTOR_VEHICLES: readonly DriverVehicle[] = ['bike', 'top box bike', 'van', 'car'];

/** Driver pay settings (spec 2 §3): how often a driver is paid. */
export const PAY_FREQUENCIES = ['WEEKLY', 'BI_WEEKLY', 'MONTHLY'] as const;
export type PayFrequency = (typeof PAY_FREQUENCIES)[number];

/** Dispatch user roles assignable in the driver setup (spec 2 §6). */
export const DISPATCH_USER_ROLES = ['DRIVER', 'DISPATCHER'] as const;
export type DispatchUserRole = (typeof DISPATCH_USER_ROLES)[number];

/** The equipment register's type suggestions (spec 2 §3 'Driver equipment'); any other type may be typed. */
export const EQUIPMENT_SUGGESTIONS = [
  'Helmet',
  'Telephone',
  'Hi-Vis Jacket',
  'Gloves',
  'Radio',
  'Safety Boots',
] as const;
