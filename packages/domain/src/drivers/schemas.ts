import { z } from 'zod';
import { isoDateTime } from '../common/api.ts';
import { bodyId, paramId } from '../common/input.ts';
import { isInputDay, MAX_DB_ID } from '../common/input-checks.ts';
import { euro } from '../pricing/schemas.ts';
import { DISPATCH_USER_ROLES, DRIVER_VEHICLES, driverVehicleOf, PAY_FREQUENCIES, STORED_CAR } from './enums.ts';
import { INVALID_PHONE_MESSAGE, isValidPhone, PAY_FREQUENCY_REQUIRED_MESSAGE } from './rules.ts';

// The 'Drivers' calls of spec 2 §7 (issue 13): the driver register, its setup data, a driver's pay
// settings and equipment. The spec does not show the bodies of create and update; ours are below.

export const MAX_DRIVER_NAME_LENGTH = 100;
export const MAX_ROOMS_PER_DRIVER = 50;
export const MAX_EQUIPMENT_ENTRIES = 200;
export const MAX_EQUIPMENT_TEXT_LENGTH = 100;
export const MAX_EQUIPMENT_NOTES_LENGTH = 1000;

const text = (name: string, max: number) =>
  z.string(`${name} must be text.`).max(max, `${name} must be at most ${max} characters.`);

const driverNumberMessage = `Driver number must be a whole number from 1 to ${MAX_DB_ID}.`;
/** An empty driver number is asked for, as the form's other required fields are ('Please enter …'). */
export const DRIVER_NUMBER_MISSING_MESSAGE = 'Please enter the driver number.';

/** A driver's number: a positive int4, unique among drivers. */
export const driverNumberSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? DRIVER_NUMBER_MISSING_MESSAGE : driverNumberMessage,
  })
  .int(driverNumberMessage)
  .min(1, driverNumberMessage)
  .max(MAX_DB_ID, driverNumberMessage);

const personName = (label: string) =>
  text(label, MAX_DRIVER_NAME_LENGTH).trim().min(1, `Please enter the driver's ${label.toLowerCase()}.`);

/** A yyyy-MM-dd day in a query string, within the years a date input accepts. */
const queryDay = (name: string) =>
  z
    .string(`${name} must be a date (yyyy-MM-dd).`)
    .refine(isInputDay, `${name} must be a date (yyyy-MM-dd) from 1900 to 2999.`);

// --- The driver register ---

/** GET /api/drivers: the list's Active From filter (spec 2 §2); the screen sends 14 days before today. */
export const driverListQuerySchema = z.object({
  activeFrom: queryDay('activeFrom').optional(),
});
export type DriverListQuery = z.infer<typeof driverListQuerySchema>;

/** POST /api/drivers/create (the spec does not show the body, §7): a new driver of the register. */
export const createDriverBodySchema = z.strictObject({
  driverNumber: driverNumberSchema,
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: z.email('Please enter a valid email address.').max(255, 'The email address must be at most 255 characters.'),
  /** Optional while the driver has not registered; when given it needs 8 digits (spec 2 §5, §9). */
  phone: text('Phone', 40)
    .trim()
    .refine((phone) => phone === '' || isValidPhone(phone), INVALID_PHONE_MESSAGE)
    .default(''),
  /**
   * One of the vehicles offered. 'car' is taken too and saved as 'van' (spec 2 §3 'car treated as
   * van'): a client sending back a driver it read before car was folded into van is not refused over
   * a field it did not change, and nothing new is stored as 'car'.
   */
  vehicle: z
    .enum([...DRIVER_VEHICLES, STORED_CAR], 'Please select a vehicle.')
    .transform((vehicle) => driverVehicleOf(vehicle)),
  /** The registration plate of a vehicle with an engine; '' while not given. */
  vehicleRegistration: text('Vehicle registration', 20)
    .trim()
    .transform((plate) => plate.toUpperCase())
    .default(''),
  /** Dispatch rooms the driver works in, by name (GET /api/drivers/setup-data lists them). */
  rooms: z
    .array(text('A room', 100).trim().min(1, 'A room name must not be empty.'), 'rooms must be a list of room names.')
    .max(MAX_ROOMS_PER_DRIVER, `At most ${MAX_ROOMS_PER_DRIVER} rooms.`)
    .default([]),
  blocked: z.boolean('blocked must be true or false.').default(false),
});
export type CreateDriverBody = z.infer<typeof createDriverBodySchema>;

