import { z } from 'zod';
import { bodyId, pageBodyShape } from '../common/input.ts';
import { USER_LIST_MAX_SIZE, USER_SEARCH_MAX_LENGTH } from './limits.ts';

// Users and company users (spec 1 §3 'User search result', 'Company user'; §5; §7 'User', 'Company').

export const userSearchQuerySchema = z.object({
  query: z.string().trim().max(USER_SEARCH_MAX_LENGTH).default(''),
  staffOnly: z.enum(['true', 'false']).default('false'),
});
export const userSearchResultSchema = z.array(
  z.object({ id: z.number().int(), name: z.string(), accountCode: z.string().nullable(), description: z.string() }),
);
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

export const userListBodySchema = z.object({
  ...pageBodyShape({ maxSize: USER_LIST_MAX_SIZE }),
  searchQuery: z.string().trim().max(USER_SEARCH_MAX_LENGTH).optional(),
});

export const userSummarySchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  roles: z.array(z.string()),
  createdAt: z.string(),
  lastOnline: z.string().nullable(),
});
export const userListResponseSchema = z.object({ count: z.number().int(), users: z.array(userSummarySchema) });

export const userDetailsSchema = userSummarySchema.extend({ lastLoginDate: z.string().nullable() });

export const companyUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  stripeId: z.string().nullable(),
  ip: z.string().nullable(),
  lastOnline: z.string().nullable(),
  createdAt: z.string(),
  lastLoginDate: z.string().nullable(),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;

export const companyUsersResponseSchema = z.object({
  admins: z.array(companyUserSchema),
  staff: z.array(companyUserSchema),
});
export type CompanyUsersResponse = z.infer<typeof companyUsersResponseSchema>;

export const addCompanyUserBodySchema = z.object({
  userId: bodyId('userId', {
    type: 'userId must be a number.',
    int: 'userId must be a whole number.',
    min: 'userId must be greater than 0.',
  }),
  asAdmin: z.boolean('asAdmin must be true or false.'),
});

/** Roles of the courier's own staff (the sales rep search is limited to them: spec 1 §6). */
export const STAFF_ROLES = ['ACCOUNTS', 'DISPATCHER', 'TELEPHONIST', 'PRICING', 'MANAGER', 'SUPERADMIN'] as const;
