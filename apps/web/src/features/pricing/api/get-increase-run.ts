import { useQuery } from '@tanstack/react-query';
import type { IncreaseRun } from '@courier/domain/pricing/schemas';
import { apiRequest } from '../../../api/client.ts';

const POLL_MS = 1000;

export const isFinished = (run: IncreaseRun | undefined) => run?.status === 'completed' || run?.status === 'failed';

/** A running increase, polled every second until it completes or fails. */
export function useIncreaseRun(id: number | null) {
  return useQuery({
    queryKey: ['pricing', 'increases', id],
    queryFn: ({ signal }) => apiRequest<IncreaseRun>(`/pricing/increases/${id}`, { signal, expect: 200 }),
    enabled: id !== null,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : POLL_MS),
    refetchIntervalInBackground: true,
  });
}
