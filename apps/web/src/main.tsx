import './zod-settings.ts';
import './preload-shell.ts';
import './mantine.css';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, Suspense, lazy, startTransition, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { currentUserQuery } from './api/users.ts';
import { queryClient } from './query-client.ts';
import { router, showsShell } from './router.tsx';
import { isDeferredScreen, whenFirstScreenDrawn } from './routing/deferred-screen.tsx';
import { sessionStore } from './session/session-store.ts';
import { theme } from './theme.ts';
import { onToastHostWanted } from './ui/toast-host-signal.ts';

// Whenever the session goes from logged in to logged out, go to /login (spec 1 §2 'Route guard').
sessionStore.subscribe((next, previous) => {
  if (previous.isLoggedIn && !next.isLoggedIn) {
    queryClient.clear();
    const here = router.state.location;
    const redirect = here.pathname.startsWith('/login') ? undefined : here.href;
    // Navigation errors (aborted, cancelled, duplicated) are swallowed.
    router.navigate({ to: '/login', search: { redirect } }).catch(() => undefined);
  }
});

// A session whose profile is not stored yet: ask for it now, alongside the first screen's code,
// rather than when the route guard first needs it (the guard then waits on this same request).
const session = sessionStore.get();
if (session.isLoggedIn && !session.user) void queryClient.prefetchQuery(currentUserQuery);

// The first screen's code and data start now, not after React's first render of the providers (where
// the router would start them): its chunks and its list request leave ~200 ms earlier on a slow phone.
// The router's own first load takes the preloaded match over.
// (`href` names the location; the types ask for a `to` as well, which `href` overrides.)
void router.preloadRoute({ to: '.', href: router.state.location.href });

const NotificationsHost = lazy(() =>
  import('./ui/notifications-host.tsx').then((module) => ({ default: module.NotificationsHost })),
);

/**
 * The toasts' host, loaded once the first screen inside the shell has been drawn and the browser is
 * then idle: its code (and the screens' shared chunk it uses) is never fetched in front of a list's
 * first row, and never on the sign-in page, which raises no toast (Lighthouse on /login, issue 10: the
 * host's code was the largest blocking work after the page had painted). A toast raised sooner, or on
 * the sign-in page, waits in the store and asks for the host at once (ui/toast-host-signal.ts).
 */
function DeferredNotificationsHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    let cancelWait = () => {};
    const whenIdle = () => {
      const want = () => setWanted(true);
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(want, { timeout: 2000 });
        cancelWait = () => cancelIdleCallback(id);
      } else {
        const timer = setTimeout(want, 200);
        cancelWait = () => clearTimeout(timer);
      }
    };
    // The first screen is drawn once the router has resolved it and, for a screen drawn in the
    // background lane (routing/deferred-screen.tsx), once that drawing is done. A page outside the shell
    // (sign-in) waits for the next one (after signing in).
    let cancelDrawn = () => {};
    const onceResolved = () => {
      if (!showsShell()) return;
      const deferred = router.state.matches.some((match) =>
        isDeferredScreen(router.routesById[match.routeId].options.component),
      );
      if (deferred) cancelDrawn = whenFirstScreenDrawn(once);
      else once();
    };
    // Whichever comes first: the first screen inside the shell drawn, or 5 s there (a screen still
    // loading then may have a toast to show about it), or a toast raised.
    let waiting = true;
    const once = () => {
      if (!waiting) return;
      waiting = false;
      unsubscribe();
      cancelDrawn();
      clearTimeout(fallback);
      whenIdle();
    };
    const unsubscribe = router.subscribe('onResolved', onceResolved);
    const fallback = setTimeout(() => {
      if (showsShell()) once();
    }, 5000);
    const stopListening = onToastHostWanted(() => setWanted(true));
    if (router.state.resolvedLocation && router.state.status === 'idle') onceResolved();
    return () => {
      stopListening();
      unsubscribe();
      cancelDrawn();
      clearTimeout(fallback);
      cancelWait();
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// The first render as a transition: React then yields to the browser every few milliseconds instead
// of drawing the whole app in one long task (Lighthouse TBT on a phone, issue 10).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <DeferredNotificationsHost />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  ),
);
