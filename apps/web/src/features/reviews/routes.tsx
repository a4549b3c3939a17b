import { lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { areaRoute } from '@/routing/area-routes.ts';

/** /reviews: customer reviews awaiting approval. */
export function reviewsRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  return areaRoute(appRoute, {
    path: '/reviews',
    name: 'appReviews',
    section: 'Reviews',
    roles: AREAS.reviews,
    component: lazyRouteComponent(() => import('./reviews-screen.tsx'), 'ReviewsScreen'),
  });
}
