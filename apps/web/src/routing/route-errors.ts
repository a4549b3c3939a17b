import { notFound } from '@tanstack/react-router';
import { createRedirectLoopGuard } from '@courier/domain/auth/redirect-loop';

// What a route guard throws when it will not open a route, and the redirect-loop guard every
// redirect of the guards passes through (spec 1 §2 'Route guard', §9 'redirect-loop guard 30').

const NO_ACCESS = { reason: 'noAccess' } as const;

/**
 * The signed-in user's roles do not open this route. Thrown as the router's not-found (no error is
 * logged, loaders do not run), marked so the section's not-found boundary (area-routes.ts) shows
 * 'not available to your role' inside the shell (sidebar and header stay), unlike an unknown path.
 */
export function noAccess() {
  return notFound({ data: NO_ACCESS });
}

export function isNoAccess(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { reason?: unknown }).reason === NO_ACCESS.reason;
}

/** The guards redirected more than the limit allows without a page opening in between. */
export class RedirectLoopError extends Error {
  constructor() {
    super('This page kept sending the browser to another page, so it was stopped.');
    this.name = 'RedirectLoopError';
  }
}

/** One for the app: the router tells it when a navigation lands (router.tsx). */
export const redirectLoopGuard = createRedirectLoopGuard();

/** Every redirect a guard throws goes through here: `throw limitRedirects(redirect({...}))`. */
export function limitRedirects<T>(redirect: T): T {
  if (!redirectLoopGuard.allowRedirect()) throw new RedirectLoopError();
  return redirect;
}
