import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingFilterParams, MarginsResponse, TagCounts } from '@courier/domain/bookings/schemas';
import { bookingKeys } from '@/api/bookings.ts';
import { apiRequest } from '@/api/client.ts';

/** GET /api/bookings/margins: margin totals of the filter (roles that see prices only). */
export function bookingMarginsQuery(filter: BookingFilterParams) {
  return queryOptions({
    queryKey: bookingKeys.margins(filter),
    queryFn: ({ signal }) => apiRequest<MarginsResponse>('/bookings/margins', { query: filter, signal, expect: 200 }),
    placeholderData: keepPreviousData,
  });
}

/** Margin totals of the loaded filter (roles that see prices only). */
export function useBookingMargins(filter: BookingFilterParams | null, enabled: boolean) {
  return useQuery({ ...bookingMarginsQuery(filter ?? {}), enabled: enabled && filter !== null });
}

/** POST /api/bookings/tagged: bookings per job tag; the tag picker asks without its own tag choice (omitTags). */
export function tagCountsQuery(filter: BookingFilterParams, omitTags: boolean) {
  return queryOptions({
    queryKey: bookingKeys.tagged(filter, omitTags),
    queryFn: ({ signal }) =>
      apiRequest<TagCounts>('/bookings/tagged', { method: 'POST', body: { ...filter, omitTags }, signal, expect: 200 }),
    placeholderData: keepPreviousData,
  });
}

/** Bookings per job tag; the tag picker asks without its own tag choice (omitTags). */
export function useTagCounts(filter: BookingFilterParams | null, options: { omitTags: boolean; enabled?: boolean }) {
  return useQuery({
    ...tagCountsQuery(filter ?? {}, options.omitTags),
    enabled: (options.enabled ?? true) && filter !== null,
  });
}
