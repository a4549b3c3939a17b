import { queryOptions } from '@tanstack/react-query';
import type { Place, PlaceCreateBody, PlaceSearchResult } from '@courier/domain/addresses/schemas';
import { apiRequest } from './client.ts';

export const placeKeys = {
  all: ['places'] as const,
  search: (query: string) => [...placeKeys.all, 'search', query] as const,
};

/** GET /place/search: the address type-ahead's matches (spec 1 §5). */
export function placeSearchQuery(query: string) {
  return queryOptions({
    queryKey: placeKeys.search(query),
    queryFn: ({ signal }) => apiRequest<PlaceSearchResult>('/place/search', { query: { query }, signal }),
    staleTime: 30_000,
  });
}

/** GET /place/{placeId}: one place's full address, read once to fill a form. */
export function getPlace(placeId: string): Promise<Place> {
  return apiRequest<Place>(`/place/${encodeURIComponent(placeId)}`, { expect: 200 });
}

/** POST /place/create: a custom address (spec 1 §5); the answer names the new place. */
export function createPlace(body: PlaceCreateBody): Promise<{ placeId: string }> {
  return apiRequest<{ placeId: string }>('/place/create', { method: 'POST', body, expect: 200 });
}
