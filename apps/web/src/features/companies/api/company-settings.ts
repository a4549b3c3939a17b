import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsHistory, SettingsPutBody, SettingsResponse } from '@courier/domain/companies/settings';
import { apiRequest } from '../../../api/client.ts';

export function companySettingsQuery(companyId: number) {
  return queryOptions({
    queryKey: ['companies', 'settings', companyId],
    queryFn: ({ signal }) => apiRequest<SettingsResponse>(`/company/${companyId}/settings`, { signal, expect: 200 }),
    // The tab owns the form state: a background refetch must not replace what is being typed.
    refetchOnWindowFocus: false,
  });
}

export function useCompanySettings(companyId: number) {
  return useQuery(companySettingsQuery(companyId));
}

export function saveCompanySettings(companyId: number, body: SettingsPutBody): Promise<SettingsResponse> {
  return apiRequest<SettingsResponse>(`/company/${companyId}/settings`, { method: 'PUT', body, expect: 200 });
}

export function settingsHistoryQuery(companyId: number) {
  return queryOptions({
    queryKey: ['companies', 'settings-history', companyId],
    queryFn: ({ signal }) => apiRequest<SettingsHistory>(`/company/${companyId}/settings/history`, { signal, expect: 200 }),
  });
}
