import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { guarded, placeholder, redirectIndex } from '@/routing/guards.ts';

// Invoicing's screens arrive with their own issue; until then each route names itself.
/** /invoicing: invoices, one invoice, invoice reports. */
export function invoicingRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  const invoicingRoute = createRoute({
    getParentRoute: () => appRoute,
    path: '/invoicing',
    staticData: { name: 'appInvoicing', section: 'Invoicing' },
    beforeLoad: guarded(AREAS.invoicing),
  });
  // Declared before addChildren rather than inside it, so each child's types are inferred on their own.
  const children = [
    createRoute({
      getParentRoute: () => invoicingRoute,
      path: '/',
      beforeLoad: redirectIndex('/invoicing/invoices'),
    }),
    createRoute({
      getParentRoute: () => invoicingRoute,
      path: '/invoices',
      staticData: { name: 'invoices' },
      ...placeholder('Invoices'),
    }),
    createRoute({
      getParentRoute: () => invoicingRoute,
      path: '/invoices/$invoiceId',
      staticData: { name: 'invoiceDetails' },
      ...placeholder('Invoice details'),
    }),
    createRoute({
      getParentRoute: () => invoicingRoute,
      path: '/reports',
      staticData: { name: 'invoiceReports' },
      beforeLoad: guarded(AREAS.reports),
      ...placeholder('Invoice reports'),
    }),
  ] as const;
  return invoicingRoute.addChildren([...children]);
}
