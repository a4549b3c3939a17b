import { z } from 'zod';
import { bodyId, paramId } from '../common/input.ts';
import { isoDateTime } from '../common/api.ts';
import { typedDecimal } from '../common/input-checks.ts';
import { formatEuro } from '../common/money.ts';
import { hasAtMostDecimals } from '../common/typed-number.ts';
import { TARIFF_SERVICE_CODES, type TariffServiceCode } from '../bookings/enums.ts';
import { MAX_EURO, MAX_KG, MAX_PRICE_LEVELS } from './limits.ts';

// Tariff service codes are spec 2 §3 enumerations, written once with the others; the pricing screens take them from here.
export { TARIFF_SERVICE_CODES, type TariffServiceCode };

/** Defaults of a new tariff (spec 2 §3). */
export const DEFAULT_TARIFF_SERVICE: TariffServiceCode = 'DOM';
export const DEFAULT_TARIFF_ZONE = 'IRELAND';
/** Carriers offered by the carrier increase (spec 2 §3: ids 1 and 2 feed its dropdown). */
export const CARRIER_INCREASE_CARRIER_IDS = [1, 2] as const;

export const tariffCodeSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type TariffCode = z.infer<typeof tariffCodeSchema>;
export const tariffCodeListSchema = z.array(tariffCodeSchema);

export const carrierSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type Carrier = z.infer<typeof carrierSchema>;
export const carrierListSchema = z.array(carrierSchema);

export const zoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO 3166 codes (IE, GB, GB-NIR, ...). */
  countries: z.array(z.string()),
});
export type Zone = z.infer<typeof zoneSchema>;

/** A point of a zone's outline. */
export const geoPointSchema = z.object({ latitude: z.number(), longitude: z.number() });
/**
 * Where a zone is on the map (spec 2 §3 'Tariff query result: ... zones, geoCodeData'): its outlines,
 * one ring of points per area (an island is a ring of its own); none for a zone that is only a
 * country list. The map colours it from a hash of the name (zones-map.ts).
 */
export const zoneGeoCodeSchema = z.object({
  zone: z.string(),
  outlines: z.array(z.array(geoPointSchema)),
});
export type ZoneGeoCode = z.infer<typeof zoneGeoCodeSchema>;

/** A weight input in kg (0 to 99,999, at most 3 decimals), its messages naming `label`. */
export const kg = (label: string) =>
  z
    .number({ error: `${label} must be a number of kg.` })
    .min(0, `${label} must be 0 or more.`)
    .max(MAX_KG, `${label} must be at most ${MAX_KG} kg.`)
    .refine((value) => hasAtMostDecimals(value, 3), `${label} has at most 3 decimal places (grams).`);
/** An amount input in euro (0 to 999,999, whole cents), its messages naming `label`. */
export const euro = (label: string) =>
  z
    .number({ error: `${label} must be an amount in euro.` })
    .min(0, `${label} must be 0 or more.`)
    .max(MAX_EURO, `${label} must be at most ${formatEuro(MAX_EURO)}.`)
    .refine((value) => hasAtMostDecimals(value, 2), `${label} has at most 2 decimal places (cents).`);

export type TypedEuro = { ok: true; amount: number } | { ok: false; message: string };

/**
 * What a euro field holds, read as the API's `euro(label)` reads it: the input gives a number once its
 * text is one, and the text until then ('12.', ''). So '-5' or '2.345' is refused at the field in the
 * server's words, never turned into 5 or 2.34 behind the user's back; empty is no amount (not 0).
 */
export function readTypedEuro(typed: string | number, label: string): TypedEuro {
  const amount = typeof typed === 'number' ? typed : typedDecimal(typed);
  if (amount === undefined || !Number.isFinite(amount))
    return { ok: false, message: `${label}: enter an amount in euro, such as 12.50.` };
  const checked = euro(label).safeParse(amount);
  if (checked.success) return { ok: true, amount: checked.data };
  return { ok: false, message: checked.error.issues[0]?.message ?? `${label} must be an amount in euro.` };
}

export const priceLevelSchema = z.object({
  upTo: kg('Up to'),
  basic: euro('Basic'),
  basicPer: kg('Basic per'),
  then: euro('Then'),
  thenPer: kg('Then per'),
});

/** A tariff's price levels (spec 2 §3): at least one, each `upTo` above the one before. */
export const pricingSchema = z
  .array(priceLevelSchema)
  .min(1, 'A tariff needs at least one price level.')
  .max(MAX_PRICE_LEVELS, `A tariff has at most ${MAX_PRICE_LEVELS} price levels.`)
  .superRefine((levels, context) => {
    levels.forEach((level, index) => {
      const previous = levels[index - 1];
      if (previous && level.upTo <= previous.upTo) {
        context.addIssue({
          code: 'custom',
          path: [index, 'upTo'],
          message: `Level ${index + 1}: 'up to' must be more than ${previous.upTo} kg, the level above it (levels go up in weight).`,
        });
      }
    });
  });
export type Pricing = z.infer<typeof pricingSchema>;

/** Account codes as companies hold them: letters, digits, '-' and '_'. */
const ACCOUNT_CODE = /^[A-Z0-9_-]{1,20}$/;
export function isAccountCode(text: string): boolean {
  return ACCOUNT_CODE.test(text);
}

