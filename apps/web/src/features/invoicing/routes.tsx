import type { AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { screenRoute, sectionRoutes } from '@/routing/area-routes.ts';
import { placeholder } from '@/routing/guards.ts';

// Invoicing's screens arrive with their own issue; until then each route names itself.
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
    },
    (invoicing) => [
      screenRoute(invoicing, { path: '/invoices', name: 'invoices', ...placeholder('Invoices') }),
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
