import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyUsersResponse } from '@courier/domain/users/schemas';
import { apiRequest } from '../../../api/client.ts';

export function companyUsersQuery(companyId: number) {
  return queryOptions({
    queryKey: ['companies', 'users', companyId],
    queryFn: ({ signal }) => apiRequest<CompanyUsersResponse>(`/company/${companyId}/users`, { signal, expect: 200 }),
  });
}

export function useCompanyUsers(companyId: number) {
  return useQuery(companyUsersQuery(companyId));
}

/** Adds a user, or makes them admin or staff (spec 1 §7); the answer is the new lists. */
export function useSetCompanyUser(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: number; asAdmin: boolean }) => apiRequest<CompanyUsersResponse>(`/company/${companyId}/users`, { method: 'POST', body, expect: 200 }),
    onSuccess: (data) => queryClient.setQueryData(companyUsersQuery(companyId).queryKey, data),
  });
}
