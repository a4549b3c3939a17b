import { lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { invoicePeriodListQuery } from '@/api/invoice-periods.ts';
import { screenRoute, sectionRoutes } from '@/routing/area-routes.ts';
import { placeholder } from '@/routing/guards.ts';
import { startQuery } from '@/routing/start-query.ts';
import { invoiceListSearchSchema, pendingInvoiceListParamsOf } from './invoice-list-search.ts';

// One invoice and the reports arrive with later slices of issue 12; until then each names itself.
/** /invoicing: invoices, one invoice, invoice reports. */
export function invoicingRoutes<TApp extends AnyRoute>(appRoute: TApp) {
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
    (invoicing) => [
      screenRoute(invoicing, {
        path: '/invoices',
        name: 'invoices',
        validateSearch: invoiceListSearchSchema,
        loader: ({ location }) =>
          startQuery(
            invoicePeriodListQuery(pendingInvoiceListParamsOf(invoiceListSearchSchema.parse(location.search))),
          ),
        component: lazyRouteComponent(() => import('./invoice-list-screen.tsx'), 'InvoiceListScreen'),
      }),
      screenRoute(invoicing, {
        path: '/invoices/$invoiceId',
        name: 'invoiceDetails',
        ...placeholder('Invoice details'),
      }),
      screenRoute(invoicing, {
        path: '/reports',
        name: 'invoiceReports',
        roles: AREAS.reports,
        ...placeholder('Invoice reports'),
      }),
    ],
  );
}
