import { describe, expect, it } from 'vitest';
import { DRIVER_VEHICLES, driverVehicleOf, STORED_CAR } from './enums.ts';
import {
  EQUIPMENT_GIVEN_BY_REQUIRED_MESSAGE,
  EQUIPMENT_GIVEN_DATE_INVALID_MESSAGE,
  EQUIPMENT_GIVEN_DATE_REQUIRED_MESSAGE,
  EQUIPMENT_GIVEN_DATE_FUTURE_MESSAGE,
  EQUIPMENT_RETURNED_BEFORE_GIVEN_MESSAGE,
  EQUIPMENT_RETURNED_DATE_INVALID_MESSAGE,
  EQUIPMENT_SERIAL_REQUIRED_MESSAGE,
  EQUIPMENT_TYPE_REQUIRED_MESSAGE,
  equipmentEntryProblems,
  equipmentGivenDateRefusal,
  INVALID_PAY_SETTINGS_MESSAGE,
  isEquipmentOutstanding,
  isValidPhone,
  missingRegistrationDetails,
  needsVehicleRegistration,
  newEquipmentEntry,
  PAY_ADDRESS_REQUIRED_MESSAGE,
  PAY_EMAIL_INVALID_MESSAGE,
  PAY_FREQUENCY_REQUIRED_MESSAGE,
  PAY_TAX_NUMBER_REQUIRED_MESSAGE,
  paySettingsProblems,
  returnEquipment,
} from './rules.ts';

describe('the pay settings save rule (spec 2 §5)', () => {
  const valid = { payFrequency: 'WEEKLY', addressId: 7, tripsheetEmail: 'sean@example.ie', taxNumber: '1234567T' };

  it('quotes the spec message exactly', () => {
    expect(INVALID_PAY_SETTINGS_MESSAGE).toBe(
      'Invalid pay settings, please ensure to enter a valid pay frequency, address, email and tax number',
    );
  });

  it('accepts settings with all four fields', () => {
    expect(paySettingsProblems(valid)).toEqual([]);
    for (const payFrequency of ['WEEKLY', 'BI_WEEKLY', 'MONTHLY'])
      expect(paySettingsProblems({ ...valid, payFrequency })).toEqual([]);
  });

  it('names each missing field', () => {
    expect(paySettingsProblems({ payFrequency: null, addressId: null, tripsheetEmail: '', taxNumber: '' })).toEqual([
      { field: 'payFrequency', message: PAY_FREQUENCY_REQUIRED_MESSAGE },
      { field: 'addressId', message: PAY_ADDRESS_REQUIRED_MESSAGE },
      { field: 'tripsheetEmail', message: PAY_EMAIL_INVALID_MESSAGE },
      { field: 'taxNumber', message: PAY_TAX_NUMBER_REQUIRED_MESSAGE },
    ]);
  });

  it('refuses an unknown frequency, an e-mail that is not one and a tax number of spaces', () => {
    expect(paySettingsProblems({ ...valid, payFrequency: 'DAILY' }).map((p) => p.field)).toEqual(['payFrequency']);
    expect(paySettingsProblems({ ...valid, tripsheetEmail: 'sean at example' }).map((p) => p.field)).toEqual([
      'tripsheetEmail',
    ]);
    expect(paySettingsProblems({ ...valid, taxNumber: '   ' }).map((p) => p.field)).toEqual(['taxNumber']);
  });

  it('accepts an e-mail with spaces around it (the server trims it)', () => {
    expect(paySettingsProblems({ ...valid, tripsheetEmail: ' sean@example.ie ' })).toEqual([]);
  });
});

