import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AREAS } from '@courier/domain/auth/roles';
import { guarded, placeholder, redirectIndex } from '@/routing/guards.ts';

export const tariffListSearchSchema = z.object({
  tariffCodeId: z.coerce.number().int().min(1).optional().catch(undefined),
  carrierId: z.coerce.number().int().min(1).optional().catch(undefined),
  account: z.string().trim().toUpperCase().min(1).max(20).optional().catch(undefined),
  zone: z.string().min(1).max(60).optional().catch(undefined),
});

/** /pricing: price review, tariff codes, carriers, tariffs, bulk increases. */
export function pricingRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  const pricingRoute = createRoute({
    getParentRoute: () => appRoute,
    path: '/pricing',
    staticData: { name: 'appPricing', section: 'Pricing' },
    beforeLoad: guarded(AREAS.pricing),
    component: lazyRouteComponent(() => import('./pricing-layout.tsx'), 'PricingLayout'),
  });
  // Declared before addChildren rather than inside it, so each child's types are inferred on their own.
  const children = [
    createRoute({
      getParentRoute: () => pricingRoute,
      path: '/',
      beforeLoad: redirectIndex('/pricing/review'),
    }),
    // The price review arrives with its own issue; until then the route says so.
    createRoute({
      getParentRoute: () => pricingRoute,
      path: '/review',
      staticData: { name: 'bookingPriceReview' },
      ...placeholder('Price reviews'),
    }),
    createRoute({
      getParentRoute: () => pricingRoute,
      path: '/tariff-codes',
      staticData: { name: 'tariffCodeList' },
      component: lazyRouteComponent(() => import('./tariff-code-list-screen.tsx'), 'TariffCodeListScreen'),
    }),
    createRoute({
      getParentRoute: () => pricingRoute,
      path: '/carriers',
      staticData: { name: 'carrierList' },
      component: lazyRouteComponent(() => import('./carrier-list-screen.tsx'), 'CarrierListScreen'),
    }),
    createRoute({
      getParentRoute: () => pricingRoute,
      path: '/tariff',
      staticData: { name: 'tariffList' },
      validateSearch: tariffListSearchSchema,
      component: lazyRouteComponent(() => import('./tariff-list-screen.tsx'), 'TariffListScreen'),
    }),
    createRoute({
      getParentRoute: () => pricingRoute,
      path: '/price-increase',
      staticData: { name: 'priceIncrease' },
      component: lazyRouteComponent(() => import('./price-increase-screen.tsx'), 'PriceIncreaseScreen'),
    }),
    createRoute({
      getParentRoute: () => pricingRoute,
      path: '/carrier-increase',
      staticData: { name: 'carrierIncrease' },
      component: lazyRouteComponent(() => import('./carrier-increase-screen.tsx'), 'CarrierIncreaseScreen'),
    }),
  ] as const;
  return pricingRoute.addChildren([...children]);
}
