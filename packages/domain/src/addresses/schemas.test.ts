import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryByCode } from '../common/countries.ts';
import { canSaveAddressBookEntry, formatAddress } from './schemas.ts';

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
