import { describe, expect, it } from 'vitest';
import { TARIFF_SERVICE_CODES } from '../bookings/enums.ts';
import {
  CHARGE_SERVICE_CODES,
  TARIFF_CODE_SERVICES,
  tariffServiceLabel,
  tariffServiceName,
} from './tariff-services.ts';

describe('tariff services (spec 2 §3)', () => {
  it('names every service, with its code', () => {
    expect(tariffServiceLabel('DOM')).toBe('Domestic Overnight (DOM)');
    expect(tariffServiceLabel('CANC')).toBe('Cancellation charge (CANC)');
    for (const code of TARIFF_SERVICE_CODES)
      expect(tariffServiceLabel(code)).toMatch(new RegExp(`^\\w.* \\(${code}\\)$`));
  });

  it('shows an unknown code as it is', () => {
    expect(tariffServiceLabel('XYZ')).toBe('XYZ');
    expect(tariffServiceName('XYZ')).toBe('XYZ');
  });

  it('names the charges too, which are services but not tariff codes (the booking list reads these)', () => {
    expect(tariffServiceName('DOM')).toBe('Domestic Overnight');
    expect(tariffServiceName('CANC')).toBe('Cancellation charge');
    expect(tariffServiceName('FAIC')).toBe('Failed collection charge');
  });

  it('keeps the cancellation and failed-collection charges out of the tariff codes', () => {
    expect(CHARGE_SERVICE_CODES).toEqual(['CANC', 'FAIC']);
    expect(TARIFF_CODE_SERVICES).toEqual(['DOM', 'INT', 'TW48', 'PUR', 'RAPC', 'UKM9', 'UKM6', 'UKM2']);
  });
});
