import { describe, expect, it } from 'vitest';
import { MAX_DB_ID } from '@courier/domain/common/input-checks';
import { reviewListBodySchema } from '@courier/domain/reviews/schemas';
import { reviewListPageOf, reviewListSearchSchema } from './review-list-search.ts';

/** The last page whose skip the API takes, ten a page. */
const LAST_PAGE = 10_000_000;

// The router reads `?page=2` as the number 2 and `?page=abc` as the text 'abc'.
describe('the reviews list URL', () => {
  it.each([0, 2, LAST_PAGE])('keeps page %d', (page) => {
    expect(reviewListSearchSchema.parse({ page })).toEqual({ page });
  });

  it.each([-1, 1.5, 'abc', '2', LAST_PAGE + 1, MAX_DB_ID, 2 ** 53, null])(
    'drops page %s: the first page is shown',
    (page) => {
      expect(reviewListSearchSchema.parse({ page })).toEqual({ page: undefined });
      expect(reviewListPageOf(reviewListSearchSchema.parse({ page }))).toEqual({ size: 10, skip: 0 });
    },
  );

  it('asks for the page the URL names, ten a page, and a skip the API takes on the last page kept', () => {
    expect(reviewListPageOf({})).toEqual({ size: 10, skip: 0 });
    expect(reviewListPageOf({ page: 2 })).toEqual({ size: 10, skip: 20 });
    expect(reviewListBodySchema.safeParse(reviewListPageOf({ page: LAST_PAGE })).success).toBe(true);
    expect(reviewListBodySchema.safeParse(reviewListPageOf({ page: LAST_PAGE + 1 })).success).toBe(false);
  });
});
