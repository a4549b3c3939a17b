import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalType } from '@courier/domain/pricing/price-review-schemas';
import { bookingKeys } from './bookings.ts';
import { apiRequest } from './client.ts';

// Price review (spec 2 §4 'Review flow', §7 POST /pricing/review/approve).

/** Approves the same-day or carrier review of jobs; the booking lists reload without their flags. */
export function useApproveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { jobIds: number[]; type: ApprovalType }) =>
      apiRequest<{ approved: { jobId: number; reference: string }[] }>('/pricing/review/approve', {
        method: 'POST',
        body,
        expect: 200,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
