import { queryOptions } from '@tanstack/react-query';
import type { CurrentUser } from '@courier/domain/auth/schemas';
import { apiRequest } from '../api/client.ts';

export const currentUserQuery = queryOptions({
  queryKey: ['current-user'],
  queryFn: () => apiRequest<CurrentUser>('/user'),
  staleTime: 5 * 60_000,
});
