import { REVIEW_PAGE_SIZE } from '@courier/domain/reviews/limits';
import { pageParam, searchParams, type SearchOf } from '@/routing/search-params.ts';

/**
 * The reviews list in the URL, so a reload, Back and Forward or a shared link keep the page: its
 * zero-based page, absent for the first. A bad value (`?page=abc`, `-1`) is dropped: the first page,
 * never an error page.
 */
const reviewListParams = {
  page: pageParam(REVIEW_PAGE_SIZE),
};
export const reviewListSearchSchema = searchParams(reviewListParams);

export type ReviewListSearch = SearchOf<typeof reviewListParams>;

/** The POST /review body of the page the URL shows: the route's loader and the screen ask for the same one. */
export function reviewListPageOf(search: ReviewListSearch): { size: number; skip: number } {
  return { size: REVIEW_PAGE_SIZE, skip: (search.page ?? 0) * REVIEW_PAGE_SIZE };
}
