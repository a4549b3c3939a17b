import { lazyRouteComponent, type AnyRoute, type AnyValidator, type RouteComponent } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { carriersQuery } from '@/api/carriers.ts';
import { tariffCodesQuery } from '@/api/tariff-codes.ts';
import { tariffListQuery } from '@/api/tariffs.ts';
import { screenRoute, sectionRoutes } from '@/routing/area-routes.ts';
import { givenParam, searchParams, textParam, wholeNumberParam } from '@/routing/search-params.ts';
import { startQuery } from '@/routing/start-query.ts';
import { tariffListFilterOf } from './tariff-list-filter.ts';

export const tariffListSearchSchema = searchParams({
  // Kept as given, a bad one too: the screen reads the id and says when it is not a tariff code's.
  tariffCodeId: givenParam,
  carrierId: wholeNumberParam({ min: 1, coerce: true }),
  account: textParam({ trim: true, upperCase: true, minLength: 1, maxLength: 20 }),
  zone: textParam({ minLength: 1, maxLength: 60 }),
  /** A tariff to highlight: the one just saved into this list from another. */
  highlight: wholeNumberParam({ min: 1, coerce: true }),
});

/**
 * /pricing: price review, tariff codes, carriers, tariffs, bulk increases. The price review is the
 * bookings area's list in review mode: the app (router.tsx) passes its screen and URL filter in, as
 * areas do not import each other.
 */
export function pricingRoutes<TApp extends AnyRoute, TReviewSearch extends AnyValidator>(
  appRoute: TApp,
  review: { validateSearch: TReviewSearch; component: RouteComponent },
) {
  return sectionRoutes(
    appRoute,
    {
      path: '/pricing',
      name: 'appPricing',
      section: 'Pricing',
      roles: AREAS.pricing,
      index: '/pricing/review',
      component: lazyRouteComponent(() => import('./pricing-layout.tsx'), 'PricingLayout'),
    },
    (pricing) => [
      screenRoute(pricing, {
        path: '/review',
        name: 'bookingPriceReview',
        validateSearch: review.validateSearch,
        component: review.component,
      }),
      screenRoute(pricing, {
        path: '/tariff-codes',
        name: 'tariffCodeList',
        loader: () => startQuery(tariffCodesQuery),
        component: lazyRouteComponent(() => import('./tariff-code-list-screen.tsx'), 'TariffCodeListScreen'),
      }),
      screenRoute(pricing, {
        path: '/carriers',
        name: 'carrierList',
        loader: () => startQuery(carriersQuery),
        component: lazyRouteComponent(() => import('./carrier-list-screen.tsx'), 'CarrierListScreen'),
      }),
      screenRoute(pricing, {
        path: '/tariff',
        name: 'tariffList',
        validateSearch: tariffListSearchSchema,
        // The list and the two look-ups its filter and editor read.
        loader: ({ location }) => {
          startQuery(tariffListQuery(tariffListFilterOf(tariffListSearchSchema.parse(location.search)).filter));
          startQuery(tariffCodesQuery);
          startQuery(carriersQuery);
        },
        component: lazyRouteComponent(() => import('./tariff-list-screen.tsx'), 'TariffListScreen'),
      }),
      screenRoute(pricing, {
        path: '/price-increase',
        name: 'priceIncrease',
        component: lazyRouteComponent(() => import('./price-increase-screen.tsx'), 'PriceIncreaseScreen'),
      }),
      screenRoute(pricing, {
        path: '/carrier-increase',
        name: 'carrierIncrease',
        component: lazyRouteComponent(() => import('./carrier-increase-screen.tsx'), 'CarrierIncreaseScreen'),
      }),
    ],
  );
}
