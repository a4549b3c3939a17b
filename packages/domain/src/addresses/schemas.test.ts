import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryByCode } from '../common/countries.ts';
import {
  addressBookEntryBodySchema,
  addressBookEntryUpdateSchema,
  canSaveAddressBookEntry,
  formatAddress,
} from './schemas.ts';

const entry = {
  countryCode: 'IE',
  country: 'IRELAND, REPUBLIC OF',
  addressOne: '4 Main Street',
  county: 'Kildare',
  city: 'Naas',
  name: 'Murphy Pharmacy',
  postcode: 'W91 X2Y3',
  entryName: 'Murphy Naas',
  latitude: 53.2159 as number | string | null,
  longitude: -6.6669 as number | string | null,
};

describe('address book Save rule (spec 1 §5)', () => {
  it('allows Save when every required field is set and coordinates are non-zero numbers', () => {
    expect(canSaveAddressBookEntry(entry)).toBe(true);
  });

  it.each(['countryCode', 'country', 'addressOne', 'county', 'city', 'name', 'postcode', 'entryName'] as const)(
    'hides Save while %s is blank',
    (field) => {
      expect(canSaveAddressBookEntry({ ...entry, [field]: '  ' })).toBe(false);
    },
  );

  it.each([[0], ['53.2'], [null], [Number.NaN]])('hides Save for a latitude of %j', (latitude) => {
    expect(canSaveAddressBookEntry({ ...entry, latitude })).toBe(false);
    expect(canSaveAddressBookEntry({ ...entry, longitude: latitude })).toBe(false);
  });

  it('formats an address without blanks', () => {
    expect(
      formatAddress({
        addressLineOne: '4 Main Street',
        addressLineTwo: '',
        city: 'Naas',
        county: 'Kildare',
        postCode: 'W91 X2Y3',
      }),
    ).toBe('4 Main Street, Naas, Kildare, W91 X2Y3');
  });
});

describe('address book entry body: the country is the one of its code (spec 1 §5)', () => {
  const body = {
    ...entry,
    company: null,
    isPublic: true,
    latitude: 53.2159,
    longitude: -6.6669,
  };
  const countryMessages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    (result.error?.issues ?? []).filter((issue) => issue.path.join('.') === 'country').map((issue) => issue.message);

  it('takes the name of the code in any case', () => {
    expect(addressBookEntryBodySchema.safeParse(body).success).toBe(true);
    expect(
      addressBookEntryBodySchema.safeParse({ ...body, country: 'Ireland, Republic of', countryCode: 'ie' }).success,
    ).toBe(true);
  });

  it("refuses another country's name, on create and on update, naming the right one", () => {
    const wrong = { ...body, country: 'FRANCE' };
    expect(countryMessages(addressBookEntryBodySchema.safeParse(wrong))).toEqual([
      'The country of code IE is IRELAND, REPUBLIC OF; choose the country from the list.',
    ]);
    expect(countryMessages(addressBookEntryUpdateSchema.safeParse({ ...wrong, entryId: 3 }))).toEqual([
      'The country of code IE is IRELAND, REPUBLIC OF; choose the country from the list.',
    ]);
  });

  it('says only what is missing when the name is blank or the code unknown', () => {
    expect(countryMessages(addressBookEntryBodySchema.safeParse({ ...body, country: ' ' }))).toEqual([
      'Please enter the country.',
    ]);
    expect(countryMessages(addressBookEntryBodySchema.safeParse({ ...body, countryCode: 'XX' }))).toEqual([]);
  });
});

describe('country list (spec 1 §3)', () => {
  it('holds 235 countries with unique two-letter codes and upper-case names', () => {
    expect(COUNTRIES).toHaveLength(235);
    expect(new Set(COUNTRIES.map((c) => c.Code)).size).toBe(235);
    for (const country of COUNTRIES) {
      expect(country.Code).toMatch(/^[A-Z]{2}$/);
      expect(country.Name).toBe(country.Name.toUpperCase());
    }
    expect(COUNTRIES.map((c) => c.Id)).toEqual(Array.from({ length: 235 }, (_, i) => i + 1));
  });

  it('names Ireland as the address book expects and marks the EU', () => {
    expect(countryByCode('ie')).toMatchObject({ Name: 'IRELAND, REPUBLIC OF', IsEU: true });
    expect(countryByCode('GB')?.IsEU).toBe(false);
    expect(COUNTRIES.filter((c) => c.IsEU)).toHaveLength(27);
    expect(countryByCode('XX')).toBeUndefined();
  });
});
