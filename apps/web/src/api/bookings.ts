import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookingDetails,
  BookingFilterOptions,
  BookingFilterParams,
  BookingListParams,
  SetJobTagsBody,
  SetJobTagsResponse,
  UpdateClientReferencesBody,
} from '@courier/domain/bookings/schemas';
import { ApiRequestError, apiRequest } from './client.ts';

// Bookings (spec 2 §2, §7). The list, summary and CSV fetchers stay in features/bookings/api (only
// that area asks for them) but take their keys from here, so every booking key has one shape.
export const bookingKeys = {
  all: ['bookings'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (query: BookingListParams) => [...bookingKeys.lists(), query] as const,
  margins: (filter: BookingFilterParams | null) => [...bookingKeys.all, 'margins', filter] as const,
  tagged: (filter: BookingFilterParams | null, omitTags: boolean) =>
    [...bookingKeys.all, 'tagged', filter, omitTags] as const,
  filterOptions: () => [...bookingKeys.all, 'filter-options'] as const,
  details: () => [...bookingKeys.all, 'detail'] as const,
  detail: (reference: string) => [...bookingKeys.details(), reference] as const,
};

/** GET /booking/{reference}: one booking with its jobs (spec 2 §2 'Booking details'). */
export function bookingQuery(reference: string) {
  return queryOptions({
    queryKey: bookingKeys.detail(reference),
    queryFn: ({ signal }) =>
      apiRequest<BookingDetails>(`/booking/${encodeURIComponent(reference)}`, { signal, expect: 200 }),
  });
}

/**
 * What to say when a booking did not load: the spec's 'Failed to find related booking {ref}' when there
 * is no such booking (404, or a reference the server cannot read), else a failure worth trying again.
 */
export function bookingLoadFailure(error: unknown, reference: string): string {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400)
    ? `Failed to find related booking ${reference}`
    : `There was an error loading booking ${reference}. Please try again.`;
}

export function useBooking(reference: string | null) {
  return useQuery({ ...bookingQuery(reference ?? ''), enabled: reference !== null });
}

/** GET /bookings/filter-options: the choices of the booking filter's selects. */
export const bookingFilterOptionsQuery = queryOptions({
  queryKey: bookingKeys.filterOptions(),
  queryFn: ({ signal }) => apiRequest<BookingFilterOptions>('/bookings/filter-options', { signal, expect: 200 }),
  staleTime: 5 * 60_000,
});

export function useBookingFilterOptions() {
  return useQuery(bookingFilterOptionsQuery);
}

/** PUT /bookings/reference: a booking's client reference values (spec 2 §5); every booking view reloads. */
export function useUpdateClientReferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClientReferencesBody) =>
      apiRequest('/bookings/reference', { method: 'PUT', body, expect: 200 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/**
 * PUT /bookings/tag (spec 2 §7): a job's whole tag list. Every booking query reloads, so the list's
 * Tags column, the summary's tag counts, the tag picker's counts and the details all show the change.
 */
export function useSetJobTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetJobTagsBody) =>
      apiRequest<SetJobTagsResponse>('/bookings/tag', { method: 'PUT', body, expect: 200 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
