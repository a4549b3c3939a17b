import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyDetails } from '@courier/domain/companies/schemas';
import { apiRequest } from '../../../api/client.ts';

export function companyQuery(companyId: number) {
  return queryOptions({
    queryKey: ['companies', 'detail', companyId],
    queryFn: ({ signal }) => apiRequest<CompanyDetails>(`/company/${companyId}`, { signal, expect: 200 }),
  });
}

export function useCompany(companyId: number) {
  return useQuery({ ...companyQuery(companyId), enabled: companyId > 0 });
}