/** PUT /api/drivers/update: the driver named by id, every editable field as on create (a full save). */
export const updateDriverBodySchema = createDriverBodySchema.extend({ id: bodyId('id') });
export type UpdateDriverBody = z.infer<typeof updateDriverBodySchema>;

/** GET /api/driver/{email}. */
export const driverEmailParamSchema = z.object({
  email: text('email', 255).min(1, 'email must not be empty.'),
});

/** A driver as the register's calls answer it (spec 2 §3 'Driver', plus the list's columns). */
export const driverSchema = z.object({
  id: z.number().int(),
  /** The public id the profile and licence calls name (spec 2 §7 /drivers/{uuid}/profile). */
  uuid: z.uuid(),
  driverNumber: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  vehicle: z.enum(DRIVER_VEHICLES),
  /** The Vehicle column's text, e.g. 'Top Box Bike'. */
  vehicleLabel: z.string(),
  vehicleRegistration: z.string(),
  online: z.boolean(),
  lastOnline: isoDateTime.nullable(),
  blocked: z.boolean(),
  rooms: z.array(z.string()),
  /** The driver's login, when one is linked (the dispatch setup links it). */
  userId: z.number().int().nullable(),
  /** Equipment entries still on loan (no returned date): the Equipment column. */
  equipmentOnLoan: z.number().int(),
  /** The Registration column: complete, or the details still missing (e.g. 'Phone'). */
  registration: z.object({ complete: z.boolean(), missing: z.array(z.string()) }),
  createdAt: isoDateTime,
});
export type Driver = z.infer<typeof driverSchema>;
export const driverListSchema = z.array(driverSchema);

/** GET /api/drivers/setup-data: what the driver setup and dispatch profile editor need (spec 2 §3 'Dispatch setup'). */
export const driverSetupDataSchema = z.object({
  /** Every dispatch room, by name, A to Z. */
  roomNames: z.array(z.string()),
  vehicleTypes: z.array(z.object({ value: z.enum(DRIVER_VEHICLES), label: z.string() })),
  /** The roles a dispatch user may be given (spec 2 §6). */
  userRoles: z.array(z.enum(DISPATCH_USER_ROLES)),
  /** Each driver's dispatch profile: the driver and the rooms it works in. */
  profiles: z.array(
    z.object({
      driverId: z.number().int(),
      driverNumber: z.number().int(),
      name: z.string(),
      vehicle: z.enum(DRIVER_VEHICLES),
      userId: z.number().int().nullable(),
      rooms: z.array(z.string()),
    }),
  ),
});
export type DriverSetupData = z.infer<typeof driverSetupDataSchema>;

// --- Pay settings (spec 2 §3 'Driver pay settings', §5) ---

export const driverIdParamSchema = z.object({ id: paramId('id') });

const percent = (label: string) =>
  z
    .number(`${label} must be a percent.`)
    .min(0, `${label} must be 0 or more.`)
    .max(100, `${label} must be at most 100.`)
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      `${label} has at most 2 decimal places.`,
    );

/**
 * PUT /api/drivers/{id}/pay-settings: every field of spec 2 §3 'Driver pay settings'. payFrequency and
 * addressId may be null and tripsheetEmail and taxNumber empty, as the form sends them before they
 * are chosen: the save rule then answers the spec's message (§5) rather than a schema text.
 */
export const paySettingsBodySchema = z.strictObject({
  payFrequency: z.enum(PAY_FREQUENCIES, PAY_FREQUENCY_REQUIRED_MESSAGE).nullable(),
  minPay: euro('Minimum pay'),
  maxBoost: euro('Maximum boost'),
  attendanceBonusOneDay: percent('One-day attendance bonus'),
  attendanceBonusTwoDay: percent('Two-day attendance bonus'),
  attendanceBonusThreeDay: percent('Three-day attendance bonus'),
  attendanceBonusFourDay: percent('Four-day attendance bonus'),
  attendanceBonusFiveDay: percent('Five-day attendance bonus'),
  /** Per day worked (spec 2 §9). */
  cargoBonusRate: euro('Cargo bonus rate'),
  helmetBonusRate: euro('Helmet bonus rate'),
  backBoxBonusRate: euro('Back-box bonus rate'),
  /** Per day worked, deducted as an adjustment (spec 2 §9). */
  cargoRentalDeduction: euro('Cargo rental deduction'),
  equipmentRentalDeduction: euro('Equipment rental deduction'),
  applyFuelSurcharge: z.boolean('applyFuelSurcharge must be true or false.'),
  /** Not shown in the spec: free text (e.g. 'Contractor'). */
  driverType: text('Driver type', 50).trim().default(''),
  /** The correspondence e-mail address the driver's documents go to. */
  tripsheetEmail: text('Correspondence email', 255).trim(),
  /** The driver's address, a place of the address book. */
  addressId: bodyId('addressId').nullable(),
  taxNumber: text('Tax number', 30).trim(),
  vatRegistered: z.boolean('vatRegistered must be true or false.'),
  sendInformation: z.boolean('sendInformation must be true or false.'),
  /** Not shown in the spec: the account the driver's documents are grouped under, '' when none. */
  groupedAccount: text('Grouped account', 50).trim().default(''),
  debtorsLedger: text('Debtors ledger', 50).trim().default(''),
  creditorsLedger: text('Creditors ledger', 50).trim().default(''),
});
export type PaySettingsBody = z.infer<typeof paySettingsBodySchema>;

