import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalType, PricedJob } from '@courier/domain/pricing/price-review-schemas';
import type { Tariff, TariffServiceCode } from '@courier/domain/pricing/schemas';
import { bookingKeys } from './bookings.ts';
import { apiRequest } from './client.ts';
import { trackingKeys } from './tracking.ts';

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

/** Moves a booking to another company, re-pricing from its tariffs when asked (the Choose Company modal). */
export function useChangeCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reference: string; companyId: number; recalculatePrices: boolean }) =>
      apiRequest<PricedJob[]>('/pricing/review/change-company', { method: 'PUT', body, expect: 200 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** Prices a job with a service's tariff: Set Cancelled (CANC) and Set Failed Collection (FAIC). */
export function useSetTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { jobId: number; tariff: TariffServiceCode; account?: string | null }) =>
      apiRequest<Tariff>('/pricing/review/set-tariff', { method: 'POST', body, expect: 200 }),
    // Set Cancelled and Set Failed Collection settle the job: its status and its tracking change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: trackingKeys.all }),
      ]),
  });
}

/** The tariff a job would take for a service (the account's special one, else the base one); changes nothing. */
export function useAlternativeTariff() {
  return useMutation({
    mutationFn: (body: { jobId: number; tariff: TariffServiceCode; account?: string | null }) =>
      apiRequest<Tariff>('/pricing/review/alternative-tariff', { method: 'POST', body, expect: 200 }),
  });
}
