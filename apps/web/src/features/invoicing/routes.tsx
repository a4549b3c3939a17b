import {
  createRoute,
  lazyRouteComponent,
  type AnyRoute,
  type AnyValidator,
  type RouteComponent,
} from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { MAX_DB_ID } from '@courier/domain/common/input-checks';
import { invoicePeriodListQuery } from '@/api/invoice-periods.ts';
import { screenRoute, sectionRoutes } from '@/routing/area-routes.ts';
import { rememberedSearch } from '@/routing/remembered-search.ts';
import { wholeNumberParam } from '@/routing/search-params.ts';
import { startQuery } from '@/routing/start-query.ts';
import { invoiceListSearchSchema, invoiceListParamsOf } from './invoice-list-search.ts';

/**
 * An invoice period's id in its page's path; 0 (no invoice) when it is not one, a number too large
 * for an id included: the server refuses those with a 400, so nothing is asked for them.
 */
const invoiceIdParam = wholeNumberParam({ min: 1, max: MAX_DB_ID, coerce: true });

/**
 * /invoicing: invoices, one invoice, invoice reports. One invoice's page shows the bookings area's
 * list, so the app composes that screen (routes/invoice-details.tsx) and hands it in with the list's
 * search: areas never import each other.
 */
export function invoicingRoutes<TApp extends AnyRoute, TDetailsSearch extends AnyValidator>(
  appRoute: TApp,
  details: { validateSearch: TDetailsSearch; component: RouteComponent },
) {
  return sectionRoutes(
    appRoute,
    {
      path: '/invoicing',
      name: 'appInvoicing',
      section: 'Invoicing',
      roles: AREAS.invoicing,
      index: '/invoicing/invoices',
      component: lazyRouteComponent(() => import('./invoicing-layout.tsx'), 'InvoicingLayout'),
    },
    (invoicing) => {
      // Declared apart from the list so its params are inferred on their own, not from the list's type.
      const detailsRoute = createRoute({
        getParentRoute: () => invoicing,
        path: '/invoices/$invoiceId',
        staticData: { name: 'invoiceDetails' },
        params: {
          parse: (params) => ({ invoiceId: invoiceIdParam(params.invoiceId) ?? 0 }),
          stringify: (params) => ({ invoiceId: String(params.invoiceId) }),
        },
        validateSearch: rememberedSearch(details.validateSearch),
        component: details.component,
      });
      return [
        screenRoute(invoicing, {
          path: '/invoices',
          name: 'invoices',
          validateSearch: invoiceListSearchSchema,
          loader: ({ location }) =>
            startQuery(invoicePeriodListQuery(invoiceListParamsOf(invoiceListSearchSchema.parse(location.search)))),
          component: lazyRouteComponent(() => import('./invoice-list-screen.tsx'), 'InvoiceListScreen'),
        }),
        detailsRoute,
        screenRoute(invoicing, {
          path: '/reports',
          name: 'invoiceReports',
          roles: AREAS.reports,
          component: lazyRouteComponent(() => import('./reports/reports-screen.tsx'), 'ReportsScreen'),
        }),
      ];
    },
  );
}
