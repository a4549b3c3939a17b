import { USER_SEARCH_MAX_LENGTH, USER_SEARCH_MIN_LENGTH } from '@courier/domain/users/limits';
import type { UserListBody } from '@/api/driver-setup.ts';
import { searchParams, textParam, wholeNumberParam, type SearchOf } from '@/routing/search-params.ts';

/** Spec 2 §9: the driver setup pages users by 10. */
export const SETUP_PAGE_SIZE = 10;

/** The setup's search in the URL (a bad value, a search longer than the server takes, is dropped, never an error page). */
const driverSetupParams = { q: textParam({ maxLength: USER_SEARCH_MAX_LENGTH }), page: wholeNumberParam({ min: 0 }) };
export const driverSetupSearchSchema = searchParams(driverSetupParams);

export type DriverSetupSearch = SearchOf<typeof driverSetupParams>;

/** A typed search is sent from 3 characters (spec 1 §5); an empty one lists every user. */
export function isSearchable(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || trimmed.length >= USER_SEARCH_MIN_LENGTH;
}

/** The POST /users body of the page the URL shows: the route's loader and the screen ask for the same one. */
export function setupUserListBodyOf(search: DriverSetupSearch): UserListBody {
  return {
    size: SETUP_PAGE_SIZE,
    skip: (search.page ?? 0) * SETUP_PAGE_SIZE,
    searchQuery: search.q ?? '',
  };
}
