import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { deferredLayout } from '@/routing/deferred-screen.tsx';
import { limitRedirects } from '@/routing/route-errors.ts';
import { searchParams, textParam } from '@/routing/search-params.ts';
import { safeRedirect } from '@/session/guard.ts';
import { sessionStore } from '@/session/session-store.ts';
import { LoginScreen } from './login-screen.tsx';

/** /login: the one route outside the shell. */
export function authRoutes<TRoot extends AnyRoute>(rootRoute: TRoot) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path: '/login',
    staticData: { name: 'login' },
    validateSearch: searchParams({ redirect: textParam() }),
    // Logged-out-only route: a signed-in user goes to the app.
    beforeLoad: ({ search }) => {
      if (sessionStore.get().isLoggedIn) throw limitRedirects(redirect({ href: safeRedirect(search.redirect) }));
    },
    // In the entry, not a lazy chunk: the sign-in page is the first page of a cold start, and its
    // form is small (a lazy chunk would pull the screens' shared chunk in front of it). Drawn in the
    // background lane, with the start spinner until it is: the router shows it through a store update,
    // a synchronous render that was the sign-in page's longest task after its first paint (issue 10).
    component: deferredLayout(LoginScreen),
  });
}
