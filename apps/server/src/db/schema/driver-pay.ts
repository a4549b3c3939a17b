import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { numericNumber, numericZero } from '../columns.ts';
import { users } from './auth.ts';
import { drivers } from './catalogue.ts';

// The driver-pay area's tables (issue 13, spec 2 §3 'Pay period' and 'Adjustment', §4, §9).

const money = (name: string) => numericNumber(name, { precision: 12, scale: 2 });

/**
 * A driver's pay for one week, Monday to Sunday in Europe/Dublin (spec 2 §9). The inputs accounts
 * edit (days, fuel percent, manual boost, component overrides) are kept beside the money the domain
 * function `computePayPeriod` works out from them, so a locked period keeps what was paid.
 */
export const payPeriods = pgTable(
  'pay_periods',
  {
    id: serial('id').primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'restrict' }),
    /** The Monday the week starts on. */
    startDay: date('start_day').notNull(),
    /** The Sunday it ends on. */
    endDay: date('end_day').notNull(),
    /** ACTIVE, IN_REVIEW, PENDING_PAYMENT, PAID (spec 2 §4). */
    status: text('status', { enum: ['ACTIVE', 'IN_REVIEW', 'PENDING_PAYMENT', 'PAID'] })
      .notNull()
      .default('ACTIVE'),
    daysWorked: integer('days_worked').notNull().default(0),
    daysBookedOff: integer('days_booked_off').notNull().default(0),
    daysMissed: integer('days_missed').notNull().default(0),
    /** The fuel surcharge percent accounts typed; null: the vehicle's default (spec 2 §9). */
    fuelPercent: numericNumber('fuel_percent', { precision: 5, scale: 2 }),
    /** A boost accounts typed, replacing the automatic 'Min Pay Boost'; null: automatic. */
    manualBoost: money('manual_boost'),
    /** Amounts accounts typed over the computed ones; null: computed. */
    fuelSurchargeOverride: money('fuel_surcharge_override'),
    attendanceBonusOverride: money('attendance_bonus_override'),
    cargoBonusOverride: money('cargo_bonus_override'),
    helmetBonusOverride: money('helmet_bonus_override'),
    backBoxBonusOverride: money('back_box_bonus_override'),
    /** Computed by the domain's computePayPeriod. */
    basePay: money('base_pay').notNull().default(numericZero),
    fuelSurcharge: money('fuel_surcharge').notNull().default(numericZero),
    attendanceBonus: money('attendance_bonus').notNull().default(numericZero),
    cargoBonus: money('cargo_bonus').notNull().default(numericZero),
    helmetBonus: money('helmet_bonus').notNull().default(numericZero),
    backBoxBonus: money('back_box_bonus').notNull().default(numericZero),
    /** Rounded to the cent and floored at 0 (spec 2 §5, §9). */
    total: money('total').notNull().default(numericZero),
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('pay_periods_driver_start_unique').on(t.driverId, t.startDay),
    index('pay_periods_start_idx').on(t.startDay),
    index('pay_periods_status_end_idx').on(t.status, t.endDay),
    check('pay_periods_week_check', sql`extract(isodow from ${t.startDay}) = 1 and ${t.endDay} = ${t.startDay} + 6`),
    check('pay_periods_status_check', sql`${t.status} in ('ACTIVE', 'IN_REVIEW', 'PENDING_PAYMENT', 'PAID')`),
    check(
      'pay_periods_days_check',
      sql`${t.daysWorked} between 0 and 7 and ${t.daysBookedOff} between 0 and 7 and ${t.daysMissed} between 0 and 7`,
    ),
    check('pay_periods_total_check', sql`${t.total} >= 0`),
  ],
);

/**
 * An adjustment of a pay period (spec 2 §3 'Adjustment'). Manual ones are typed by accounts; the
 * automatic ones ('Min Pay Boost', cargo and equipment rental) are written by computePayPeriod and
 * replaced whenever the period is recomputed. The amount is positive; isDeduction gives its sign.
 */
export const payAdjustments = pgTable(
  'pay_adjustments',
  {
    id: serial('id').primaryKey(),
    payPeriodId: integer('pay_period_id')
      .notNull()
      .references(() => payPeriods.id, { onDelete: 'cascade' }),
    /** The adjustment types of domain driver-pay/formulas.ts (spec 2 §3). */
    type: text('type', {
      enum: ['MANUAL_ADDITION', 'MANUAL_DEDUCTION', 'AUTO_BOOST', 'CARGO_RENTAL', 'EQUIPMENT_RENTAL'],
    }).notNull(),
    description: text('description').notNull(),
    amount: money('amount').notNull(),
    isDeduction: boolean('is_deduction').notNull(),
    automatic: boolean('automatic').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pay_adjustments_period_idx').on(t.payPeriodId),
    check('pay_adjustments_amount_check', sql`${t.amount} > 0`),
    check(
      'pay_adjustments_type_check',
      sql`${t.type} in ('MANUAL_ADDITION', 'MANUAL_DEDUCTION', 'AUTO_BOOST', 'CARGO_RENTAL', 'EQUIPMENT_RENTAL')`,
    ),
  ],
);
