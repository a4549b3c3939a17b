import { describe, expect, it } from 'vitest';
import { DRIVER_VEHICLES } from './enums.ts';
import { INVALID_PHONE_MESSAGE } from './rules.ts';
import {
  createDriverBodySchema,
  updateDriverBodySchema,
  equipmentBodySchema,
  paySettingsBodySchema,
  driverListQuerySchema,
} from './schemas.ts';

const driver = { driverNumber: 501, firstName: ' Seán ', lastName: 'Murphy', email: 'sean@example.ie', vehicle: 'van' };

describe('driver body schemas', () => {
  it('trims names, upper-cases the plate and fills the defaults', () => {
    expect(createDriverBodySchema.parse({ ...driver, vehicleRegistration: ' 191-d-123 ' })).toEqual({
      ...driver,
      firstName: 'Seán',
      phone: '',
      vehicleRegistration: '191-D-123',
      rooms: [],
      blocked: false,
    });
  });

  it('refuses a short phone with the spec message, an int4 overflow and an unknown vehicle', () => {
    const phone = createDriverBodySchema.safeParse({ ...driver, phone: '123 456' });
    expect(phone.error?.issues[0]?.message).toBe(INVALID_PHONE_MESSAGE);
    expect(createDriverBodySchema.safeParse({ ...driver, driverNumber: 2_147_483_648 }).success).toBe(false);
    expect(createDriverBodySchema.safeParse({ ...driver, vehicle: 'lorry' }).error?.issues[0]?.message).toBe(
      'Please select a vehicle.',
    );
    expect(createDriverBodySchema.safeParse({ ...driver, firstName: '  ' }).error?.issues[0]?.message).toBe(
      "Please enter the driver's first name.",
    );
  });

  it('asks for an empty driver number, and names the range for one the register cannot take', () => {
    const { driverNumber: _number, ...withoutNumber } = driver;
    for (const body of [withoutNumber, { ...driver, driverNumber: null }])
      expect(createDriverBodySchema.safeParse(body).error?.issues).toEqual([
        expect.objectContaining({ path: ['driverNumber'], message: 'Please enter the driver number.' }),
      ]);
    for (const driverNumber of [0, -5, 7.5, Number.NaN, '7'])
      expect(createDriverBodySchema.safeParse({ ...driver, driverNumber }).error?.issues[0]?.message).toBe(
        'Driver number must be a whole number from 1 to 2147483647.',
      );
  });

  it('offers no car, yet takes a car as the van spec 2 §3 treats it as, so nothing new is stored as car', () => {
    expect(DRIVER_VEHICLES).not.toContain('car');
    expect(createDriverBodySchema.parse({ ...driver, vehicle: 'car' }).vehicle).toBe('van');
    expect(updateDriverBodySchema.parse({ ...driver, id: 7, vehicle: 'car' }).vehicle).toBe('van');
    expect(createDriverBodySchema.parse({ ...driver, vehicle: 'cargo bike max' }).vehicle).toBe('cargo bike max');
  });

  it('lets pay settings arrive with nothing chosen, for the save rule to answer', () => {
    const parsed = paySettingsBodySchema.safeParse({
      payFrequency: null,
      minPay: 0,
      maxBoost: 0,
      attendanceBonusOneDay: 0,
      attendanceBonusTwoDay: 0,
      attendanceBonusThreeDay: 0,
      attendanceBonusFourDay: 0,
      attendanceBonusFiveDay: 12.5,
      cargoBonusRate: 0,
      helmetBonusRate: 0,
      backBoxBonusRate: 0,
      cargoRentalDeduction: 0,
      equipmentRentalDeduction: 0,
      applyFuelSurcharge: false,
      tripsheetEmail: '',
      addressId: null,
      taxNumber: '',
      vatRegistered: false,
      sendInformation: false,
    });
    expect(parsed.success).toBe(true);
  });

  it('takes the equipment list as the body and a day as Active From', () => {
    expect(equipmentBodySchema.safeParse([]).success).toBe(true);
    expect(equipmentBodySchema.safeParse({}).success).toBe(false);
    expect(driverListQuerySchema.safeParse({ activeFrom: '2026-11-11' }).success).toBe(true);
    expect(driverListQuerySchema.safeParse({ activeFrom: '2026-13-01' }).success).toBe(false);
  });
});
