import { z } from 'zod';
import { pageBodyShape } from '../common/input.ts';
import { BILLING_BASES } from './billing.ts';
import { COMPANY_SEARCH_MAX_LENGTH } from './limits.ts';

export const billingBasisSchema = z.enum(BILLING_BASES);

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  accountCode: z.string().nullable(),
  quantumAccountCode: z.string().nullable(),
  tariffCode: z.number().int().nullable(),
  defaultPlaceId: z.string().nullable(),
  billingBasis: billingBasisSchema,
  createdAt: z.string(),
  lastBooking: z.string().nullable(),
  phone: z.string().nullable(),
  accountBillingStarted: z.string().nullable(),
  pricer: z.string().nullable(),
  stripeId: z.string().nullable(),
  active: z.boolean(),
  billingEmail: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

/** GET /api/company/{id}: the company with its tariff code's own code for the header (null when none is set). */
export const companyDetailsSchema = companySchema.extend({ tariffCodeLabel: z.string().nullable() });
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

export const COMPANY_LIST_MAX_SIZE = 100;

export const companyListBodySchema = z.object({
  ...pageBodyShape({ maxSize: COMPANY_LIST_MAX_SIZE }),
  searchQuery: z.string().trim().max(COMPANY_SEARCH_MAX_LENGTH).optional(),
  useExactMatch: z.boolean().default(false),
});
export type CompanyListBody = z.infer<typeof companyListBodySchema>;

export const companyListResponseSchema = z.object({
  count: z.number().int(),
  companies: z.array(companySchema),
});
export type CompanyListResponse = z.infer<typeof companyListResponseSchema>;

export const companySearchQuerySchema = z.object({ query: z.string().trim().max(100).default('') });
export const companySearchResultSchema = z.array(
  z.object({ id: z.number().int(), name: z.string(), accountCode: z.string().nullable() }),
);
export type CompanySearchResult = z.infer<typeof companySearchResultSchema>;
