import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobPriceChange, PricedJob } from '@courier/domain/pricing/price-review-schemas';
import { bookingKeys } from './bookings.ts';
import { apiRequest } from './client.ts';

// The booking list's price editing (spec 2 §2, §7 PUT /pricing/update): the save of pending changes
// and the preview that re-prices a weight or package change before it is saved.

/** What a save of these changes would give, nothing kept (POST /api/pricing/update/preview). */
export function previewPriceChanges(body: JobPriceChange[]): Promise<PricedJob[]> {
  return apiRequest<PricedJob[]>('/pricing/update/preview', { method: 'POST', body, expect: 200 });
}

/**
 * Saves pending price changes, all or nothing. The booking lists reload with the new prices and
 * versions once the caller has dealt with the answer (`reloadBookings`): a list reloaded before the
 * page lets go of its pending changes would take the saved jobs' new versions for someone else's.
 */
export function useUpdatePrices() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: JobPriceChange[]) =>
      apiRequest<PricedJob[]>('/pricing/update', { method: 'PUT', body, expect: 200 }),
  });
  return { ...mutation, reloadBookings: () => void queryClient.invalidateQueries({ queryKey: bookingKeys.all }) };
}
