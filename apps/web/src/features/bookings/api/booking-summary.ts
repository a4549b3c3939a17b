import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BookingFilterParams, MarginsResponse, TagCounts } from '@courier/domain/bookings/schemas';
import { bookingKeys } from '@/api/bookings.ts';
import { apiRequest } from '@/api/client.ts';

/** Margin totals of the loaded filter (roles that see prices only). */
export function useBookingMargins(filter: BookingFilterParams | null, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.margins(filter),
    queryFn: ({ signal }) =>
      apiRequest<MarginsResponse>('/bookings/margins', { query: filter ?? {}, signal, expect: 200 }),
    enabled: enabled && filter !== null,
    placeholderData: keepPreviousData,
  });
}

/** Bookings per job tag; the tag picker asks without its own tag choice (omitTags). */
export function useTagCounts(filter: BookingFilterParams | null, options: { omitTags: boolean; enabled?: boolean }) {
  return useQuery({
    queryKey: bookingKeys.tagged(filter, options.omitTags),
    queryFn: ({ signal }) =>
      apiRequest<TagCounts>('/bookings/tagged', {
        method: 'POST',
        body: { ...filter, omitTags: options.omitTags },
        signal,
        expect: 200,
      }),
    enabled: (options.enabled ?? true) && filter !== null,
    placeholderData: keepPreviousData,
  });
}
