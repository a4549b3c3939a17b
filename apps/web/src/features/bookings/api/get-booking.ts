import { useQuery } from '@tanstack/react-query';
import type { BookingDetails, BookingFilterOptions } from '@courier/domain/bookings/schemas';
import { apiRequest } from '../../../api/client.ts';

export function useBooking(reference: string | null) {
  return useQuery({
    queryKey: ['bookings', 'detail', reference],
    queryFn: ({ signal }) => apiRequest<BookingDetails>(`/booking/${encodeURIComponent(reference ?? '')}`, { signal, expect: 200 }),
    enabled: reference !== null,
  });
}

export function useBookingFilterOptions() {
  return useQuery({
    queryKey: ['bookings', 'filter-options'],
    queryFn: ({ signal }) => apiRequest<BookingFilterOptions>('/bookings/filter-options', { signal, expect: 200 }),
    staleTime: 5 * 60_000,
  });
}

/** The company's name for the company filter's label when the page opens from a link. */
export function useCompanyLabel(companyId: number | undefined) {
  return useQuery({
    queryKey: ['companies', 'detail', companyId],
    queryFn: ({ signal }) => apiRequest<{ id: number; name: string; accountCode: string | null }>(`/company/${companyId}`, { signal, expect: 200 }),
    enabled: companyId !== undefined,
    staleTime: 60_000,
  });
}
