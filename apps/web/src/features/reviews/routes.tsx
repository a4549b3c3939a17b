import { lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { reviewListQuery } from '@/api/reviews.ts';
import { screenAreaRoute } from '@/routing/area-routes.ts';
import { startQuery } from '@/routing/start-query.ts';
import { reviewListPageOf, reviewListSearchSchema } from './review-list-search.ts';

/** /reviews: customer reviews awaiting approval. */
export function reviewsRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  return screenAreaRoute(appRoute, {
    path: '/reviews',
    name: 'appReviews',
    section: 'Reviews',
    roles: AREAS.reviews,
    validateSearch: reviewListSearchSchema,
    // The page the URL names starts loading with the screen's code.
    loader: ({ location }) =>
      startQuery(reviewListQuery(reviewListPageOf(reviewListSearchSchema.parse(location.search)))),
    component: lazyRouteComponent(() => import('./reviews-screen.tsx'), 'ReviewsScreen'),
  });
}
