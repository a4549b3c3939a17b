import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CompanyDetails,
  CompanyListBody,
  CompanyListResponse,
  CompanySearchResult,
} from '@courier/domain/companies/schemas';
import { apiRequest } from './client.ts';

// The company resource (spec 1 §7 /company...). Its sub-resources (references, settings, users, set
// calls) have their own modules but their keys live here, under 'companies', so one factory names
// every company key. Each sits beside `detail`, not under it: saving settings invalidates the
// company's detail without refetching the settings form being typed in.
export const companyKeys = {
  all: ['companies'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  list: (body: CompanyListBody) => [...companyKeys.lists(), body] as const,
  search: (query: string) => [...companyKeys.all, 'search', query] as const,
  details: () => [...companyKeys.all, 'detail'] as const,
  detail: (companyId: number) => [...companyKeys.details(), companyId] as const,
  references: (companyId: number) => [...companyKeys.all, 'references', companyId] as const,
  settings: (companyId: number) => [...companyKeys.all, 'settings', companyId] as const,
  settingsHistory: (companyId: number) => [...companyKeys.all, 'settings-history', companyId] as const,
  users: (companyId: number) => [...companyKeys.all, 'users', companyId] as const,
  setCalls: (companyId: number) => [...companyKeys.all, 'set-calls', companyId] as const,
};

/**
 * GET /company/{id}: one query for every screen that shows a company (its page header, the
 * bookings company filter's label, the Pricing tab's account code), so they share one request.
 */
export function companyQuery(companyId: number) {
  return queryOptions({
    queryKey: companyKeys.detail(companyId),
    queryFn: ({ signal }) => apiRequest<CompanyDetails>(`/company/${companyId}`, { signal, expect: 200 }),
  });
}

/** The company, or nothing while there is no id (0 or undefined: a bad link, an empty filter). */
export function useCompany(companyId: number | undefined) {
  return useQuery({ ...companyQuery(companyId ?? 0), enabled: companyId !== undefined && companyId > 0 });
}

export function companyListQuery(body: CompanyListBody) {
  return queryOptions({
    queryKey: companyKeys.list(body),
    queryFn: ({ signal }) =>
      apiRequest<CompanyListResponse>('/company', {
        method: 'POST',
        // searchQuery is omitted when empty (spec 1 §7).
        body: { ...body, searchQuery: body.searchQuery?.trim() || undefined },
        signal,
        expect: 200,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCompanyList(body: CompanyListBody) {
  return useQuery(companyListQuery(body));
}

/** GET /company/search: the company type-ahead's matches (spec 1 §2 'Click search'). */
export function companySearchQuery(query: string) {
  return queryOptions({
    queryKey: companyKeys.search(query),
    queryFn: ({ signal }) => apiRequest<CompanySearchResult>('/company/search', { query: { query }, signal }),
    staleTime: 30_000,
  });
}
