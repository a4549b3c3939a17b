import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { guarded } from '@/routing/guards.ts';

/** /reviews: customer reviews awaiting approval. */
export function reviewsRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  return createRoute({
    getParentRoute: () => appRoute,
    path: '/reviews',
    staticData: { name: 'appReviews', section: 'Reviews' },
    beforeLoad: guarded(AREAS.reviews),
    component: lazyRouteComponent(() => import('./reviews-screen.tsx'), 'ReviewsScreen'),
  });
}
