import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DispatchUser, UpdateDispatchUserBody } from '@courier/domain/drivers/setup-schemas';
import type { userListBodySchema, userListResponseSchema } from '@courier/domain/users/schemas';
import { apiRequest } from './client.ts';
import { driverKeys } from './drivers.ts';

// The driver setup's calls (spec 2 §2 'Driver setup', §3 'Dispatch setup', §7): a page of users to
// choose from, and the dispatch user the chosen one is given.

export type UserListBody = z.input<typeof userListBodySchema>;
export type UserList = z.infer<typeof userListResponseSchema>;

export const driverSetupKeys = {
  all: [...driverKeys.all, 'setup'] as const,
  users: (body: UserListBody) => [...driverSetupKeys.all, 'users', body] as const,
};

/** POST /users: a page of users, searched by name or e-mail. */
export function setupUserListQuery(body: UserListBody) {
  return queryOptions({
    queryKey: driverSetupKeys.users(body),
    queryFn: ({ signal }) => apiRequest<UserList>('/users', { method: 'POST', body, signal, expect: 200 }),
    placeholderData: keepPreviousData,
  });
}

export function useSetupUserList(body: UserListBody) {
  return useQuery(setupUserListQuery(body));
}

/** POST /drivers/dispatch-user {userId}: the user's dispatch user, made when it has none. */
export function useOpenDispatchUser() {
  return useMutation({
    mutationFn: (userId: number) =>
      apiRequest<DispatchUser>('/drivers/dispatch-user', { method: 'POST', body: { userId }, expect: 200 }),
  });
}

/**
 * PUT /drivers/dispatch-user: role, rooms and, for a driver, number and vehicle. The user's roles
 * and the driver register change with it, so the users, the driver lists and the setup data reload.
 */
export function useSaveDispatchUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDispatchUserBody) =>
      apiRequest<DispatchUser>('/drivers/dispatch-user', { method: 'PUT', body, expect: 200 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: driverKeys.all }),
  });
}
