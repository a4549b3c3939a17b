import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';

/**
 * The account code of a company, for its Pricing tab. Same call and cache key as the company
 * header's, so the tab costs no extra request (features do not import each other).
 */
export function useCompanyAccountCode(companyId: number) {
  return useQuery({
    queryKey: ['companies', 'detail', companyId],
    queryFn: ({ signal }) => apiRequest<{ accountCode: string | null }>(`/company/${companyId}`, { signal, expect: 200 }),
    enabled: companyId > 0,
    select: (company) => company.accountCode,
  });
}
