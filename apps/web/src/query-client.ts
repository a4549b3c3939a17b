import { QueryClient } from '@tanstack/react-query';
import { isRefusal } from './api/client.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retrying a 4xx cannot help; a dropped connection might.
      retry: (failures, error) => !isRefusal(error) && failures < 2,
    },
  },
});
