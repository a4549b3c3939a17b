import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { queryClient } from '@/query-client.ts';

/**
 * A route loader's start of its screen's data: the request leaves at navigation, in parallel with
 * the screen's code, instead of when the screen first renders. Not awaited: the screen shows at
 * once with its own loading state, and a search typed into a list never waits on the router. The
 * screen's own query (same options, so the same key) picks the answer up; a failure shows there.
 */
export function startQuery<TData, TError, TQueryKey extends QueryKey>(
  options: UseQueryOptions<TData, TError, TData, TQueryKey>,
): void {
  void queryClient.prefetchQuery(options);
}
