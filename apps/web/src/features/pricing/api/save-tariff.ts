import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveTariffBody, Tariff } from '@courier/domain/pricing/schemas';
import { apiRequest } from '../../../api/client.ts';

/** POST /pricing/tariffs (spec 2 §7): create without an id, update with one; anything but 200 is an error. */
export function useSaveTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveTariffBody) => apiRequest<Tariff>('/pricing/tariffs', { method: 'POST', body, expect: 200 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pricing', 'tariffs'] }),
  });
}
