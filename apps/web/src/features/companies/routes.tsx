import { createRoute, lazyRouteComponent, notFound, type AnyRoute, type RouteComponent } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { companyListQuery, companyQuery } from '@/api/company.ts';
import { screenRoute, sectionRoutes } from '@/routing/area-routes.ts';
import { wholeNumberParam } from '@/routing/search-params.ts';
import { startQuery } from '@/routing/start-query.ts';
import { companyListBodyOf, companyListSearchSchema } from './company-list-search.ts';

/** A company's id in its page's path; 0 (no company) when it is not one. */
const companyIdParam = wholeNumberParam({ min: 1, coerce: true });

/**
 * /companies. The company page's tabs come from several areas (bookings, addresses, pricing), so
 * the app composes that screen (routes/company-details.tsx) and hands it in: areas never import
 * each other.
 */
export function companiesRoutes<TApp extends AnyRoute>(
  appRoute: TApp,
  { companyDetailsScreen }: { companyDetailsScreen: RouteComponent },
) {
  return sectionRoutes(
    appRoute,
    // The section opens to whoever may see a company's page; the list narrows to the company roles.
    {
      path: '/companies',
      name: 'appCompany',
      section: 'Companies',
      roles: AREAS.companyDetails,
      index: '/companies/list',
    },
    (companies) => {
      // Declared apart from the list so its params are inferred on their own, not from the list's type.
      const detailsRoute = createRoute({
        getParentRoute: () => companies,
        path: '/$companyId/{-$tab}',
        staticData: { name: 'companyDetails' },
        params: {
          parse: (params) => ({
            companyId: companyIdParam(params.companyId) ?? 0,
            tab: params.tab,
          }),
          stringify: (params) => ({ companyId: String(params.companyId), tab: params.tab }),
        },
        // The company (its header) starts loading with the page's code, not after it. A path whose
        // id is not a whole number from 1 (/companies/abc, /companies/list/extra) is not a page.
        loader: ({ params }) => {
          if (params.companyId === 0) throw notFound();
          startQuery(companyQuery(params.companyId));
        },
        component: companyDetailsScreen,
      });
      return [
        screenRoute(companies, {
          path: '/list',
          name: 'companyList',
          roles: AREAS.companies,
          validateSearch: companyListSearchSchema,
          loader: ({ location }) =>
            startQuery(companyListQuery(companyListBodyOf(companyListSearchSchema.parse(location.search)))),
          component: lazyRouteComponent(() => import('./company-list-screen.tsx'), 'CompanyListScreen'),
        }),
        detailsRoute,
      ];
    },
  );
}
