import { z } from 'zod';
import { pageBodyShape } from '../common/input.ts';
import { REVIEW_LIST_MAX_SIZE } from './limits.ts';

// Customer reviews (spec 1 §2 'Reviews list', §3 'Review', §4, §8).

export const reviewSchema = z.object({
  id: z.number().int(),
  user: z.object({ fullName: z.string(), email: z.string() }),
  createdAt: z.string(),
  approved: z.boolean(),
  deleted: z.boolean(),
  total: z.number(),
  speed: z.number(),
  driver: z.number(),
  value: z.number(),
  feedback: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListBodySchema = z.object(pageBodyShape({ maxSize: REVIEW_LIST_MAX_SIZE }));
export const reviewListResponseSchema = z.object({ count: z.number().int(), reviews: z.array(reviewSchema) });
export type ReviewListResponse = z.infer<typeof reviewListResponseSchema>;
export const reviewUpdateBodySchema = z.object({ approved: z.boolean('approved must be true or false.') });

/** Score colour: red below 3, orange below 4, green otherwise (spec 1 §2). */
export function scoreColour(score: number): 'red' | 'orange' | 'green' {
  if (score < 3) return 'red';
  if (score < 4) return 'orange';
  return 'green';
}

export const REVIEW_MESSAGES = {
  approved: 'The review has been approved.',
  rejected: 'The review has been rejected.',
  failed: 'Something went wrong. Please try again.',
} as const;
