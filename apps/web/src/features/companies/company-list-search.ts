import { z } from 'zod';
import type { CompanyListBody } from '@courier/domain/companies/schemas';

/** spec 1 §9: company lists page by 10. */
export const COMPANY_PAGE_SIZE = 10;

/** The company list's filter in the URL (a bad value is dropped, never an error page). */
export const companyListSearchSchema = z.object({
  q: z.string().optional().catch(undefined),
  exact: z.boolean().optional().catch(undefined),
  page: z.number().int().min(0).optional().catch(undefined),
});

export type CompanyListSearch = z.infer<typeof companyListSearchSchema>;

/** The POST /company body of the list the URL shows: the route's loader and the screen ask for the same one. */
export function companyListBodyOf(search: CompanyListSearch): CompanyListBody {
  return {
    size: COMPANY_PAGE_SIZE,
    skip: (search.page ?? 0) * COMPANY_PAGE_SIZE,
    searchQuery: search.q ?? '',
    useExactMatch: search.exact ?? false,
  };
}