describe('the equipment rule (spec 2 §4, §5)', () => {
  const entry = { type: 'Helmet', serialNumber: 'H-1', givenDate: '2026-11-02', givenBy: 'Ciarán', notes: '' };

  it('accepts a complete entry, with or without a returned date', () => {
    expect(equipmentEntryProblems(entry)).toEqual([]);
    expect(equipmentEntryProblems({ ...entry, returnedDate: '2026-11-20' })).toEqual([]);
    expect(equipmentEntryProblems({ ...entry, returnedDate: null })).toEqual([]);
    expect(equipmentEntryProblems({ ...entry, returnedDate: '' })).toEqual([]);
  });

  it('requires type, serial number, date given and given by, trimmed', () => {
    expect(equipmentEntryProblems({ type: ' ', serialNumber: '\t', givenDate: null, givenBy: '  ' })).toEqual([
      { field: 'type', message: EQUIPMENT_TYPE_REQUIRED_MESSAGE },
      { field: 'serialNumber', message: EQUIPMENT_SERIAL_REQUIRED_MESSAGE },
      { field: 'givenDate', message: EQUIPMENT_GIVEN_DATE_REQUIRED_MESSAGE },
      { field: 'givenBy', message: EQUIPMENT_GIVEN_BY_REQUIRED_MESSAGE },
    ]);
  });

  it('refuses dates that are not days', () => {
    expect(equipmentEntryProblems({ ...entry, givenDate: '2026-02-30' })).toEqual([
      { field: 'givenDate', message: EQUIPMENT_GIVEN_DATE_INVALID_MESSAGE },
    ]);
    expect(equipmentEntryProblems({ ...entry, returnedDate: '20/11/26' })).toEqual([
      { field: 'returnedDate', message: EQUIPMENT_RETURNED_DATE_INVALID_MESSAGE },
    ]);
    expect(equipmentEntryProblems({ ...entry, givenDate: '0001-01-01' })[0]?.field).toBe('givenDate');
  });

  it('refuses a date given after today (Europe/Dublin), whatever the returned date; takes today', () => {
    const today = '2026-11-02';
    expect(equipmentEntryProblems(entry, today)).toEqual([]);
    expect(equipmentEntryProblems({ ...entry, givenDate: '2026-11-03' }, today)).toEqual([
      { field: 'givenDate', message: EQUIPMENT_GIVEN_DATE_FUTURE_MESSAGE },
    ]);
    expect(equipmentEntryProblems({ ...entry, givenDate: '2999-01-01', returnedDate: '2999-01-02' }, today)).toEqual([
      { field: 'givenDate', message: EQUIPMENT_GIVEN_DATE_FUTURE_MESSAGE },
    ]);
    expect(equipmentGivenDateRefusal('2026-11-03', today)).toBe(EQUIPMENT_GIVEN_DATE_FUTURE_MESSAGE);
    expect(equipmentGivenDateRefusal(today, today)).toBeUndefined();
  });

  it('allows a return on the day given but not before it', () => {
    expect(equipmentEntryProblems({ ...entry, returnedDate: '2026-11-02' })).toEqual([]);
    expect(equipmentEntryProblems({ ...entry, returnedDate: '2026-11-01' })).toEqual([
      { field: 'returnedDate', message: EQUIPMENT_RETURNED_BEFORE_GIVEN_MESSAGE },
    ]);
  });

  it('is outstanding until returned; Add starts on today and Return sets today', () => {
    expect(isEquipmentOutstanding({ returnedDate: null })).toBe(true);
    expect(isEquipmentOutstanding({ returnedDate: '2026-11-20' })).toBe(false);
    const added = newEquipmentEntry('2026-11-25');
    expect(added.givenDate).toBe('2026-11-25');
    expect(isEquipmentOutstanding({ returnedDate: added.returnedDate ?? null })).toBe(true);
    expect(returnEquipment(added, '2026-11-26').returnedDate).toBe('2026-11-26');
  });
});

describe('phone numbers (spec 2 §5, §9: at least 8 digits)', () => {
  it('counts digits once other characters are removed', () => {
    expect(isValidPhone('1234567')).toBe(false);
    expect(isValidPhone('12345678')).toBe(true);
    expect(isValidPhone('+353 87 123')).toBe(true);
    expect(isValidPhone('(01) 234-56')).toBe(false);
    expect(isValidPhone('+1234567')).toBe(false);
  });
});

describe('missing registration details', () => {
  it('asks a phone of every driver and a plate of a vehicle with an engine', () => {
    expect(missingRegistrationDetails({ phone: '', vehicle: 'van', vehicleRegistration: '' })).toEqual([
      'Phone',
      'Vehicle registration',
    ]);
    expect(
      missingRegistrationDetails({ phone: '0871234567', vehicle: 'car', vehicleRegistration: '191-D-123' }),
    ).toEqual([]);
    expect(missingRegistrationDetails({ phone: '0871234567', vehicle: 'push bike', vehicleRegistration: '' })).toEqual(
      [],
    );
    expect(missingRegistrationDetails({ phone: ' ', vehicle: 'cargo bike', vehicleRegistration: '' })).toEqual([
      'Phone',
    ]);
  });

  it('knows every vehicle', () => {
    for (const vehicle of DRIVER_VEHICLES)
      expect(Array.isArray(missingRegistrationDetails({ phone: '1', vehicle, vehicleRegistration: '' }))).toBe(true);
  });
});

describe('a driver still stored with a car', () => {
  it('is a van: offered no more, read as van, asked for a plate like one', () => {
    expect(DRIVER_VEHICLES).not.toContain(STORED_CAR);
    expect(driverVehicleOf(STORED_CAR)).toBe('van');
    expect(driverVehicleOf('push bike')).toBe('push bike');
    expect(needsVehicleRegistration(STORED_CAR)).toBe(true);
    expect(missingRegistrationDetails({ phone: '0871234567', vehicle: STORED_CAR, vehicleRegistration: '' })).toEqual([
      'Vehicle registration',
    ]);
  });
});
