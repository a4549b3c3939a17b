import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewListResponse } from '@courier/domain/reviews/schemas';
import { apiRequest } from '../../../api/client.ts';

export function reviewListQuery(page: { size: number; skip: number }) {
  return queryOptions({
    queryKey: ['reviews', 'list', page],
    queryFn: ({ signal }) => apiRequest<ReviewListResponse>('/review', { method: 'POST', body: page, signal, expect: 200 }),
    placeholderData: keepPreviousData,
  });
}

export function useReviewList(page: { size: number; skip: number }) {
  return useQuery(reviewListQuery(page));
}

export function useSetReviewApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approved }: { id: number; approved: boolean }) => apiRequest<Review>(`/review/${id}`, { method: 'PUT', body: { approved }, expect: 200 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviews', 'list'] }),
  });
}
