import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyListBody, CompanyListResponse } from '@courier/domain/companies/schemas';
import { apiRequest } from '../../../api/client.ts';

export function companyListQuery(body: CompanyListBody) {
  return queryOptions({
    queryKey: ['companies', 'list', body],
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
