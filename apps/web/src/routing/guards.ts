import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { Role } from '@courier/domain/auth/roles';
import { queryClient } from '@/query-client.ts';
import { guardRoute } from '@/session/guard.ts';
import { limitRedirects } from './route-errors.ts';

// Helpers every area's routes.tsx builds on.

/**
 * beforeLoad of a route open to these roles (spec 1 §2 'Route guard'); none: any signed-in user.
 * It reads the app's one query client (the router's context carries the same one), so an area's
 * routes need not know the router's context type.
 */
export const guarded =
  (roles?: readonly Role[]) =>
  ({ location }: { location: ParsedLocation }) =>
    guardRoute({ queryClient, location, roles }).then(() => undefined);

/** The index of a section sends the user to its default screen (/companies → /companies/list). */
export function redirectIndex(to: string) {
  return () => {
    throw limitRedirects(redirect({ href: to }));
  };
}
