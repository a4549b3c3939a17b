import { COMPANY_SEARCH_MAX_LENGTH } from '@courier/domain/companies/limits';
import type { CompanyListBody } from '@courier/domain/companies/schemas';
import { booleanParam, pageParam, searchParams, textParam, type SearchOf } from '@/routing/search-params.ts';

/** spec 1 §9: company lists page by 10. */
export const COMPANY_PAGE_SIZE = 10;

/** The company list's filter in the URL (a bad value is dropped, never an error page). */
const companyListParams = {
  // Longer than the API takes is dropped, not sent to be refused (the list would show an outage).
  q: textParam({ maxLength: COMPANY_SEARCH_MAX_LENGTH }),
  exact: booleanParam,
  page: pageParam(COMPANY_PAGE_SIZE),
};
export const companyListSearchSchema = searchParams(companyListParams);

export type CompanyListSearch = SearchOf<typeof companyListParams>;

/** The POST /company body of the list the URL shows: the route's loader and the screen ask for the same one. */
export function companyListBodyOf(search: CompanyListSearch): CompanyListBody {
  return {
    size: COMPANY_PAGE_SIZE,
    skip: (search.page ?? 0) * COMPANY_PAGE_SIZE,
    searchQuery: search.q ?? '',
    useExactMatch: search.exact ?? false,
  };
}
