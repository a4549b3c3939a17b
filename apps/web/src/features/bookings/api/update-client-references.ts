import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateClientReferencesBody } from '@courier/domain/bookings/schemas';
import { apiRequest } from '../../../api/client.ts';

export interface ReferenceDefinition {
  id: number;
  name: string;
  header: string;
  values: string[];
  description: string;
}

/** The company's reference definitions (spec 1 §7 GET /company/{id}/references). */
export function useReferenceDefinitions(companyId: number | null) {
  return useQuery({
    queryKey: ['companies', companyId, 'references'],
    queryFn: ({ signal }) => apiRequest<ReferenceDefinition[]>(`/company/${companyId}/references`, { signal, expect: 200 }),
    enabled: companyId !== null,
  });
}

export function useUpdateClientReferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClientReferencesBody) => apiRequest('/bookings/reference', { method: 'PUT', body, expect: 200 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}
