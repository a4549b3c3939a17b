import { describe, expect, it } from 'vitest';
import {
  dispatchProfileProblems,
  DRIVER_NUMBER_REQUIRED_MESSAGE,
  DRIVER_ROOMS_NOT_SELECTED_MESSAGE,
  DRIVER_VEHICLE_NOT_SELECTED_MESSAGE,
  INVALID_NOTIFY_EMAIL_MESSAGE,
  joinRooms,
  registrationNotifyProblem,
  splitRooms,
  USER_ROLE_NOT_SELECTED_MESSAGE,
} from './dispatch-profile.ts';

describe('the dispatch profile rule (spec 2 §5)', () => {
  const driver = { userRole: 'DRIVER', vehicle: 'van', rooms: ['Cork'], driverNumber: 120 };

  it('quotes the spec messages exactly', () => {
    expect([
      USER_ROLE_NOT_SELECTED_MESSAGE,
      DRIVER_VEHICLE_NOT_SELECTED_MESSAGE,
      DRIVER_ROOMS_NOT_SELECTED_MESSAGE,
      DRIVER_NUMBER_REQUIRED_MESSAGE,
    ]).toEqual([
      'User Role Not Selected',
      'Driver vehicle type not selected.',
      'Driver rooms not selected.',
      'Driver number required.',
    ]);
  });

  it('requires a role of DRIVER or DISPATCHER first', () => {
    expect(dispatchProfileProblems({ ...driver, userRole: null })).toEqual([USER_ROLE_NOT_SELECTED_MESSAGE]);
    expect(dispatchProfileProblems({ ...driver, userRole: 'MANAGER' })).toEqual([USER_ROLE_NOT_SELECTED_MESSAGE]);
  });

  it('asks a dispatcher nothing more', () => {
    expect(dispatchProfileProblems({ userRole: 'DISPATCHER', vehicle: null, rooms: [], driverNumber: null })).toEqual(
      [],
    );
  });

  it('asks a driver for vehicle, rooms and number', () => {
    expect(dispatchProfileProblems(driver)).toEqual([]);
    expect(dispatchProfileProblems({ userRole: 'DRIVER', vehicle: null, rooms: [], driverNumber: null })).toEqual([
      DRIVER_VEHICLE_NOT_SELECTED_MESSAGE,
      DRIVER_ROOMS_NOT_SELECTED_MESSAGE,
      DRIVER_NUMBER_REQUIRED_MESSAGE,
    ]);
    expect(dispatchProfileProblems({ ...driver, driverNumber: 0 })).toEqual([DRIVER_NUMBER_REQUIRED_MESSAGE]);
  });

  it('takes a car as the van spec 2 §3 treats it as, and no other vehicle it does not know', () => {
    expect(dispatchProfileProblems({ ...driver, vehicle: 'car' })).toEqual([]);
    expect(dispatchProfileProblems({ ...driver, vehicle: 'lorry' })).toEqual([DRIVER_VEHICLE_NOT_SELECTED_MESSAGE]);
  });

  it('joins and splits rooms with commas', () => {
    expect(joinRooms(['Cork', 'Dublin City'])).toBe('Cork,Dublin City');
    expect(splitRooms(' Cork , ,Dublin City,Cork')).toEqual(['Cork', 'Dublin City']);
    expect(splitRooms('')).toEqual([]);
  });
});

describe('the registration notify rule (spec 2 §5)', () => {
  it('checks the phone for SMS and the address for e-mail, with the spec messages', () => {
    expect(registrationNotifyProblem({ method: 'sms', phone: '+353 87 123 4567', email: '' })).toBeNull();
    expect(registrationNotifyProblem({ method: 'sms', phone: '087 12', email: 'a@b.ie' })).toBe(
      'Enter a valid phone number.',
    );
    expect(registrationNotifyProblem({ method: 'email', phone: '', email: 'sean@example.ie' })).toBeNull();
    expect(registrationNotifyProblem({ method: 'email', phone: '0871234567', email: 'sean@' })).toBe(
      INVALID_NOTIFY_EMAIL_MESSAGE,
    );
    expect(INVALID_NOTIFY_EMAIL_MESSAGE).toBe('Enter a valid email address.');
  });
});
