import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { numericNumber } from '../columns.ts';
import { users } from './auth.ts';

/**
 * Reference data several areas share (companies, bookings, pricing, drivers), defined once here so
 * each area's tables can point at it.
 */

/** Addresses (spec 1 §3 Place). `placeId` is the public id the API and the address search use. */
export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    placeId: text('place_id').notNull().unique(),
    name: text('name').notNull(),
    addressLineOne: text('address_line_one').notNull().default(''),
    addressLineTwo: text('address_line_two').notNull().default(''),
    city: text('city').notNull().default(''),
    county: text('county').notNull().default(''),
    /** Eircode in Ireland, postcode elsewhere. */
    postCode: text('post_code').notNull().default(''),
    countryCode: text('country_code').notNull().default('IE'),
    country: text('country').notNull().default('IRELAND, REPUBLIC OF'),
    latitude: numericNumber('latitude', { precision: 9, scale: 6 }),
    longitude: numericNumber('longitude', { precision: 9, scale: 6 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One text to search: name, address and eircode (with and without its space), trigram-indexed.
    index('places_search_trgm_idx').using(
      'gin',
      sql`lower(${t.name} || ' ' || ${t.addressLineOne} || ' ' || ${t.addressLineTwo} || ' ' || ${t.city} || ' ' || ${t.county} || ' ' || ${t.postCode} || ' ' || replace(${t.postCode}, ' ', '')) gin_trgm_ops`,
    ),
  ],
);

/** Tariff codes (spec 2 §3): the service codes tariffs are grouped by (DOM, INT, ...). */
export const tariffCodes = pgTable('tariff_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

/** Carriers for overnight and international work (spec 2 §3); ids 1 and 2 feed the carrier increase. */
export const carriers = pgTable('carriers', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

/**
 * Bookable services (spec 1 §7 'GET all services': id, name, type, service, serviceCode): a vehicle
 * type with a service level, e.g. 'Cargo Bike Priority' = CARGO_BIKE + PRIORITY.
 */
export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Vehicle type: PUSH_BIKE, CARGO_BIKE, CARGO_BIKE_MAX, BIKE, TOP_BOX_BIKE, CAR, VAN. */
  type: text('type').notNull(),
  /** Service level: STANDARD, PRIORITY, ECONOMY, OVERNIGHT, INTERNATIONAL. */
  service: text('service').notNull(),
  serviceCode: text('service_code').notNull().unique(),
  active: boolean('active').notNull().default(true),
});

/**
 * Drivers (spec 2 §3 Driver), the register dispatchers and accounts keep (issue 13). Their pay
 * settings and equipment are in drivers.ts.
 */
export const drivers = pgTable(
  'drivers',
  {
    id: serial('id').primaryKey(),
    /** The public id the profile and licence calls name (spec 2 §7 /drivers/{uuid}/profile). */
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    driverNumber: integer('driver_number').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    /** bike, top box bike, push bike, cargo bike, cargo bike max, van, car (treated as van): domain drivers/enums.ts. */
    vehicle: text('vehicle').notNull(),
    /** Registration plate of a vehicle with an engine; '' while the driver has not given it. */
    vehicleRegistration: text('vehicle_registration').notNull().default(''),
    /** Dispatch rooms the driver works in, by name (dispatch_rooms). */
    rooms: jsonb('rooms').$type<string[]>().notNull().default([]),
    online: boolean('online').notNull().default(false),
    lastOnline: timestamp('last_online', { withTimezone: true }),
    blocked: boolean('blocked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('drivers_last_online_idx').on(t.lastOnline),
    // GET /api/driver/{email} finds one driver by e-mail, whatever its case.
    uniqueIndex('drivers_email_lower_unique').on(sql`lower(${t.email})`),
  ],
);
