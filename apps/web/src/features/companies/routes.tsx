import { createRoute, lazyRouteComponent, type AnyRoute, type RouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { AREAS } from '@courier/domain/auth/roles';
import { guarded, redirectIndex } from '@/routing/guards.ts';

export const companyListSearchSchema = z.object({
  q: z.string().optional().catch(undefined),
  exact: z.boolean().optional().catch(undefined),
  page: z.number().int().min(0).optional().catch(undefined),
});

/**
 * /companies. The company page's tabs come from several areas (bookings, addresses, pricing), so
 * the app composes that screen (routes/company-details.tsx) and hands it in: areas never import
 * each other.
 */
export function companiesRoutes<TApp extends AnyRoute>(
  appRoute: TApp,
  { companyDetailsScreen }: { companyDetailsScreen: RouteComponent },
) {
  const companiesRoute = createRoute({
    getParentRoute: () => appRoute,
    path: '/companies',
    staticData: { name: 'appCompany', section: 'Companies' },
    beforeLoad: guarded(AREAS.companies),
  });
  const indexRoute = createRoute({
    getParentRoute: () => companiesRoute,
    path: '/',
    beforeLoad: redirectIndex('/companies/list'),
  });
  const listRoute = createRoute({
    getParentRoute: () => companiesRoute,
    path: '/list',
    staticData: { name: 'companyList' },
    validateSearch: companyListSearchSchema,
    component: lazyRouteComponent(() => import('./company-list-screen.tsx'), 'CompanyListScreen'),
  });
  const detailsRoute = createRoute({
    getParentRoute: () => companiesRoute,
    path: '/$companyId/{-$tab}',
    staticData: { name: 'companyDetails' },
    params: {
      parse: (params) => ({
        companyId: z.coerce.number().int().min(1).catch(0).parse(params.companyId),
        tab: params.tab,
      }),
      stringify: (params) => ({ companyId: String(params.companyId), tab: params.tab }),
    },
    component: companyDetailsScreen,
  });
  return companiesRoute.addChildren([indexRoute, listRoute, detailsRoute]);
}
