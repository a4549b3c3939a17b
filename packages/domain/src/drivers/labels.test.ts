import { describe, expect, it } from 'vitest';
import { DRIVER_VEHICLES, EQUIPMENT_SUGGESTIONS, PAY_FREQUENCIES } from './enums.ts';
import { DRIVER_TEXTS, DRIVER_VEHICLE_LABELS, PAY_FREQUENCY_LABELS, paySettingsNotFoundText } from './labels.ts';

describe('driver labels', () => {
  it('label every vehicle and pay frequency', () => {
    expect(DRIVER_VEHICLES.map((vehicle) => DRIVER_VEHICLE_LABELS[vehicle])).toEqual([
      'Bike',
      'Top Box Bike',
      'Push Bike',
      'Cargo Bike',
      'Cargo Bike Max',
      'Van',
    ]);
    // A driver still stored with 'car' reads as a van (spec 2 §3 'car treated as van').
    expect(DRIVER_VEHICLE_LABELS.car).toBe('Van');
    expect(PAY_FREQUENCIES.map((frequency) => PAY_FREQUENCY_LABELS[frequency])).toEqual([
      'Weekly',
      'Bi-weekly',
      'Monthly',
    ]);
  });

  it('suggest the spec’s equipment types in its order (spec 2 §3)', () => {
    expect(EQUIPMENT_SUGGESTIONS).toEqual(['Helmet', 'Telephone', 'Hi-Vis Jacket', 'Gloves', 'Radio', 'Safety Boots']);
  });

  it('keep the spec’s driver texts exactly (spec 2 §8)', () => {
    expect(Object.values(DRIVER_TEXTS)).toEqual([
      'Failed to load drivers',
      'Failed to load setup data',
      'Failed to create dispatch user/driver.',
      'Driver notified',
      'Failed to notify driver',
      'Pay settings updated',
      'Failed to update pay settings',
      'User Role Updated',
      'There was an Error Updateing user Role',
    ]);
    expect(paySettingsNotFoundText('Seán Murphy')).toBe('Driver pay settings not found for Seán Murphy');
  });
});
