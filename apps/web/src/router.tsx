import type { QueryClient } from '@tanstack/react-query';
import {
  Outlet,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { addressesRoutes } from './features/addresses/routes.tsx';
import { authRoutes } from './features/auth/routes.tsx';
import { bookingListSearchSchema } from './features/bookings/booking-search.ts';
import { bookingsRoutes } from './features/bookings/routes.tsx';
import { companiesRoutes } from './features/companies/routes.tsx';
import { driversRoutes } from './features/drivers/routes.tsx';
import { invoicingRoutes } from './features/invoicing/routes.tsx';
import { loggingRoutes } from './features/logging/routes.tsx';
import { pricingRoutes } from './features/pricing/routes.tsx';
import { reviewsRoutes } from './features/reviews/routes.tsx';
import { queryClient } from './query-client.ts';
import { deferredLayout } from './routing/deferred-screen.tsx';
import { guarded } from './routing/guards.ts';
import { RouteErrorState } from './routing/route-error.tsx';
import { limitRedirects, redirectLoopGuard } from './routing/route-errors.ts';
import { sessionStore } from './session/session-store.ts';
import { sidebarSections } from './shell/sections.ts';
import { LoadingState } from './ui/list-states.tsx';
import { NotFoundScreen } from './ui/not-found.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** The route name of spec 1 §2 (companyList, invoiceDetails, ...). */
    name?: string;
    /** The section named in the header. */
    section?: string;
  }
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundScreen,
  staticData: { name: 'home' },
});

/** Everything behind sign-in, inside the shell (sidebar, header). */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  staticData: { name: 'app' },
  beforeLoad: guarded(AREAS.shell),
  component: deferredLayout(lazyRouteComponent(() => import('./shell/app-shell.tsx'), 'AppShellLayout')),
  notFoundComponent: NotFoundScreen,
  pendingComponent: () => <LoadingState />,
});

/** Home sends each user to the first section their roles open (companies for most staff). */
const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    const roles = sessionStore.get().user?.roles ?? '[]';
    const first = sidebarSections(roles)[0];
    throw limitRedirects(redirect({ href: first?.to ?? '/companies/list' }));
  },
});

/**
 * Each area builds its own route subtree (features/<area>/routes.tsx) under the parent it is
 * given: adding an area is one import and one line here. The list is written out rather than
 * globbed so the route tree keeps its types (typed links, params and search through `Register`).
 */
const areaRoutes = [
  companiesRoutes(appRoute, {
    // The company page's tabs come from several areas, so the app composes that screen.
    companyDetailsScreen: lazyRouteComponent(() => import('./routes/company-details.tsx'), 'CompanyDetailsScreen'),
  }),
  invoicingRoutes(appRoute, {
    // One invoice's page shows the bookings area's list under its own head, so the app composes it.
    validateSearch: bookingListSearchSchema,
    component: lazyRouteComponent(() => import('./routes/invoice-details.tsx'), 'InvoiceDetailsScreen'),
  }),
  bookingsRoutes(appRoute),
  driversRoutes(appRoute),
  pricingRoutes(appRoute, {
    validateSearch: bookingListSearchSchema,
    component: lazyRouteComponent(() => import('./features/bookings/price-review-screen.tsx'), 'PriceReviewScreen'),
  }),
  reviewsRoutes(appRoute),
  addressesRoutes(appRoute),
  loggingRoutes(appRoute),
] as const;

const routeTree = rootRoute.addChildren([authRoutes(rootRoute), appRoute.addChildren([homeRoute, ...areaRoutes])]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPendingMs: 300,
  scrollRestoration: true,
  // A route whose guard refuses (no access) or whose loading fails shows this in its place, inside the shell.
  defaultErrorComponent: RouteErrorState,
});

/** Whether the page the router shows is inside the shell (every page but the sign-in page). */
export function showsShell(): boolean {
  // Read when asked: a route's id is set when the router builds its tree.
  return router.state.matches.some((match) => match.routeId === appRoute.id);
}

// A page opened: the redirect-loop guard counts afresh (spec 1 §9).
router.subscribe('onResolved', () => redirectLoopGuard.landed());
