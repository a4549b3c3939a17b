import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@courier/domain/auth/schemas';
import { apiRequest } from '../../../api/client.ts';
import { queryClient } from '../../../query-client.ts';
import { currentUserQuery } from '../../../session/current-user.ts';
import { sessionStore } from '../../../session/session-store.ts';

/** Signs in, keeps the token, and loads the profile the shell shows. */
async function signIn(body: LoginBody): Promise<void> {
  const result = await apiRequest<LoginResponse>('/auth/login', { method: 'POST', body, expect: 200 });
  sessionStore.signIn(result.accessToken);
  const user = await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
  sessionStore.setUser(user);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
