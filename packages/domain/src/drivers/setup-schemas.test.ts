import { describe, expect, it } from 'vitest';
import { INVALID_NOTIFY_EMAIL_MESSAGE } from './dispatch-profile.ts';
import { INVALID_PHONE_MESSAGE } from './rules.ts';
import { registrationRequestBodySchema, updateDispatchUserBodySchema } from './setup-schemas.ts';

describe('the registration request body (spec 2 §5, §7)', () => {
  const body = { driverId: 7, method: 'sms', message: '', phone: '087 123 4567', email: '' };

  it('needs a valid phone only for SMS and a valid address only for e-mail', () => {
    expect(registrationRequestBodySchema.safeParse(body).success).toBe(true);
    expect(
      registrationRequestBodySchema.safeParse({ ...body, method: 'email', email: 'sean@example.ie' }).success,
    ).toBe(true);
    const phone = registrationRequestBodySchema.safeParse({ ...body, phone: '1234567' });
    expect(phone.error?.issues[0]).toMatchObject({ path: ['phone'], message: INVALID_PHONE_MESSAGE });
    const email = registrationRequestBodySchema.safeParse({ ...body, method: 'email', email: 'sean' });
    expect(email.error?.issues[0]).toMatchObject({ path: ['email'], message: INVALID_NOTIFY_EMAIL_MESSAGE });
  });

  it('takes 8 digits once other characters than digits and plus are gone', () => {
    expect(registrationRequestBodySchema.safeParse({ ...body, phone: '+3 5 3-8 7' }).success).toBe(false);
    expect(registrationRequestBodySchema.safeParse({ ...body, phone: '+(353) 87-123' }).success).toBe(true);
  });
});

describe('the dispatch user body (spec 2 §3)', () => {
  it('lets role, vehicle and number arrive unchosen, for the dispatch profile rule to answer', () => {
    expect(updateDispatchUserBodySchema.parse({ clickUserId: 1, dispatchUserId: 2, userRole: null })).toEqual({
      clickUserId: 1,
      dispatchUserId: 2,
      userRole: null,
      vehicle: null,
      driverNumber: null,
      rooms: '',
    });
  });
});
