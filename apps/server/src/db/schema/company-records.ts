import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { numericNumber } from '../columns.ts';
import type { ScheduleEntry } from '@courier/domain/companies/set-call-schedule';
import type { SetCallPricing } from '@courier/domain/companies/set-calls';
import { users } from './auth.ts';
import { services } from './catalogue.ts';
import { companies } from './companies.ts';

/** Company references (spec 1 §3): what a booking of the company must or may carry. */
export const companyReferences = pgTable(
  'company_references',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    header: text('header', { enum: ['Reference', 'CostCentre', 'CompanyCode', 'Phone', 'Custom'] }).notNull(),
    /** Allowed options; empty means free text. */
    values: jsonb('values').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    showConfig: boolean('show_config').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_references_company_idx').on(t.companyId)],
);

/** Set calls: recurring bookings of a company (spec 1 §3). Places are referred to by their public placeId. */
export const setCalls = pgTable(
  'set_calls',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(false),
    pushHolidays: boolean('push_holidays').notNull().default(false),
    return: boolean('return').notNull().default(false),
    emailConfirmation: boolean('email_confirmation').notNull().default(false),
    collectionName: text('collection_name').notNull().default(''),
    collectionPhone: text('collection_phone').notNull().default(''),
    deliveryName: text('delivery_name').notNull().default(''),
    deliveryPhone: text('delivery_phone').notNull().default(''),
    reference: text('reference').notNull().default(''),
    quantumRef: text('quantum_ref').notNull().default(''),
    notes: text('notes').notNull().default(''),
    pricing: jsonb('pricing').$type<SetCallPricing>().notNull().default({}),
    driver: integer('driver'),
    isDocuments: boolean('is_documents').notNull().default(false),
    weightOfPackages: numericNumber('weight_of_packages', { precision: 10, scale: 2 }),
    numberOfPackages: integer('number_of_packages'),
    goodsDescription: text('goods_description').notNull().default(''),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    collectionPlaceId: text('collection_place_id'),
    deliveryPlaceId: text('delivery_place_id'),
    schedule: jsonb('schedule').$type<ScheduleEntry[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('set_calls_company_idx').on(t.companyId),
    index('set_calls_active_idx')
      .on(t.active)
      .where(sql`${t.active}`),
  ],
);

/** Address book entries (spec 1 §3): a company's, or public when companyId is null. */
export const addressBookEntries = pgTable(
  'address_book_entries',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** The search name the dropdown shows. */
    entryName: text('entry_name').notNull(),
    name: text('name').notNull(),
    addressLineOne: text('address_line_one').notNull(),
    addressLineTwo: text('address_line_two').notNull().default(''),
    city: text('city').notNull(),
    county: text('county').notNull(),
    postCode: text('post_code').notNull(),
    country: text('country').notNull(),
    countryCode: text('country_code').notNull(),
    latitude: numericNumber('latitude', { precision: 9, scale: 6 }).notNull(),
    longitude: numericNumber('longitude', { precision: 9, scale: 6 }).notNull(),
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('address_book_entries_company_idx').on(t.companyId)],
);

/** Customer reviews of a delivery (spec 1 §3 'Review'); scores 1 to 5. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    approved: boolean('approved').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    total: numericNumber('total', { precision: 3, scale: 1 }).notNull(),
    speed: integer('speed').notNull(),
    driver: integer('driver').notNull(),
    value: integer('value').notNull(),
    feedback: text('feedback').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reviews_created_idx').on(t.createdAt)],
);
