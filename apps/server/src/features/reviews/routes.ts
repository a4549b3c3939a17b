import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS } from '@courier/domain/auth/roles';
import { apiErrorSchema, idParamSchema } from '@courier/domain/common/api';
import {
  reviewListBodySchema,
  reviewListResponseSchema,
  reviewSchema,
  reviewUpdateBodySchema,
} from '@courier/domain/reviews/schemas';
import type { AppContext } from '../../app-context.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { listReviews, setReviewApproval } from './reviews.ts';

const reviewsRoute = areaRoutes({ access: access.roles(AREAS.reviews), tags: ['reviews'] });

/** Customer reviews (spec 1 §2 'Reviews list', §7): MANAGER (and SUPERADMIN by rank). */
export function reviewRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.post(
      '/review',
      reviewsRoute({
        summary: 'A page of reviews, newest first (size at most 100)',
        body: reviewListBodySchema,
        response: { 200: reviewListResponseSchema },
      }),
      async (request) => listReviews(db, request.body),
    );

    app.put(
      '/review/:id',
      reviewsRoute({
        summary: 'Approves or unapproves a review',
        params: idParamSchema,
        body: reviewUpdateBodySchema,
        response: { 200: reviewSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) =>
        setReviewApproval(db, {
          id: request.params.id,
          approved: request.body.approved,
          userId: requireSignedIn(request).userId,
        }),
    );
  };
}
