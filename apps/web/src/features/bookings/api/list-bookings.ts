import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingListParams, BookingListResponse } from '@courier/domain/bookings/schemas';
import { bookingKeys } from '@/api/bookings.ts';
import { apiRequest } from '@/api/client.ts';

/** GET /api/bookings: the domain's query (the filter plus size and skip). */
export function bookingListQuery(query: BookingListParams) {
  return queryOptions({
    queryKey: bookingKeys.list(query),
    // The signal cancels a load a newer one supersedes (spec 2 §4).
    // The view travels with the rows, so columns and rows always belong together while a new view loads.
    queryFn: async ({ signal }) => ({
      ...(await apiRequest<BookingListResponse>('/bookings', { query, signal, expect: 200 })),
      view: query.view,
    }),
    placeholderData: keepPreviousData,
  });
}

export function useBookingList(query: BookingListParams | null) {
  return useQuery({ ...bookingListQuery(query ?? {}), enabled: query !== null });
}
