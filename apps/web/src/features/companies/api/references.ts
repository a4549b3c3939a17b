import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyReference, ReferenceBody } from '@courier/domain/companies/references';
import { apiRequest } from '../../../api/client.ts';

export function referencesQuery(companyId: number) {
  return queryOptions({
    queryKey: ['companies', 'references', companyId],
    queryFn: ({ signal }) => apiRequest<CompanyReference[]>(`/company/${companyId}/references`, { signal, expect: 200 }),
  });
}

export function useReferences(companyId: number) {
  return useQuery(referencesQuery(companyId));
}

/** Create (POST, 201), update (PUT, 200) or delete (DELETE, 200) a reference; the list reloads after each. */
export function useReferenceMutations(companyId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: referencesQuery(companyId).queryKey });
  const save = useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ReferenceBody }) =>
      id
        ? apiRequest<CompanyReference>(`/company/${companyId}/references/${id}`, { method: 'PUT', body, expect: 200 })
        : apiRequest<CompanyReference>(`/company/${companyId}/references`, { method: 'POST', body, expect: 201 }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest<CompanyReference>(`/company/${companyId}/references/${id}`, { method: 'DELETE', expect: 200 }),
    onSuccess,
  });
  return { save, remove };
}
