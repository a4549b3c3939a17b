import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@courier/domain/auth/schemas';
import type { CompanyUsersResponse, UserSearchResult } from '@courier/domain/users/schemas';
import { apiRequest } from './client.ts';
import { companyKeys } from './company.ts';

export const userKeys = {
  all: ['users'] as const,
  /** The signed-in user's profile (GET /user). */
  current: () => [...userKeys.all, 'current'] as const,
  search: (query: string, staffOnly: boolean) => [...userKeys.all, 'search', query, staffOnly] as const,
};

/** GET /user: who is signed in, with their roles (spec 1 §3). */
export const currentUserQuery = queryOptions({
  queryKey: userKeys.current(),
  queryFn: () => apiRequest<CurrentUser>('/user'),
  staleTime: 5 * 60_000,
});

/** GET /user/search: the user type-ahead's matches (spec 1 §5); staffOnly for the sales rep search. */
export function userSearchQuery(query: string, staffOnly: boolean) {
  return queryOptions({
    queryKey: userKeys.search(query, staffOnly),
    queryFn: ({ signal }) =>
      apiRequest<UserSearchResult>('/user/search', { query: { query, staffOnly }, signal, expect: 200 }),
    staleTime: 30_000,
  });
}

/** A company's users (GET /company/{id}/users). */
export function companyUsersQuery(companyId: number) {
  return queryOptions({
    queryKey: companyKeys.users(companyId),
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
    mutationFn: (body: { userId: number; asAdmin: boolean }) =>
      apiRequest<CompanyUsersResponse>(`/company/${companyId}/users`, { method: 'POST', body, expect: 200 }),
    onSuccess: (data) => queryClient.setQueryData(companyUsersQuery(companyId).queryKey, data),
  });
}
