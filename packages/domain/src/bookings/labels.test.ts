import { describe, expect, it } from 'vitest';
import { BOOKING_VEHICLES, JOB_TAGS, SERVICE_LEVELS } from './enums.ts';
import {
  BOOKING_VEHICLE_LABELS,
  bookingVehicleLabel,
  canTagJobs,
  JOB_TAG_LABELS,
  jobTagLabel,
  SERVICE_LEVEL_LABELS,
} from './labels.ts';

describe('booking labels', () => {
  it('names every job tag in words, never with an underscore', () => {
    expect(Object.keys(JOB_TAG_LABELS)).toEqual([...JOB_TAGS]);
    for (const tag of JOB_TAGS) expect(jobTagLabel(tag)).not.toContain('_');
    expect(jobTagLabel('SET_CALL')).toBe('SET CALL');
    expect(jobTagLabel('WAITING_TIME')).toBe('WAITING TIME');
    expect(jobTagLabel('SOME_OLD_TAG')).toBe('SOME OLD TAG');
  });

  it('names every service level and filter vehicle', () => {
    expect(Object.keys(SERVICE_LEVEL_LABELS)).toEqual([...SERVICE_LEVELS]);
    expect(Object.keys(BOOKING_VEHICLE_LABELS)).toEqual([...BOOKING_VEHICLES]);
    expect(bookingVehicleLabel('TOP-BOX-BIKE')).toBe('Top box bike');
    expect(bookingVehicleLabel('HOVERCRAFT')).toBe('HOVERCRAFT');
  });

  it('lets the booking list staff and higher ranks tag jobs, no one else', () => {
    for (const role of ['ACCOUNTS', 'DISPATCHER', 'TELEPHONIST', 'MANAGER', 'SUPERADMIN'])
      expect(canTagJobs([role]), role).toBe(true);
    for (const role of ['PRICING', 'DRIVER', 'CUSTOMER']) expect(canTagJobs([role]), role).toBe(false);
    expect(canTagJobs([])).toBe(false);
  });
});
