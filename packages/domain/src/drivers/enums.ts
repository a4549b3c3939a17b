// The driver enumerations of spec 2 §3 ('Driver', 'Driver pay settings', 'Driver equipment',
// 'Dispatch setup'), written once for the server, the web app and the demo data.

/**
 * A driver's vehicle (spec 2 §3 'Driver'): bike, top box bike, push bike, cargo bike, cargo bike max,
 * van. These are the choices the forms offer and the only values the calls store.
 */
export const DRIVER_VEHICLES = ['bike', 'top box bike', 'push bike', 'cargo bike', 'cargo bike max', 'van'] as const;
export type DriverVehicle = (typeof DRIVER_VEHICLES)[number];

/**
 * 'car': a value some drivers are still stored with. Spec 2 §3 treats a car as a van, so it is never
 * offered, is read as 'van' wherever a driver is answered, and pays as a van (driver-pay formulas).
 */
export const STORED_CAR = 'car';
/** A vehicle as the drivers table may hold it: one of DRIVER_VEHICLES or the older 'car'. */
export type StoredDriverVehicle = DriverVehicle | typeof STORED_CAR;

/**
 * A stored or sent vehicle as the register takes it: 'car' is a van (spec 2 §3), any other value is
 * left as it is (for the caller's check to refuse or keep).
 */
export function driverVehicleOf(vehicle: StoredDriverVehicle): DriverVehicle;
export function driverVehicleOf(vehicle: string): string;
export function driverVehicleOf(vehicle: string): string {
  return vehicle === STORED_CAR ? 'van' : vehicle;
}

/** Vehicles with an engine: they carry a registration plate, which the driver's registration must give. */
export const MOTOR_VEHICLES: readonly DriverVehicle[] = ['bike', 'top box bike', 'van'];

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
