import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewListResponse } from '@courier/domain/reviews/schemas';
import { apiRequest } from './client.ts';

interface ReviewPage {
  size: number;
  skip: number;
}

export const reviewKeys = {
  all: ['reviews'] as const,
  lists: () => [...reviewKeys.all, 'list'] as const,
  list: (page: ReviewPage) => [...reviewKeys.lists(), page] as const,
};

export function reviewListQuery(page: ReviewPage) {
  return queryOptions({
    queryKey: reviewKeys.list(page),
    queryFn: ({ signal }) =>
      apiRequest<ReviewListResponse>('/review', { method: 'POST', body: page, signal, expect: 200 }),
    placeholderData: keepPreviousData,
  });
}

export function useReviewList(page: ReviewPage) {
  return useQuery(reviewListQuery(page));
}

export function useSetReviewApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approved }: { id: number; approved: boolean }) =>
      apiRequest<Review>(`/review/${id}`, { method: 'PUT', body: { approved }, expect: 200 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.lists() }),
  });
}
