import type { QueryClient } from '@tanstack/react-query';
import { notFound, redirect, type ParsedLocation } from '@tanstack/react-router';
import { hasAccess, isBackOfficeUser, parseRoles, type Role } from '@courier/domain/auth/roles';
import { signOut } from '@/api/auth.ts';
import { publicConfigQuery } from '@/api/public-config.ts';
import { currentUserQuery } from '@/api/users.ts';
import { limitRedirects, noAccess } from '@/routing/route-errors.ts';
import { sessionStore } from './session-store.ts';

/** Only same-site paths are followed after sign-in, so a crafted link cannot send the user elsewhere. */
export function safeRedirect(target: string | undefined): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login') ? target : '/';
}

/**
 * The route guard of spec 1 §2: no session → /login carrying the destination; profile fetched
 * when missing (roles arrive as JSON text); a user with no back-office role goes to the courier
 * website, signed out first; a route needing roles the user lacks shows 'no access' inside the shell.
 */
export async function guardRoute(options: {
  queryClient: QueryClient;
  location: ParsedLocation;
  roles?: readonly Role[];
}): Promise<Role[]> {
  const session = sessionStore.get();
  if (!session.isLoggedIn) {
    throw limitRedirects(redirect({ to: '/login', search: { redirect: options.location.href } }));
  }
  let user = session.user;
  if (!user) {
    try {
      user = await options.queryClient.fetchQuery(currentUserQuery);
    } catch {
      // A 401 has signed the user out already; anything else: start again from sign-in.
      sessionStore.signOut();
      throw limitRedirects(redirect({ to: '/login', search: { redirect: options.location.href } }));
    }
    sessionStore.setUser(user);
  }
  const roles = parseRoles(user.roles);
  if (!isBackOfficeUser(roles)) {
    const config = await options.queryClient.ensureQueryData(publicConfigQuery).catch(() => undefined);
    // Signed out before leaving (the server's session too), so on a shared PC the next person
    // finds the login form at /login instead of being sent after this user.
    await signOut().catch(() => undefined);
    if (config) window.location.assign(config.courierWebsiteUrl);
    throw notFound();
  }
  if (options.roles && !hasAccess(roles, options.roles)) throw noAccess();
  return roles;
}
