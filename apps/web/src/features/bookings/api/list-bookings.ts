import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingView } from '@courier/domain/bookings/enums';
import type { BookingListResponse } from '@courier/domain/bookings/schemas';
import { apiRequest } from '../../../api/client.ts';

/** The API query of the list: the filter plus size and skip, empty values left out. */
export type BookingQuery = Record<string, string | number | boolean | readonly string[] | undefined>;

export function bookingListQuery(query: BookingQuery) {
  return queryOptions({
    queryKey: ['bookings', 'list', query],
    // The signal cancels a load a newer one supersedes (spec 2 §4).
    // The view travels with the rows, so columns and rows always belong together while a new view loads.
    queryFn: async ({ signal }) => ({ ...(await apiRequest<BookingListResponse>('/bookings', { query, signal, expect: 200 })), view: query.view as BookingView | undefined }),
    placeholderData: keepPreviousData,
  });
}

export function useBookingList(query: BookingQuery | null) {
  return useQuery({ ...bookingListQuery(query ?? {}), enabled: query !== null });
}
