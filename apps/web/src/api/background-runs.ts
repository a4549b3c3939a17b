import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackgroundRunStatus } from '@courier/domain/background/enums';
import type { QueueGroup } from '@courier/domain/background/queue-groups';
import type {
  BackgroundRun,
  BackgroundRunDetails,
  BackgroundRunList,
  BackgroundRunLogPage,
  QueueLogPages,
} from '@courier/domain/background/schemas';
import { apiRequest } from './client.ts';

// Background runs for the queue-log screens of the Logs section (spec 1 §2 '/logging', issue 14).

/** While a run on screen is queued or running, the list and its run are asked for again this often. */
const REFRESH_MS = 3000;

export interface RunListFilter {
  group: QueueGroup;
  kind?: string;
  status?: BackgroundRunStatus;
  text?: string;
  size: number;
  skip: number;
}

export const backgroundRunKeys = {
  all: ['background-runs'] as const,
  lists: () => [...backgroundRunKeys.all, 'list'] as const,
  list: (filter: RunListFilter) => [...backgroundRunKeys.lists(), filter] as const,
  details: (id: number) => [...backgroundRunKeys.all, 'details', id] as const,
  log: (id: number, page: { size: number; skip: number }) => [...backgroundRunKeys.all, 'log', id, page] as const,
  pages: () => [...backgroundRunKeys.all, 'queue-log-pages'] as const,
};

const isActive = (run: BackgroundRun) => run.status === 'queued' || run.status === 'running';

/** GET /background/runs: one queue's runs, newest first; refreshed while any of them is still at work. */
export function runListQuery(filter: RunListFilter) {
  return queryOptions({
    queryKey: backgroundRunKeys.list(filter),
    queryFn: ({ signal }) =>
      apiRequest<BackgroundRunList>('/background/runs', { query: { ...filter }, signal, expect: 200 }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.runs.some(isActive) ? REFRESH_MS : false),
  });
}

export function useRunList(filter: RunListFilter) {
  return useQuery(runListQuery(filter));
}

/** GET /background/runs/{id}: the run, refreshed while it is at work. */
export function useRunDetails(id: number | null) {
  return useQuery({
    queryKey: backgroundRunKeys.details(id ?? 0),
    queryFn: ({ signal }) => apiRequest<BackgroundRunDetails>(`/background/runs/${id}`, { signal, expect: 200 }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && isActive(query.state.data.run) ? REFRESH_MS : false),
  });
}

/** GET /background/runs/{id}/log: a page of the run's log, oldest line first. */
export function useRunLog(id: number | null, page: { size: number; skip: number }, refresh: boolean) {
  return useQuery({
    queryKey: backgroundRunKeys.log(id ?? 0, page),
    queryFn: ({ signal }) =>
      apiRequest<BackgroundRunLogPage>(`/background/runs/${id}/log`, { query: page, signal, expect: 200 }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: refresh ? REFRESH_MS : false,
  });
}

/** POST /background/runs/{id}/retry: a failed run queued again; the lists and the run refresh. */
export function useRetryRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<BackgroundRun>(`/background/runs/${id}/retry`, { method: 'POST', expect: 200 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backgroundRunKeys.all }),
  });
}

/** GET /background/queue-log-pages: the external page each tab frames, or null for our own. */
export const queueLogPagesQuery = queryOptions({
  queryKey: backgroundRunKeys.pages(),
  queryFn: ({ signal }) => apiRequest<QueueLogPages>('/background/queue-log-pages', { signal, expect: 200 }),
  staleTime: Infinity,
});

export function useQueueLogPages() {
  return useQuery(queueLogPagesQuery);
}
