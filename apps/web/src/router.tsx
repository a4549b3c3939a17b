import type { QueryClient } from '@tanstack/react-query';
import {
  Outlet,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type ParsedLocation,
} from '@tanstack/react-router';
import { z } from 'zod';
import { AREAS, type Role } from '@courier/domain/auth/roles';
import { bookingListSearchSchema } from './features/bookings/booking-search.ts';
import { queryClient } from './query-client.ts';
import { guardRoute, safeRedirect } from './session/guard.ts';
import { sessionStore } from './session/session-store.ts';
import { sidebarSections } from './shell/sections.ts';
import { NotFoundScreen } from './ui/not-found.tsx';
import { LoadingState } from './ui/list-states.tsx';

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

const guarded =
  (roles?: readonly Role[]) =>
  ({ context, location }: { context: RouterContext; location: ParsedLocation }) =>
    guardRoute({ queryClient: context.queryClient, location, roles }).then(() => undefined);

const notAvailable = lazyRouteComponent(() => import('./features/sections/section-placeholders.tsx'), 'SectionPlaceholder');

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundScreen,
  staticData: { name: 'home' },
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  staticData: { name: 'login' },
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  // Logged-out-only route: a signed-in user goes to the app.
  beforeLoad: ({ search }) => {
    if (sessionStore.get().isLoggedIn) throw redirect({ href: safeRedirect(search.redirect) });
  },
  component: lazyRouteComponent(() => import('./features/auth/login-screen.tsx'), 'LoginScreen'),
});

const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  staticData: { name: 'app' },
  beforeLoad: guarded(AREAS.shell),
  component: lazyRouteComponent(() => import('./shell/app-shell.tsx'), 'AppShellLayout'),
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
    throw redirect({ href: first?.to ?? '/companies/list' });
  },
});

/** The index of a section sends the user to its default screen (/companies → /companies/list). */
function redirectIndex(to: string) {
  return () => {
    throw redirect({ href: to });
  };
}

/** A guarded screen whose issue has not landed yet: it names itself instead of faking content. */
function placeholder(title: string) {
  return { component: notAvailable, loader: () => ({ title }) };
}

const companiesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/companies',
  staticData: { name: 'appCompany', section: 'Companies' },
  beforeLoad: guarded(AREAS.companies),
});
const companiesIndexRoute = createRoute({ getParentRoute: () => companiesRoute, path: '/', beforeLoad: redirectIndex('/companies/list') });
export const companyListSearchSchema = z.object({
  q: z.string().optional().catch(undefined),
  exact: z.boolean().optional().catch(undefined),
  page: z.number().int().min(0).optional().catch(undefined),
});
const companyListRoute = createRoute({
  getParentRoute: () => companiesRoute,
  path: '/list',
  staticData: { name: 'companyList' },
  validateSearch: companyListSearchSchema,
  component: lazyRouteComponent(() => import('./features/companies/company-list-screen.tsx'), 'CompanyListScreen'),
});
const companyDetailsRoute = createRoute({
  getParentRoute: () => companiesRoute,
  path: '/$companyId/{-$tab}',
  staticData: { name: 'companyDetails' },
  params: {
    parse: (params) => ({ companyId: z.coerce.number().int().min(1).catch(0).parse(params.companyId), tab: params.tab }),
    stringify: (params) => ({ companyId: String(params.companyId), tab: params.tab }),
  },
  component: lazyRouteComponent(() => import('./routes/company-details.tsx'), 'CompanyDetailsScreen'),
});

const invoicingRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/invoicing',
  staticData: { name: 'appInvoicing', section: 'Invoicing' },
  beforeLoad: guarded(AREAS.invoicing),
});
const invoicingIndexRoute = createRoute({ getParentRoute: () => invoicingRoute, path: '/', beforeLoad: redirectIndex('/invoicing/invoices') });
const invoicesRoute = createRoute({ getParentRoute: () => invoicingRoute, path: '/invoices', staticData: { name: 'invoices' }, ...placeholder('Invoices') });
const invoiceDetailsRoute = createRoute({
  getParentRoute: () => invoicingRoute,
  path: '/invoices/$invoiceId',
  staticData: { name: 'invoiceDetails' },
  ...placeholder('Invoice details'),
});
const invoiceReportsRoute = createRoute({
  getParentRoute: () => invoicingRoute,
  path: '/reports',
  staticData: { name: 'invoiceReports' },
  beforeLoad: guarded(AREAS.reports),
  ...placeholder('Invoice reports'),
});

const bookingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/bookings',
  staticData: { name: 'appBooking', section: 'Bookings' },
  beforeLoad: guarded(AREAS.bookings),
});
const bookingsIndexRoute = createRoute({ getParentRoute: () => bookingsRoute, path: '/', beforeLoad: redirectIndex('/bookings/list') });
const bookingListRoute = createRoute({
  getParentRoute: () => bookingsRoute,
  path: '/list',
  staticData: { name: 'bookingList' },
  validateSearch: bookingListSearchSchema,
  component: lazyRouteComponent(() => import('./features/bookings/booking-list-screen.tsx'), 'BookingListScreen'),
});

const driversRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/drivers',
  staticData: { name: 'appDrivers', section: 'Drivers' },
  beforeLoad: guarded(AREAS.driverList),
});
const driversIndexRoute = createRoute({ getParentRoute: () => driversRoute, path: '/', beforeLoad: redirectIndex('/drivers/list') });
const driverListRoute = createRoute({ getParentRoute: () => driversRoute, path: '/list', staticData: { name: 'driverList' }, ...placeholder('The driver list') });
const driverSetupRoute = createRoute({
  getParentRoute: () => driversRoute,
  path: '/setup',
  staticData: { name: 'driverSetupList' },
  beforeLoad: guarded(AREAS.driverSetup),
  ...placeholder('Driver setup'),
});
const driverPayRoute = createRoute({
  getParentRoute: () => driversRoute,
  path: '/pay',
  staticData: { name: 'driverPay' },
  beforeLoad: guarded(AREAS.driverPay),
  ...placeholder('Driver pay'),
});

const pricingRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/pricing',
  staticData: { name: 'appPricing', section: 'Pricing' },
  beforeLoad: guarded(AREAS.pricing),
  component: lazyRouteComponent(() => import('./features/pricing/pricing-layout.tsx'), 'PricingLayout'),
});
const pricingIndexRoute = createRoute({ getParentRoute: () => pricingRoute, path: '/', beforeLoad: redirectIndex('/pricing/review') });
export const tariffListSearchSchema = z.object({
  tariffCodeId: z.coerce.number().int().min(1).optional().catch(undefined),
  carrierId: z.coerce.number().int().min(1).optional().catch(undefined),
  account: z.string().trim().toUpperCase().min(1).max(20).optional().catch(undefined),
  zone: z.string().min(1).max(60).optional().catch(undefined),
});
const pricingChildren = [
  // The price review arrives with its own issue; until then the route says so.
  createRoute({ getParentRoute: () => pricingRoute, path: '/review', staticData: { name: 'bookingPriceReview' }, ...placeholder('Price reviews') }),
  createRoute({ getParentRoute: () => pricingRoute, path: '/tariff-codes', staticData: { name: 'tariffCodeList' }, component: lazyRouteComponent(() => import('./features/pricing/tariff-code-list-screen.tsx'), 'TariffCodeListScreen') }),
  createRoute({ getParentRoute: () => pricingRoute, path: '/carriers', staticData: { name: 'carrierList' }, component: lazyRouteComponent(() => import('./features/pricing/carrier-list-screen.tsx'), 'CarrierListScreen') }),
  createRoute({
    getParentRoute: () => pricingRoute,
    path: '/tariff',
    staticData: { name: 'tariffList' },
    validateSearch: tariffListSearchSchema,
    component: lazyRouteComponent(() => import('./features/pricing/tariff-list-screen.tsx'), 'TariffListScreen'),
  }),
  createRoute({ getParentRoute: () => pricingRoute, path: '/price-increase', staticData: { name: 'priceIncrease' }, component: lazyRouteComponent(() => import('./features/pricing/price-increase-screen.tsx'), 'PriceIncreaseScreen') }),
  createRoute({ getParentRoute: () => pricingRoute, path: '/carrier-increase', staticData: { name: 'carrierIncrease' }, component: lazyRouteComponent(() => import('./features/pricing/carrier-increase-screen.tsx'), 'CarrierIncreaseScreen') }),
] as const;

const reviewsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reviews',
  staticData: { name: 'appReviews', section: 'Reviews' },
  beforeLoad: guarded(AREAS.reviews),
  component: lazyRouteComponent(() => import('./features/reviews/reviews-screen.tsx'), 'ReviewsScreen'),
});
const addressesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/addresses',
  staticData: { name: 'appAddresses', section: 'Addresses' },
  beforeLoad: guarded(AREAS.addresses),
  component: lazyRouteComponent(() => import('./features/addresses/addresses-screen.tsx'), 'AddressesScreen'),
});
const loggingRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/logging',
  staticData: { name: 'appLogging', section: 'Logs' },
  beforeLoad: guarded(AREAS.logging),
  ...placeholder('Logs'),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  appRoute.addChildren([
    homeRoute,
    companiesRoute.addChildren([companiesIndexRoute, companyListRoute, companyDetailsRoute]),
    invoicingRoute.addChildren([invoicingIndexRoute, invoicesRoute, invoiceDetailsRoute, invoiceReportsRoute]),
    bookingsRoute.addChildren([bookingsIndexRoute, bookingListRoute]),
    driversRoute.addChildren([driversIndexRoute, driverListRoute, driverSetupRoute, driverPayRoute]),
    pricingRoute.addChildren([pricingIndexRoute, ...pricingChildren]),
    reviewsRoute,
    addressesRoute,
    loggingRoute,
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPendingMs: 300,
  scrollRestoration: true,
});
