import { z } from 'zod';
import { LOGIN_EMAIL_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from './limits.ts';
import { ROLES } from './roles.ts';

export const roleSchema = z.enum(ROLES);

export const loginBodySchema = z.object({
  email: z.string().trim().min(1, 'Please enter your email address.').max(LOGIN_EMAIL_MAX_LENGTH),
  password: z.string().min(1, 'Please enter your password.').max(LOGIN_PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = z.object({
  roles: z.array(roleSchema),
  accessToken: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const sessionStatusSchema = z.object({
  valid: z.literal(true),
  expiresAt: z.string(),
});

/** GET /api/user. `roles` is a JSON string, as spec 1 §2 'Route guard' says the client receives it. */
export const currentUserSchema = z.object({
  uuid: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  roles: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const startAuthAttemptBodySchema = z.object({
  email: z.email('Please enter a valid email address.').max(255),
});
export const startAuthAttemptResponseSchema = z.object({ uuid: z.uuid() });

export const validateAuthAttemptBodySchema = z.object({
  uuid: z.uuid('The sign-in attempt id must be a UUID.'),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code is the 6 digits from the e-mail.'),
});

export const grantBodySchema = z.object({
  userUUID: z.uuid('userUUID must be a UUID.'),
});

/** Public configuration the web app reads at start (GET /api/config). */
export const publicConfigSchema = z.object({
  courierWebsiteUrl: z.string(),
  docketBaseUrl: z.string().nullable(),
  paymentProviderCustomerUrl: z.string(),
  /** Leaflet tile URL template; empty means no tiles (works offline). */
  mapTileUrl: z.string(),
  /** False when price and carrier increases are switched off here (no authorisation code configured). */
  priceIncreasesEnabled: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
