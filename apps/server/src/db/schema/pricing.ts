import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PriceLevel } from '@courier/domain/pricing/tariff-engine';
import { carriers, tariffCodes } from './catalogue.ts';

/** Pricing zones (spec 2 §3 Zone): tariffs price a zone; countries and polygon say where it is. */
export const zones = pgTable('zones', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** ISO 3166 codes (IE, GB, GB-NIR, ...). */
  countries: jsonb('countries').$type<string[]>().notNull().default([]),
  /**
   * The zone's outlines for the zones map, as GeoJSON-style rings of [longitude, latitude]: one ring per
   * area (an island is a ring of its own); null when the zone is only a country list.
   */
  polygon: jsonb('polygon').$type<[number, number][][]>(),
  colour: text('colour').notNull().default('#1c7ed6'),
});

/**
 * Tariffs (spec 2 §3): the base tariff of a code has no account; a special tariff names a company
 * account code; a carrier tariff (what a carrier charges us) has a carrierId. `pricing` holds the
 * price levels, validated by the server (upTo ascending, every number ≥ 0) before every write.
 */
export const tariffs = pgTable(
  'tariffs',
  {
    id: serial('id').primaryKey(),
    account: text('account'),
    service: text('service').notNull().default('DOM'),
    zone: text('zone')
      .notNull()
      .default('IRELAND')
      .references(() => zones.name, { onUpdate: 'cascade' }),
    description: text('description').notNull().default(''),
    pricing: jsonb('pricing').$type<PriceLevel[]>().notNull(),
    tariffCodeId: integer('tariff_code_id')
      .notNull()
      .references(() => tariffCodes.id),
    carrierId: integer('carrier_id').references(() => carriers.id),
    /** Set by a price or carrier increase; the next increase skips the tariff unless reset (spec 2 §7). */
    priceIncreaseRan: boolean('price_increase_ran').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One tariff per account (or base), code, carrier (or none), service and zone.
    uniqueIndex('tariffs_identity_unique').on(
      sql`coalesce(${t.account}, '')`,
      t.tariffCodeId,
      sql`coalesce(${t.carrierId}, 0)`,
      t.service,
      t.zone,
    ),
    index('tariffs_account_idx').on(t.account),
    index('tariffs_carrier_idx').on(t.carrierId, t.service),
  ],
);
