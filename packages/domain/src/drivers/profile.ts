// The driver profile of spec 2 §2 and §3 'Driver profile' (issue 13): eight sections, personal,
// contact, rightToWork, licence, vehicle, emergency, payment, consents. The spec names the sections
// but not their fields; ours are below. The licence scan itself travels apart, as a file
// (PUT /api/drivers/{uuid}/licence); the profile answers what is stored of it.
import { z } from 'zod';
import { isoDateTime } from '../common/api.ts';
import { INVALID_PHONE_MESSAGE, isValidPhone } from './rules.ts';
import { dublinToday } from '../common/calendar-days.ts';
import { isInputDay } from '../common/input-checks.ts';

export const DRIVER_PROFILE_SECTIONS = [
  'personal',
  'contact',
  'rightToWork',
  'licence',
  'vehicle',
  'emergency',
  'payment',
  'consents',
] as const;
export type DriverProfileSection = (typeof DRIVER_PROFILE_SECTIONS)[number];

/** Sections only accounts read and write: "Pay info and settings there show only to accounts" (spec 2 §2, §6). */
export const ACCOUNTS_ONLY_PROFILE_SECTIONS: readonly DriverProfileSection[] = ['payment'];

export const INVALID_PROFILE_DAY_MESSAGE = 'Enter a date (yyyy-MM-dd) from 1900 to 2999.';
export const INVALID_IBAN_MESSAGE = 'Enter a valid IBAN.';
export const INVALID_BIC_MESSAGE = 'Enter a valid BIC (8 or 11 letters and digits).';
export const INVALID_EIRCODE_MESSAGE = 'Enter a valid Eircode, e.g. D02 X285.';

/** Free text of a section, trimmed (spec 2 §3: "other licence text trimmed"); '' when not given. */
const text = (label: string, max = 100) =>
  z.string(`${label} must be text.`).max(max, `${label} must be at most ${max} characters.`).trim().default('');

/** A yyyy-MM-dd day or null while not given; '' is taken as not given. */
const day = () =>
  z
    .string(INVALID_PROFILE_DAY_MESSAGE)
    .trim()
    .refine((value) => value === '' || isInputDay(value), INVALID_PROFILE_DAY_MESSAGE)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null);

const flag = (label: string) => z.boolean(`${label} must be true or false.`).default(false);

const phone = (label: string) =>
  text(label, 40).refine((value) => value === '' || isValidPhone(value), INVALID_PHONE_MESSAGE);

