import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { numericNumber, numericZero } from '../columns.ts';
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
