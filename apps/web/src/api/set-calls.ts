import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company } from '@courier/domain/companies/schemas';
import type { PopulatedSetCall, Service, SetCallEdit } from '@courier/domain/companies/set-calls';
import { apiRequest } from './client.ts';
import { companyKeys } from './company.ts';

type SetCallsResponse = { company: Company; populatedSetCalls: PopulatedSetCall[] };

/** The services a set call may use; not a company's, so not under companyKeys. */
export const serviceKeys = {
  all: ['services'] as const,
  setCallChoices: () => [...serviceKeys.all, 'set-call-choices'] as const,
};

export function setCallsQuery(companyId: number) {
  return queryOptions({
    queryKey: companyKeys.setCalls(companyId),
    queryFn: ({ signal }) => apiRequest<SetCallsResponse>(`/company/${companyId}/setcalls`, { signal, expect: 200 }),
  });
}

export function useSetCalls(companyId: number) {
  return useQuery(setCallsQuery(companyId));
}

export const setCallChoicesQuery = queryOptions({
  queryKey: serviceKeys.setCallChoices(),
  queryFn: ({ signal }) => apiRequest<{ services: Service[] }>('/services/set-call-choices', { signal, expect: 200 }),
  staleTime: 10 * 60_000,
});

export function useCreateSetCall(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ newSetCallId: number; populatedSetCalls: PopulatedSetCall[] }>('/company/setcall', {
        method: 'POST',
        body: { companyId },
        expect: 201,
      }),
    onSuccess: (data) =>
      queryClient.setQueryData(setCallsQuery(companyId).queryKey, (old) =>
        old ? { ...old, populatedSetCalls: data.populatedSetCalls } : old,
      ),
  });
}

export function useUpdateSetCall(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setCall: SetCallEdit) =>
      apiRequest<{ populatedSetCalls: PopulatedSetCall[] }>('/company/edit/setcall', {
        method: 'PUT',
        body: { setCall },
        expect: 200,
      }),
    onSuccess: (data) =>
      queryClient.setQueryData(setCallsQuery(companyId).queryKey, (old) =>
        old ? { ...old, populatedSetCalls: data.populatedSetCalls } : old,
      ),
  });
}

/** The editable part of a populated set call, as PUT expects it. */
export function toSetCallEdit(setCall: PopulatedSetCall): SetCallEdit {
  const {
    companyId: _companyId,
    collectionPlace: _c,
    deliveryPlace: _d,
    vehicle: _v,
    createdAt: _created,
    updatedAt: _updated,
    ...edit
  } = setCall;
  return edit;
}
