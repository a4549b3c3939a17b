import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyReference, ReferenceBody } from '@courier/domain/companies/references';
import { apiRequest } from './client.ts';
import { companyKeys } from './company.ts';

/**
 * A company's reference definitions (spec 1 §7 GET /company/{id}/references): one cache entry read
 * by the company's References tab and by a booking's Edit Client References form.
 */
export function companyReferencesQuery(companyId: number) {
  return queryOptions({
    queryKey: companyKeys.references(companyId),
    queryFn: ({ signal }) =>
      apiRequest<CompanyReference[]>(`/company/${companyId}/references`, { signal, expect: 200 }),
  });
}

/** The definitions, or nothing while there is no company (a booking without one). */
export function useCompanyReferences(companyId: number | null) {
  return useQuery({ ...companyReferencesQuery(companyId ?? 0), enabled: companyId !== null });
}

/** Create (POST, 201), update (PUT, 200) or delete (DELETE, 200) a reference; the list reloads after each. */
export function useCompanyReferenceMutations(companyId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: companyKeys.references(companyId) });
  const save = useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ReferenceBody }) =>
      id
        ? apiRequest<CompanyReference>(`/company/${companyId}/references/${id}`, { method: 'PUT', body, expect: 200 })
        : apiRequest<CompanyReference>(`/company/${companyId}/references`, { method: 'POST', body, expect: 201 }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      apiRequest<CompanyReference>(`/company/${companyId}/references/${id}`, { method: 'DELETE', expect: 200 }),
    onSuccess,
  });
  return { save, remove };
}
