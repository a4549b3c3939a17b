import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytes, numericNumber, numericZero } from '../columns.ts';
import { users } from './auth.ts';
import { drivers, places } from './catalogue.ts';

// The drivers area's own tables (issue 13): pay settings, the equipment register, dispatch rooms.

/** A driver's pay settings (spec 2 §3 'Driver pay settings'): one row per driver, once accounts save them. */
export const driverPaySettings = pgTable(
  'driver_pay_settings',
  {
    driverId: integer('driver_id')
      .primaryKey()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    /** WEEKLY, BI_WEEKLY, MONTHLY (domain drivers/enums.ts). */
    payFrequency: text('pay_frequency').notNull(),
    minPay: numericNumber('min_pay', { precision: 12, scale: 2 }).notNull().default(numericZero),
    maxBoost: numericNumber('max_boost', { precision: 12, scale: 2 }).notNull().default(numericZero),
    /** Attendance bonus percents by days worked plus booked off (spec 2 §9). */
    attendanceBonusOneDay: numericNumber('attendance_bonus_one_day', { precision: 5, scale: 2 })
      .notNull()
      .default(numericZero),
    attendanceBonusTwoDay: numericNumber('attendance_bonus_two_day', { precision: 5, scale: 2 })
      .notNull()
      .default(numericZero),
    attendanceBonusThreeDay: numericNumber('attendance_bonus_three_day', { precision: 5, scale: 2 })
      .notNull()
      .default(numericZero),
    attendanceBonusFourDay: numericNumber('attendance_bonus_four_day', { precision: 5, scale: 2 })
      .notNull()
      .default(numericZero),
    attendanceBonusFiveDay: numericNumber('attendance_bonus_five_day', { precision: 5, scale: 2 })
      .notNull()
      .default(numericZero),
    /** Per day worked (spec 2 §9). */
    cargoBonusRate: numericNumber('cargo_bonus_rate', { precision: 12, scale: 2 }).notNull().default(numericZero),
    helmetBonusRate: numericNumber('helmet_bonus_rate', { precision: 12, scale: 2 }).notNull().default(numericZero),
    backBoxBonusRate: numericNumber('back_box_bonus_rate', { precision: 12, scale: 2 }).notNull().default(numericZero),
    cargoRentalDeduction: numericNumber('cargo_rental_deduction', { precision: 12, scale: 2 })
      .notNull()
      .default(numericZero),
    equipmentRentalDeduction: numericNumber('equipment_rental_deduction', { precision: 12, scale: 2 })
      .notNull()
      .default(numericZero),
    applyFuelSurcharge: boolean('apply_fuel_surcharge').notNull().default(false),
    driverType: text('driver_type').notNull().default(''),
    /** The correspondence e-mail address (spec 2 §5). */
    tripsheetEmail: text('tripsheet_email').notNull(),
    addressId: integer('address_id')
      .notNull()
      .references(() => places.id, { onDelete: 'restrict' }),
    taxNumber: text('tax_number').notNull(),
    vatRegistered: boolean('vat_registered').notNull().default(false),
    sendInformation: boolean('send_information').notNull().default(false),
    groupedAccount: text('grouped_account').notNull().default(''),
    debtorsLedger: text('debtors_ledger').notNull().default(''),
    creditorsLedger: text('creditors_ledger').notNull().default(''),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'driver_pay_settings_amounts_check',
      sql`${t.minPay} >= 0 and ${t.maxBoost} >= 0 and ${t.cargoBonusRate} >= 0 and ${t.helmetBonusRate} >= 0 and ${t.backBoxBonusRate} >= 0 and ${t.cargoRentalDeduction} >= 0 and ${t.equipmentRentalDeduction} >= 0`,
    ),
  ],
);

/** The equipment register (spec 2 §3 'Driver equipment'): an entry is on loan until its returned date is set. */
export const driverEquipment = pgTable(
  'driver_equipment',
  {
    id: serial('id').primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    serialNumber: text('serial_number').notNull(),
    givenDate: date('given_date').notNull(),
    givenBy: text('given_by').notNull(),
    returnedDate: date('returned_date'),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('driver_equipment_driver_idx').on(t.driverId),
    check('driver_equipment_returned_check', sql`${t.returnedDate} is null or ${t.returnedDate} >= ${t.givenDate}`),
  ],
);

/** Dispatch rooms (spec 2 §3 'Dispatch setup' roomNames): the boards drivers and dispatchers work in. */
export const dispatchRooms = pgTable('dispatch_rooms', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/**
 * A driver's profile (spec 2 §3 'Driver profile'): one JSON document per section, each read through
 * its schema in packages/domain (drivers/profile.ts), so the fields live once, beside their rules.
 */
export const driverProfiles = pgTable('driver_profiles', {
  driverId: integer('driver_id')
    .primaryKey()
    .references(() => drivers.id, { onDelete: 'cascade' }),
  personal: jsonb('personal').$type<Record<string, unknown>>().notNull().default({}),
  contact: jsonb('contact').$type<Record<string, unknown>>().notNull().default({}),
  rightToWork: jsonb('right_to_work').$type<Record<string, unknown>>().notNull().default({}),
  licence: jsonb('licence').$type<Record<string, unknown>>().notNull().default({}),
  vehicle: jsonb('vehicle').$type<Record<string, unknown>>().notNull().default({}),
  emergency: jsonb('emergency').$type<Record<string, unknown>>().notNull().default({}),
  payment: jsonb('payment').$type<Record<string, unknown>>().notNull().default({}),
  consents: jsonb('consents').$type<Record<string, unknown>>().notNull().default({}),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The driver's licence scan (PUT /api/drivers/{uuid}/licence), kept in the database so every server
 * behind a balancer has it and nothing is lost on a restart. One per driver; a new upload replaces it.
 */
export const driverLicenceFiles = pgTable(
  'driver_licence_files',
  {
    driverId: integer('driver_id')
      .primaryKey()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytes('content').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('driver_licence_files_size_check', sql`${t.size} = octet_length(${t.content})`)],
);

/**
 * A user's dispatch profile (spec 2 §3 'Dispatch setup'): the role in dispatch (DRIVER or
 * DISPATCHER; null until the editor saves one) and the rooms worked. A DRIVER's number and vehicle
 * live on its driver row (drivers.user_id).
 */
export const dispatchProfiles = pgTable(
  'dispatch_profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role'),
    rooms: jsonb('rooms').$type<string[]>().notNull().default([]),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('dispatch_profiles_role_check', sql`${t.role} is null or ${t.role} in ('DRIVER', 'DISPATCHER')`)],
);
