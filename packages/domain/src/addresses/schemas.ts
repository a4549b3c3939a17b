import { z } from 'zod';
import { bodyId } from '../common/input.ts';
import { countryByCode } from '../common/countries.ts';

// Places and the address book (spec 1 §3 'Place', 'Address search result', 'Address book entry'; §5; §7).

export const placeSchema = z.object({
  placeId: z.string(),
  id: z.number().int(),
  name: z.string(),
  postCode: z.string(),
  eircode: z.string(),
  addressLineOne: z.string(),
  addressLineTwo: z.string(),
  city: z.string(),
  county: z.string(),
  countryCode: z.string(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Place = z.infer<typeof placeSchema>;

export const PLACE_SEARCH_MIN_LENGTH = 3;

export const placeSearchQuerySchema = z.object({
  query: z.string().trim().max(200).default(''),
  latitude: z.coerce.number().min(-90).max(90).optional(),
  longitude: z.coerce.number().min(-180).max(180).optional(),
  /** Metres around latitude/longitude. */
  radius: z.coerce.number().min(1).max(1_000_000).optional(),
  filterPlaceId: z.string().max(64).optional(),
  countryCode: z.string().max(2).optional(),
  sessiontoken: z.string().max(200).optional(),
  searchEircodeDatabase: z.enum(['true', 'false']).optional(),
});

export const placeSearchResultSchema = z.array(
  z.object({ placeId: z.string(), name: z.string(), eircode: z.string(), address: z.string() }),
);
export type PlaceSearchResult = z.infer<typeof placeSearchResultSchema>;

export const existingPlaceSearchSchema = z.array(
  z.object({ id: z.number().int(), name: z.string(), description: z.string() }),
);

/** POST /api/place/create: a custom address. Country first; its name is derived from the code (spec 1 §5). */
export const placeCreateBodySchema = z.object({
  address: z.object({
    name: z
      .string()
      .trim()
      .min(1, 'Please enter a name for the address.')
      .max(255, 'The name can be at most 255 characters.'),
    addressLineOne: z
      .string()
      .trim()
      .min(1, 'Please enter the first address line.')
      .max(255, 'An address line can be at most 255 characters.'),
    addressLineTwo: z.string().trim().max(255, 'An address line can be at most 255 characters.').default(''),
    city: z.string().trim().min(1, 'Please enter the city.').max(255, 'The city can be at most 255 characters.'),
    county: z.string().trim().max(255, 'The county can be at most 255 characters.').default(''),
    postCode: z.string().trim().max(20, 'The postcode can be at most 20 characters.').default(''),
    countryCode: z.string().refine((code) => countryByCode(code) !== undefined, 'Please choose a country first.'),
    country: z.string().max(255).optional(),
    latitude: z.number().min(-90).max(90).nullable().optional(),
    longitude: z.number().min(-180).max(180).nullable().optional(),
  }),
});
export type PlaceCreateBody = z.input<typeof placeCreateBodySchema>;

export const addressBookEntrySchema = z.object({
  entryId: z.number().int(),
  name: z.string(),
  address: z.object({
    name: z.string(),
    addressLineOne: z.string(),
    addressLineTwo: z.string(),
    city: z.string(),
    county: z.string(),
    postCode: z.string(),
    country: z.string(),
    countryCode: z.string(),
  }),
  latitude: z.number(),
  longitude: z.number(),
  contactName: z.string(),
  contactPhone: z.string(),
  notes: z.string(),
  companyId: z.number().int().nullable(),
});
export type AddressBookEntry = z.infer<typeof addressBookEntrySchema>;

const required = (message: string, max: number) =>
  z.string().trim().min(1, message).max(max, `At most ${max} characters.`);
const coordinate = (label: string, limit: number) =>
  z
    .number(`The ${label} must be a number.`)
    .min(-limit, `The ${label} must be between -${limit} and ${limit}.`)
    .max(limit, `The ${label} must be between -${limit} and ${limit}.`)
    .refine((value) => value !== 0, `The ${label} must be a number other than 0.`);

/**
 * The country name is the one of the code (spec 1 §5: both are derived from the country chosen), in
 * any case: an entry never says IE and FRANCE at once.
 */
function countryMatchesCode(body: { country: string; countryCode: string }, context: z.RefinementCtx): void {
  const country = countryByCode(body.countryCode);
  if (!country || body.country.trim() === '' || body.country.trim().toUpperCase() === country.Name) return;
  context.addIssue({
    code: 'custom',
    path: ['country'],
    message: `The country of code ${country.Code} is ${country.Name}; choose the country from the list.`,
  });
}

const addressBookEntryFields = z.object({
  company: bodyId('company').nullable(),
  name: required('Please enter the address name.', 255),
  addressOne: required('Please enter address line one.', 255),
  addressTwo: z.string().trim().max(255, 'At most 255 characters.').default(''),
  city: required('Please enter the city.', 255),
  county: required('Please enter the county.', 255),
  postcode: required('Please enter the postcode.', 20),
  country: required('Please enter the country.', 255),
  countryCode: z.string().refine((code) => countryByCode(code) !== undefined, 'Please choose a country from the list.'),
  latitude: coordinate('latitude', 90),
  longitude: coordinate('longitude', 180),
  contactName: z.string().trim().max(100, 'At most 100 characters.').default(''),
  contactPhone: z.string().trim().max(50, 'At most 50 characters.').default(''),
  notes: z.string().trim().max(1000, 'At most 1000 characters.').default(''),
  entryName: required('Please enter the search name.', 255),
  isPublic: z.boolean(),
});
/** Save payload of spec 1 §3; the required fields are those of spec 1 §5 'Address book entry'. */
export const addressBookEntryBodySchema = addressBookEntryFields.superRefine(countryMatchesCode);
export type AddressBookEntryBody = z.input<typeof addressBookEntryBodySchema>;
export const addressBookEntryUpdateSchema = addressBookEntryFields
  .extend({ entryId: bodyId('entryId') })
  .superRefine(countryMatchesCode);

export const entryCreatedSchema = z.object({ entryId: z.number().int() });

export const ADDRESS_MESSAGES = {
  created: 'Addressbook Entry Created succesfully.',
  updated: 'Addressbook Entry Updated succesfully.',
  saveFailed: (verb: 'update' | 'create') =>
    `Something went wrong. Unable ${verb} addressbook entry, Please try again.`,
  deletedTitle: 'Addressbook deletion',
  deleted: 'Address entry deleted.',
  deleteFailed: 'Something went wrong. Unable delete the addressbook entry, Please try again.',
} as const;

/** Save is offered only when these are set and the coordinates are numbers other than 0 (spec 1 §5). */
export function canSaveAddressBookEntry(entry: {
  countryCode: string;
  country: string;
  addressOne: string;
  county: string;
  city: string;
  name: string;
  postcode: string;
  entryName: string;
  latitude: number | string | null;
  longitude: number | string | null;
}): boolean {
  const texts = [
    entry.countryCode,
    entry.country,
    entry.addressOne,
    entry.county,
    entry.city,
    entry.name,
    entry.postcode,
    entry.entryName,
  ];
  if (texts.some((value) => !value.trim())) return false;
  return [entry.latitude, entry.longitude].every(
    (value) => typeof value === 'number' && Number.isFinite(value) && value !== 0,
  );
}

/** 'Line one, line two, city, county, postcode' without blanks. */
export function formatAddress(address: {
  addressLineOne: string;
  addressLineTwo?: string;
  city: string;
  county: string;
  postCode: string;
}): string {
  return [address.addressLineOne, address.addressLineTwo, address.city, address.county, address.postCode]
    .filter((part) => part && part.trim())
    .join(', ');
}
