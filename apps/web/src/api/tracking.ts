import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TrackingEventsResponse } from '@courier/domain/customer/tracking';
import { TRACKING_PAGE_MAX } from '@courier/domain/customer/tracking-events';
import { apiRequest } from './client.ts';

// Tracking events (issue 14): what happened to a job and who or what made it happen. The API
// filters by one job's reference (not by booking), so the booking details ask once per job.
export const trackingKeys = {
  all: ['tracking'] as const,
  job: (jobReference: string) => [...trackingKeys.all, 'job', jobReference] as const,
};

/** GET /tracking/events?jobReference: the job's latest events (a page of the most the API gives), newest first. */
export function jobTrackingQuery(jobReference: string) {
  return queryOptions({
    queryKey: trackingKeys.job(jobReference),
    queryFn: ({ signal }) =>
      apiRequest<TrackingEventsResponse>('/tracking/events', {
        query: { jobReference, size: TRACKING_PAGE_MAX },
        signal,
        expect: 200,
      }),
  });
}

export function useJobTracking(jobReference: string) {
  return useQuery(jobTrackingQuery(jobReference));
}
