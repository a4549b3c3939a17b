import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@courier/domain/auth/schemas';
import { queryClient } from '../query-client.ts';
import { sessionStore } from '../session/session-store.ts';
import { apiRequest } from './client.ts';
import { currentUserQuery } from './users.ts';

/** POST /auth/login, then the profile the shell shows (spec 1 §2 '/login'): the token is kept first. */
async function signIn(body: LoginBody): Promise<void> {
  const result = await apiRequest<LoginResponse>('/auth/login', { method: 'POST', body, expect: 200 });
  sessionStore.signIn(result.accessToken);
  const user = await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
  sessionStore.setUser(user);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}

/** POST /auth/logout; the browser's session ends whatever the server answers (spec 1 §4 'Session'). */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('/auth/logout', { method: 'POST' });
  } finally {
    sessionStore.signOut();
  }
}
