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

/** Saves pending price changes, all or nothing; the booking lists reload with the new prices and versions. */
export function useUpdatePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JobPriceChange[]) =>
      apiRequest<PricedJob[]>('/pricing/update', { method: 'PUT', body, expect: 200 }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
