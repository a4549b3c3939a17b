import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';

/** DELETE /pricing/tariffs/{id} (spec 2 §7): anything other than 200 is an error. */
export function useDeleteTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ ok: true }>(`/pricing/tariffs/${id}`, { method: 'DELETE', expect: 200 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pricing', 'tariffs'] }),
  });
}
