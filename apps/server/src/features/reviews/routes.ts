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
import { access, requireSignedIn } from '../../http/access.ts';
import { listReviews, setReviewApproval } from './reviews.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** Customer reviews (spec 1 §2 'Reviews list', §7): MANAGER (and SUPERADMIN by rank). */
export function reviewRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.post(
      '/review',
      {
        config: { access: access.roles(AREAS.reviews) },
        schema: {
          tags: ['reviews'],
          summary: 'A page of reviews, newest first (size at most 100)',
          body: reviewListBodySchema,
          response: { 200: reviewListResponseSchema, ...errors },
        },
      },
      async (request) => listReviews(db, request.body),
    );

    app.put(
      '/review/:id',
      {
        config: { access: access.roles(AREAS.reviews) },
        schema: {
          tags: ['reviews'],
          summary: 'Approves or unapproves a review',
          params: idParamSchema,
          body: reviewUpdateBodySchema,
          response: { 200: reviewSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request) =>
        setReviewApproval(db, {
          id: request.params.id,
          approved: request.body.approved,
          userId: requireSignedIn(request).userId,
        }),
    );
  };
}
