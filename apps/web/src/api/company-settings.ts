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

/**
 * A browser refuses a kept-alive request past 64 KiB of bodies in flight (all of them together): a save
 * larger than this (a long pasted text) goes as a plain request, which a reload may still cut off.
 */
const KEEPALIVE_BODY_BYTES = 16 * 1024;

/**
 * PUT /company/{id}/settings; the caller keeps the answer (the tab's save queue owns the cache entry).
 * Kept alive: a save under way, or sent as the page goes, is not cut off by a reload or a closed tab.
 */
export function saveCompanySettings(companyId: number, body: SettingsPutBody): Promise<SettingsResponse> {
  const bytes = new TextEncoder().encode(JSON.stringify(body)).length;
  return apiRequest<SettingsResponse>(`/company/${companyId}/settings`, {
    method: 'PUT',
    body,
    expect: 200,
    keepalive: bytes <= KEEPALIVE_BODY_BYTES,
  });
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
