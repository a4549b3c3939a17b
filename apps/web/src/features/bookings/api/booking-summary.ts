import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MarginsResponse, TagCounts } from '@courier/domain/bookings/schemas';
import { apiRequest } from '../../../api/client.ts';
import type { BookingQuery } from './list-bookings.ts';

/** Margin totals of the loaded filter (roles that see prices only). */
export function useBookingMargins(filter: BookingQuery | null, enabled: boolean) {
  return useQuery({
    queryKey: ['bookings', 'margins', filter],
    queryFn: ({ signal }) => apiRequest<MarginsResponse>('/bookings/margins', { query: filter ?? {}, signal, expect: 200 }),
    enabled: enabled && filter !== null,
    placeholderData: keepPreviousData,
  });
}

/** Bookings per job tag; the tag picker asks without its own tag choice (omitTags). */
export function useTagCounts(filter: BookingQuery | null, options: { omitTags: boolean; enabled?: boolean }) {
  return useQuery({
    queryKey: ['bookings', 'tagged', filter, options.omitTags],
    queryFn: ({ signal }) => apiRequest<TagCounts>('/bookings/tagged', { method: 'POST', body: { ...filter, omitTags: options.omitTags }, signal, expect: 200 }),
    enabled: (options.enabled ?? true) && filter !== null,
    placeholderData: keepPreviousData,
  });
}
