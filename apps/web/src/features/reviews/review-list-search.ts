import { MAX_DB_ID } from '@courier/domain/common/input-checks';
import { REVIEW_PAGE_SIZE } from '@courier/domain/reviews/limits';
import { searchParams, wholeNumberParam, type SearchOf } from '@/routing/search-params.ts';

/**
 * The reviews list in the URL, so a reload, Back and Forward or a shared link keep the page: its
 * zero-based page, absent for the first. A bad value (`?page=abc`, `-1`) is dropped: the first page,
 * never an error page.
 */
const reviewListParams = {
  // Bounded so the skip sent (page × 10) stays a whole number the API takes; no list has
  // 21 billion reviews, so a larger page is a broken link, not a page past the end.
  page: wholeNumberParam({ min: 0, max: MAX_DB_ID }),
};
export const reviewListSearchSchema = searchParams(reviewListParams);

export type ReviewListSearch = SearchOf<typeof reviewListParams>;

/** The POST /review body of the page the URL shows: the route's loader and the screen ask for the same one. */
export function reviewListPageOf(search: ReviewListSearch): { size: number; skip: number } {
  return { size: REVIEW_PAGE_SIZE, skip: (search.page ?? 0) * REVIEW_PAGE_SIZE };
}
