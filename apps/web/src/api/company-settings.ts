import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SettingsHistory, SettingsPutBody, SettingsResponse } from '@courier/domain/companies/settings';
import { apiRequest } from './client.ts';
import { companyKeys } from './company.ts';

export function companySettingsQuery(companyId: number) {
  return queryOptions({
    queryKey: companyKeys.settings(companyId),
    queryFn: ({ signal }) => apiRequest<SettingsResponse>(`/company/${companyId}/settings`, { signal, expect: 200 }),
    // The tab owns the form state: a background refetch must not replace what is being typed.
    refetchOnWindowFocus: false,
  });
}

export function useCompanySettings(companyId: number) {
  return useQuery(companySettingsQuery(companyId));
}

/** PUT /company/{id}/settings; the caller keeps the answer (the tab's save queue owns the cache entry). */
export function saveCompanySettings(companyId: number, body: SettingsPutBody): Promise<SettingsResponse> {
  return apiRequest<SettingsResponse>(`/company/${companyId}/settings`, { method: 'PUT', body, expect: 200 });
}

export function settingsHistoryQuery(companyId: number) {
  return queryOptions({
    queryKey: companyKeys.settingsHistory(companyId),
    queryFn: ({ signal }) =>
      apiRequest<SettingsHistory>(`/company/${companyId}/settings/history`, { signal, expect: 200 }),
  });
}

/** After a save: the answer becomes the cached settings; the history and the company header reload. */
export function keepSavedCompanySettings(queryClient: QueryClient, companyId: number, saved: SettingsResponse): void {
  queryClient.setQueryData(companySettingsQuery(companyId).queryKey, saved);
  void queryClient.invalidateQueries({ queryKey: companyKeys.settingsHistory(companyId) });
  void queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) });
}