/** The remainder of an IBAN's rearranged text (letters as 10 to 35) divided by 97 (ISO 13616). */
function ibanRemainder(rearranged: string): number {
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/**
 * An IBAN: 15 to 34 letters and digits (spaces ignored) whose ISO 13616 check digits hold (mod 97).
 * Catches a mistyped account before a driver's pay is sent to it.
 */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  return ibanRemainder(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** The IBAN of a country's account number (BBAN), with its check digits worked out (demo data, tests). */
export function ibanOf(country: string, bban: string): string {
  const check = 98 - ibanRemainder(`${bban}${country}00`);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** An Irish Eircode: a routing key (letter, two digits, or D6W) and a four-character unique identifier. */
export function isValidEircode(value: string): boolean {
  return /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W)\s?[0-9AC-FHKNPRTV-Y]{4}$/i.test(value.trim());
}

/** A date of birth is a day before today (Europe/Dublin): 01/01/2150 was saved. */
export const DATE_OF_BIRTH_NOT_PAST_MESSAGE = 'The date of birth must be a day before today.';

export const personalSectionSchema = z.strictObject({
  dateOfBirth: day().refine((value) => value === null || value < dublinToday(), DATE_OF_BIRTH_NOT_PAST_MESSAGE),
  nationality: text('Nationality'),
  /** Irish Personal Public Service number, for the office's records. */
  ppsNumber: text('PPS number', 20).transform((value) => value.toUpperCase()),
});

export const contactSectionSchema = z.strictObject({
  addressLineOne: text('Address line one', 200),
  addressLineTwo: text('Address line two', 200),
  city: text('City'),
  county: text('County'),
  eircode: text('Eircode', 10)
    .refine((value) => value === '' || isValidEircode(value), INVALID_EIRCODE_MESSAGE)
    .transform((value) => value.toUpperCase()),
  /** A second number; the driver's main phone and e-mail are on the driver (PUT /api/drivers/update). */
  alternativePhone: phone('Alternative phone'),
});

export const rightToWorkSectionSchema = z.strictObject({
  /** e.g. 'Irish citizen', 'EU citizen', 'Stamp 4'. */
  status: text('Right to work status'),
  documentNumber: text('Document number', 50),
  expiryDate: day(),
  verified: flag('verified'),
});

export const licenceSectionSchema = z.strictObject({
  /** Defaults to false (spec 2 §3). */
  hasLicence: flag('hasLicence'),
  licenceNumber: text('Licence number', 50),
  /** Categories held, e.g. 'AM, A, B'. */
  categories: text('Licence categories', 50),
  issuingCountry: text('Issuing country'),
  expiryDate: day(),
});

export const vehicleSectionSchema = z.strictObject({
  make: text('Make'),
  model: text('Model'),
  colour: text('Colour', 50),
  ownVehicle: flag('ownVehicle'),
  insurer: text('Insurer'),
  insurancePolicyNumber: text('Insurance policy number', 50),
  insuranceExpiryDate: day(),
});

export const emergencySectionSchema = z.strictObject({
  contactName: text('Emergency contact name'),
  relationship: text('Relationship', 50),
  phone: phone('Emergency contact phone'),
});

/** The driver's bank account (accounts only). */
export const paymentSectionSchema = z.strictObject({
  accountName: text('Account name'),
  iban: text('IBAN', 50)
    .refine((value) => value === '' || isValidIban(value), INVALID_IBAN_MESSAGE)
    .transform((value) => value.replace(/\s+/g, '').toUpperCase()),
  bic: text('BIC', 20)
    .refine((value) => value === '' || /^[A-Z0-9]{8}(?:[A-Z0-9]{3})?$/i.test(value), INVALID_BIC_MESSAGE)
    .transform((value) => value.toUpperCase()),
});

export const consentsSectionSchema = z.strictObject({
  dataProcessing: flag('dataProcessing'),
  backgroundCheck: flag('backgroundCheck'),
  marketing: flag('marketing'),
  /** The day the driver signed the consents, null while not signed. */
  signedOn: day(),
});

export const driverProfileSectionSchemas = {
  personal: personalSectionSchema,
  contact: contactSectionSchema,
  rightToWork: rightToWorkSectionSchema,
  licence: licenceSectionSchema,
  vehicle: vehicleSectionSchema,
  emergency: emergencySectionSchema,
  payment: paymentSectionSchema,
  consents: consentsSectionSchema,
} as const satisfies Record<DriverProfileSection, z.ZodType>;

export type DriverProfileSections = {
  [S in DriverProfileSection]: z.output<(typeof driverProfileSectionSchemas)[S]>;
};

/** A section with nothing given: what a driver without a saved profile shows. */
export function emptyProfileSection<S extends DriverProfileSection>(section: S): DriverProfileSections[S] {
  return driverProfileSectionSchemas[section].parse({}) as DriverProfileSections[S];
}

/**
 * PUT /api/drivers/{uuid}/profile: the sections to save, one or more. Each section sent replaces
 * the stored one (a field left out of it takes its empty value); sections not sent stay as they are.
 */
export const driverProfileBodySchema = z
  .strictObject({
    personal: personalSectionSchema.optional(),
    contact: contactSectionSchema.optional(),
    rightToWork: rightToWorkSectionSchema.optional(),
    licence: licenceSectionSchema.optional(),
    vehicle: vehicleSectionSchema.optional(),
    emergency: emergencySectionSchema.optional(),
    payment: paymentSectionSchema.optional(),
    consents: consentsSectionSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one section of the profile.');
export type DriverProfileBody = z.infer<typeof driverProfileBodySchema>;

export const driverUuidParamSchema = z.object({ uuid: z.uuid('uuid must be a driver uuid.') });

/** What is stored of the driver's licence scan (PUT /api/drivers/{uuid}/licence). */
export const licenceFileSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: isoDateTime,
});
export type LicenceFile = z.infer<typeof licenceFileSchema>;

/** Answer of PUT and DELETE /api/drivers/{uuid}/licence: the file now stored, null when none. */
export const licenceFileResponseSchema = z.object({ licenceFile: licenceFileSchema.nullable() });

// The sections as answered: plain values, every field present (the stored JSON is read through the
// body schemas above, so a field added later comes back with its empty value).
const answeredDay = z.iso.date().nullable();
const answeredSections = {
  personal: z.object({ dateOfBirth: answeredDay, nationality: z.string(), ppsNumber: z.string() }),
  contact: z.object({
    addressLineOne: z.string(),
    addressLineTwo: z.string(),
    city: z.string(),
    county: z.string(),
    eircode: z.string(),
    alternativePhone: z.string(),
  }),
  rightToWork: z.object({
    status: z.string(),
    documentNumber: z.string(),
    expiryDate: answeredDay,
    verified: z.boolean(),
  }),
  licence: z.object({
    hasLicence: z.boolean(),
    licenceNumber: z.string(),
    categories: z.string(),
    issuingCountry: z.string(),
    expiryDate: answeredDay,
  }),
  vehicle: z.object({
    make: z.string(),
    model: z.string(),
    colour: z.string(),
    ownVehicle: z.boolean(),
    insurer: z.string(),
    insurancePolicyNumber: z.string(),
    insuranceExpiryDate: answeredDay,
  }),
  emergency: z.object({ contactName: z.string(), relationship: z.string(), phone: z.string() }),
  payment: z.object({ accountName: z.string(), iban: z.string(), bic: z.string() }),
  consents: z.object({
    dataProcessing: z.boolean(),
    backgroundCheck: z.boolean(),
    marketing: z.boolean(),
    signedOn: answeredDay,
  }),
} as const satisfies Record<DriverProfileSection, z.ZodType>;

/** GET and PUT /api/drivers/{uuid}/profile answer the whole profile. */
export const driverProfileSchema = z.object({
  driverId: z.number().int(),
  uuid: z.uuid(),
  driverNumber: z.number().int(),
  name: z.string(),
  ...answeredSections,
  /** Null for a user who is not accounts: pay info shows only to accounts (spec 2 §2, §6). */
  payment: answeredSections.payment.nullable(),
  licenceFile: licenceFileSchema.nullable(),
  /** Null while no section was ever saved. */
  updatedAt: isoDateTime.nullable(),
});
export type DriverProfile = z.infer<typeof driverProfileSchema>;

// --- The licence scan (PUT /api/drivers/{uuid}/licence) ---

export const MAX_LICENCE_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_LICENCE_FILE_NAME_LENGTH = 200;
export const LICENCE_FILE_TOO_LARGE_MESSAGE = 'The licence file must be at most 10 MB.';
export const LICENCE_FILE_TYPE_MESSAGE = 'The licence file must be a PDF, JPEG or PNG.';
export const LICENCE_FILE_MISSING_MESSAGE = 'Choose a licence file (PDF, JPEG or PNG) to upload.';
export const LICENCE_FILE_EMPTY_MESSAGE = 'The licence file is empty.';

/** The kinds of scan a licence may be, each known by its first bytes. */
const LICENCE_FILE_TYPES = [
  { contentType: 'application/pdf', extension: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { contentType: 'image/jpeg', extension: 'jpg', magic: [0xff, 0xd8, 0xff] },
  { contentType: 'image/png', extension: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
] as const;
export type LicenceFileType = (typeof LICENCE_FILE_TYPES)[number];

/**
 * The type of a licence scan by its content, not by the name or the type the browser claims
 * (either can be anything); null for anything but a PDF, JPEG or PNG.
 */
export function licenceFileTypeOf(content: Uint8Array): LicenceFileType | null {
  return LICENCE_FILE_TYPES.find((type) => type.magic.every((byte, index) => content[index] === byte)) ?? null;
}

/** The file name kept: its last path segment, without control characters, at most 200 characters. */
export function licenceFileName(name: string, type: LicenceFileType): string {
  // Control characters and quotes would break the Content-Disposition header of the download.
  const kept = [...(name.split(/[\\/]/).pop() ?? '')].filter((character) => {
    const code = character.charCodeAt(0);
    return code > 0x1f && code !== 0x7f && character !== '"';
  });
  const base = kept.join('').trim().slice(-MAX_LICENCE_FILE_NAME_LENGTH);
  return base === '' ? `licence.${type.extension}` : base;
}
