import { useMutation } from '@tanstack/react-query';
import type { CarrierIncreaseBody, IncreaseRun, PriceIncreaseBody } from '@courier/domain/pricing/schemas';
import { apiRequest } from '../../../api/client.ts';

export function useStartPriceIncrease() {
  return useMutation({
    mutationFn: (body: PriceIncreaseBody) => apiRequest<IncreaseRun>('/pricing/price-increase', { method: 'POST', body, expect: 200 }),
  });
}

export function useStartCarrierIncrease() {
  return useMutation({
    mutationFn: (body: CarrierIncreaseBody) => apiRequest<IncreaseRun>('/pricing/carrier-increase', { method: 'POST', body, expect: 200 }),
  });
}
