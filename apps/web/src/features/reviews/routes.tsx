import { lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { REVIEW_PAGE_SIZE } from '@courier/domain/reviews/limits';
import { reviewListQuery } from '@/api/reviews.ts';
import { screenAreaRoute } from '@/routing/area-routes.ts';
import { startQuery } from '@/routing/start-query.ts';

/** /reviews: customer reviews awaiting approval. */
export function reviewsRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  return screenAreaRoute(appRoute, {
    path: '/reviews',
    name: 'appReviews',
    section: 'Reviews',
    roles: AREAS.reviews,
    // The first page starts loading with the screen's code.
    loader: () => startQuery(reviewListQuery({ size: REVIEW_PAGE_SIZE, skip: 0 })),
    component: lazyRouteComponent(() => import('./reviews-screen.tsx'), 'ReviewsScreen'),
  });
}