/** A driver's pay settings as GET and PUT /api/drivers/{id}/pay-settings answer them. */
export const paySettingsSchema = z.object({
  driverId: z.number().int(),
  /** False while the driver has none saved: the fields then hold the defaults a new driver starts with. */
  saved: z.boolean(),
  payFrequency: z.enum(PAY_FREQUENCIES).nullable(),
  minPay: z.number(),
  maxBoost: z.number(),
  attendanceBonusOneDay: z.number(),
  attendanceBonusTwoDay: z.number(),
  attendanceBonusThreeDay: z.number(),
  attendanceBonusFourDay: z.number(),
  attendanceBonusFiveDay: z.number(),
  cargoBonusRate: z.number(),
  helmetBonusRate: z.number(),
  backBoxBonusRate: z.number(),
  cargoRentalDeduction: z.number(),
  equipmentRentalDeduction: z.number(),
  applyFuelSurcharge: z.boolean(),
  driverType: z.string(),
  tripsheetEmail: z.string(),
  addressId: z.number().int().nullable(),
  /** The address named by addressId, for display. */
  address: z
    .object({
      placeId: z.string(),
      name: z.string(),
      addressLineOne: z.string(),
      city: z.string(),
      postCode: z.string(),
    })
    .nullable(),
  taxNumber: z.string(),
  vatRegistered: z.boolean(),
  sendInformation: z.boolean(),
  groupedAccount: z.string(),
  debtorsLedger: z.string(),
  creditorsLedger: z.string(),
  updatedAt: isoDateTime.nullable(),
});
export type PaySettings = z.infer<typeof paySettingsSchema>;

// --- Equipment (spec 2 §3 'Driver equipment', §4, §5) ---

/**
 * One entry of PUT /api/drivers/{id}/equipment. An entry with an id is an existing one (kept, with
 * these values); without one it is new. Text is checked by the equipment rule (rules.ts), with its
 * messages, after the shape here; dates are yyyy-MM-dd text.
 */
export const equipmentEntryBodySchema = z.strictObject({
  id: bodyId('id').nullable().optional(),
  type: text('Type', MAX_EQUIPMENT_TEXT_LENGTH),
  serialNumber: text('Serial number', MAX_EQUIPMENT_TEXT_LENGTH),
  givenDate: text('Date given', 10).nullable(),
  givenBy: text('Given by', MAX_EQUIPMENT_TEXT_LENGTH),
  returnedDate: text('Returned date', 10).nullable().optional(),
  notes: text('Notes', MAX_EQUIPMENT_NOTES_LENGTH).optional(),
});
export type EquipmentEntryBody = z.infer<typeof equipmentEntryBodySchema>;

/** The whole register of one driver: entries left out are deleted (spec 2 §4 'entries can be deleted'). */
export const equipmentBodySchema = z
  .array(equipmentEntryBodySchema, 'The body must be the list of equipment entries.')
  .max(MAX_EQUIPMENT_ENTRIES, `At most ${MAX_EQUIPMENT_ENTRIES} equipment entries.`);
export type EquipmentBody = z.infer<typeof equipmentBodySchema>;

export const equipmentEntrySchema = z.object({
  id: z.number().int(),
  driverId: z.number().int(),
  type: z.string(),
  serialNumber: z.string(),
  givenDate: z.iso.date(),
  givenBy: z.string(),
  returnedDate: z.iso.date().nullable(),
  notes: z.string(),
  /** Still on loan: no returned date yet (spec 2 §4). */
  outstanding: z.boolean(),
});
export type EquipmentEntry = z.infer<typeof equipmentEntrySchema>;
export const equipmentListSchema = z.array(equipmentEntrySchema);
