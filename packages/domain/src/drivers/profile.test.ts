import { describe, expect, it } from 'vitest';
import {
  DRIVER_PROFILE_SECTIONS,
  driverProfileBodySchema,
  emptyProfileSection,
  ibanOf,
  isValidEircode,
  isValidIban,
  licenceFileName,
  licenceFileTypeOf,
  licenceSectionSchema,
} from './profile.ts';

describe('the driver profile (spec 2 §3)', () => {
  it('has the spec’s eight sections in its order', () => {
    expect(DRIVER_PROFILE_SECTIONS).toEqual([
      'personal',
      'contact',
      'rightToWork',
      'licence',
      'vehicle',
      'emergency',
      'payment',
      'consents',
    ]);
  });

  it('defaults hasLicence to false and trims the other licence text', () => {
    expect(emptyProfileSection('licence').hasLicence).toBe(false);
    expect(licenceSectionSchema.parse({ licenceNumber: ' 12 345 ', categories: '\tB ' })).toEqual({
      hasLicence: false,
      licenceNumber: '12 345',
      categories: 'B',
      issuingCountry: '',
      expiryDate: null,
    });
  });

  it('takes one section or more, never none', () => {
    expect(driverProfileBodySchema.safeParse({ consents: {} }).success).toBe(true);
    expect(driverProfileBodySchema.safeParse({}).success).toBe(false);
    expect(driverProfileBodySchema.safeParse({ consents: { marketing: 'yes' } }).success).toBe(false);
  });
});

describe('IBAN and Eircode checks', () => {
  it('accepts an IBAN whose check digits hold, with or without spaces', () => {
    expect(isValidIban('IE29 AIBK 9311 5212 3456 78')).toBe(true);
    expect(isValidIban('ie29aibk93115212345678')).toBe(true);
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
  });

  it('refuses a mistyped digit, a short number and other characters', () => {
    expect(isValidIban('IE29 AIBK 9311 5212 3456 79')).toBe(false);
    expect(isValidIban('IE29 AIBK')).toBe(false);
    expect(isValidIban('IE29-AIBK-9311-5212-3456-78')).toBe(false);
  });

  it('knows an Eircode by its routing key and unique identifier', () => {
    for (const code of ['D02 X285', 'T12X70A', 'd6w 1234', 'A65 F4E2']) expect(isValidEircode(code), code).toBe(true);
    for (const code of ['XYZ', 'D02 X28', 'B12 3456', 'D02 X2855']) expect(isValidEircode(code), code).toBe(false);
  });
});

describe('the licence scan’s type and name', () => {
  it('knows a PDF, JPEG and PNG by their first bytes, whatever the name says', () => {
    expect(licenceFileTypeOf(Buffer.from('%PDF-1.7'))?.contentType).toBe('application/pdf');
    expect(licenceFileTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xdb]))?.contentType).toBe('image/jpeg');
    expect(licenceFileTypeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))?.contentType).toBe(
      'image/png',
    );
    expect(licenceFileTypeOf(Buffer.from('GIF89a'))).toBeNull();
    expect(licenceFileTypeOf(Buffer.from('%PDF'))).toBeNull(); // too short to be one
    expect(licenceFileTypeOf(new Uint8Array())).toBeNull();
  });

  it('keeps the last path segment of the name, without control characters or quotes', () => {
    const pdf = licenceFileTypeOf(Buffer.from('%PDF-1.7'))!;
    expect(licenceFileName('C:\\Users\\seán\\licence.pdf', pdf)).toBe('licence.pdf');
    expect(licenceFileName('../../etc/"passwd"\r\n', pdf)).toBe('passwd');
    expect(licenceFileName('', pdf)).toBe('licence.pdf');
    expect(licenceFileName(`${'a'.repeat(300)}.pdf`, pdf)).toHaveLength(200);
  });
});

describe('ibanOf', () => {
  it('works out the check digits of an account number', () => {
    expect(ibanOf('IE', 'AIBK93115212345678')).toBe('IE29AIBK93115212345678');
    expect(isValidIban(ibanOf('IE', 'BOFI90001712345678'))).toBe(true);
  });
});