export const tariffSchema = z.object({
  id: z.number().int(),
  /** The company account code of a special tariff; null for the base tariff of a code. */
  account: z.string().nullable(),
  service: z.string(),
  zone: z.string(),
  description: z.string(),
  pricing: z.array(priceLevelSchema),
  tariffCode: z.number().int(),
  carrierId: z.number().int().nullable(),
  priceIncreaseRan: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Tariff = z.infer<typeof tariffSchema>;

const optionalId = (name: string) =>
  z.preprocess((value) => (value === '' ? undefined : value), paramId(name).optional());
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().max(60).optional(),
);

/** GET /api/pricing/tariffs (spec 2 §7): each filter narrows; see the route's description. */
export const tariffListQuerySchema = z.object({
  tariffCodeId: optionalId('tariffCodeId'),
  carrierId: optionalId('carrierId'),
  account: optionalText.transform((value) => value?.toUpperCase()),
  zone: optionalText,
});
export type TariffListQuery = z.infer<typeof tariffListQuerySchema>;

export const tariffListResponseSchema = z.object({
  tariffs: z.array(tariffSchema),
  carrier: carrierSchema.nullable(),
  tariffCode: tariffCodeSchema.nullable(),
  zones: z.array(zoneSchema),
  /** Every zone's outlines, for the zones map. */
  geoCodeData: z.array(zoneGeoCodeSchema),
});
export type TariffListResponse = z.infer<typeof tariffListResponseSchema>;

/** POST /api/pricing/tariffs (spec 2 §7): creates when id is absent, else updates that tariff. */
export const saveTariffBodySchema = z.object({
  id: bodyId('id').optional(),
  account: z
    .string()
    .trim()
    .toUpperCase()
    .max(20, 'An account code has at most 20 characters.')
    .nullish()
    .transform((value) => value || null),
  service: z
    .enum(TARIFF_SERVICE_CODES, { error: `The service must be one of ${TARIFF_SERVICE_CODES.join(', ')}.` })
    .default(DEFAULT_TARIFF_SERVICE),
  zone: z.string().trim().min(1, 'Choose a zone.').max(60).default(DEFAULT_TARIFF_ZONE),
  description: z.string().trim().max(200, 'The description has at most 200 characters.').default(''),
  pricing: pricingSchema,
  tariffCode: bodyId('tariffCode', { type: 'Choose a tariff code.', min: 'Choose a tariff code.' }),
  carrierId: bodyId('carrierId')
    .nullish()
    .transform((value) => value ?? null),
});
export type SaveTariffBody = z.input<typeof saveTariffBodySchema>;

/** Comma-separated codes as the increase forms take them: trimmed, upper case, no blanks, no repeats. */
export function parseCodeList(text: string | undefined): string[] {
  const codes = (text ?? '')
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  return [...new Set(codes)];
}

const accountList = z.string().max(10_000, 'An account list has at most 10,000 characters.').default('');
const percentIncrease = z
  .number({ error: 'Enter the increase as a percentage.' })
  .gt(0, 'The increase must be more than 0 %.')
  .max(100, 'The increase must be at most 100 %.')
  .refine((value) => hasAtMostDecimals(value, 2), 'The increase has at most 2 decimal places.');
const sharedSecret = z
  .string({ error: 'Enter the authorisation code.' })
  .min(1, 'Enter the authorisation code.')
  .max(200);
// The spec's field name, typo included (spec 2 §7): clients send it so.
const resetIncreaeRanStatus = z.boolean().default(false);

/** POST /api/pricing/price-increase (spec 2 §7 'Price increase'). */
export const priceIncreaseBodySchema = z.object({
  lowTurnoverAccounts: accountList,
  includeAccounts: accountList,
  excludeAccounts: accountList,
  excludeSetCallAccounts: accountList,
  resetIncreaeRanStatus,
  sharedSecret,
  percentIncrease,
});
export type PriceIncreaseBody = z.input<typeof priceIncreaseBodySchema>;

/** POST /api/pricing/carrier-increase (spec 2 §7 'Carrier increase'). */
export const carrierIncreaseBodySchema = z.object({
  serviceCodes: z
    .string({ error: 'Enter at least one service code.' })
    .trim()
    .min(1, 'Enter at least one service code.')
    .max(500),
  carrierId: bodyId('carrierId', { type: 'Choose a carrier.', min: 'Choose a carrier.' }),
  resetIncreaeRanStatus,
  sharedSecret,
  percentIncrease,
});
export type CarrierIncreaseBody = z.input<typeof carrierIncreaseBodySchema>;

export const INCREASE_KINDS = ['price-increase', 'carrier-increase'] as const;
export type IncreaseKind = (typeof INCREASE_KINDS)[number];
export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/** A price or carrier increase run: its progress, and where its log downloads from. */
export const increaseRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(INCREASE_KINDS),
  status: z.enum(JOB_STATUSES),
  /** Tariffs the run will increase (in scope, not yet increased). */
  total: z.number().int(),
  /** Tariffs looked at so far. */
  done: z.number().int(),
  /** Tariffs that could not be increased; the log says why. */
  errors: z.number().int(),
  percentIncrease: z.number(),
  createdAt: isoDateTime,
  startedAt: isoDateTime.nullable(),
  finishedAt: isoDateTime.nullable(),
  /** What stopped a failed run. */
  failure: z.string().nullable(),
  logUrl: z.object({ logs: z.string() }),
});
export type IncreaseRun = z.infer<typeof increaseRunSchema>;
