import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DriverPayBreakdown, RelatedChargeDocket, Task } from '@courier/domain/bookings/schemas';
import type { CreatePriceAdjustmentBody, PriceAdjustment } from '@courier/domain/pricing/price-adjustment-schemas';
import type { InvoiceAndDriverPayStatus, PricedJob, TaskPayRow } from '@courier/domain/pricing/price-review-schemas';
import { bookingKeys } from './bookings.ts';
import { apiRequest } from './client.ts';
import { priceHistoryKeys } from './price-history.ts';

// The calls behind the Pricing Extras modal and the Add Pricing Adjustment modal (spec 2 §2, §7;
// issue 11): a job's price adjustments, its invoice and driver pay status, its driver pay per task,
// its tasks, its related charge dockets, and the saves of adjustments and of task pay.

export const pricingExtrasKeys = {
  all: ['pricing-extras'] as const,
  adjustmentLists: () => [...pricingExtrasKeys.all, 'adjustments'] as const,
  adjustments: (jobId: number) => [...pricingExtrasKeys.adjustmentLists(), jobId] as const,
  payStatus: (jobId: number) => [...pricingExtrasKeys.all, 'pay-status', jobId] as const,
  driverPay: (jobReference: string) => [...pricingExtrasKeys.all, 'driver-pay', jobReference] as const,
  tasks: (jobReference: string) => [...pricingExtrasKeys.all, 'tasks', jobReference] as const,
  chargeDockets: (jobId: number) => [...pricingExtrasKeys.all, 'charge-dockets', jobId] as const,
};

/** One entry of GET /bookings/jobs/bookings-breakdown: the related charge dockets of one job. */
interface JobChargeDockets {
  jobId: number;
  jobReference: string;
  bookings: RelatedChargeDocket[];
}

const jobPath = (jobReference: string) => `/bookings/job/${encodeURIComponent(jobReference)}`;

/** GET /pricing/job-price-adjustments?jobId (spec 2 §7): the job's adjustments, oldest first. */
export function priceAdjustmentsQuery(jobId: number) {
  return queryOptions({
    queryKey: pricingExtrasKeys.adjustments(jobId),
    queryFn: ({ signal }) =>
      apiRequest<PriceAdjustment[]>('/pricing/job-price-adjustments', { query: { jobId }, signal, expect: 200 }),
  });
}

/** GET /pricing/invoice-and-driver-pay-status?jobId (spec 2 §7): what locks the charge and each task's pay. */
export function invoiceAndPayStatusQuery(jobId: number) {
  return queryOptions({
    queryKey: pricingExtrasKeys.payStatus(jobId),
    queryFn: ({ signal }) =>
      apiRequest<InvoiceAndDriverPayStatus>('/pricing/invoice-and-driver-pay-status', {
        query: { jobId },
        signal,
        expect: 200,
      }),
  });
}

/** GET /bookings/job/{ref}/driver-pay-breakdown (spec 2 §3 'Driver pay row'). */
export function driverPayBreakdownQuery(jobReference: string) {
  return queryOptions({
    queryKey: pricingExtrasKeys.driverPay(jobReference),
    queryFn: ({ signal }) =>
      apiRequest<DriverPayBreakdown>(`${jobPath(jobReference)}/driver-pay-breakdown`, { signal, expect: 200 }),
  });
}

/** GET /bookings/job/{ref}/tasks: the job's stops in order, with their status, driver and docket. */
export function jobTasksQuery(jobReference: string) {
  return queryOptions({
    queryKey: pricingExtrasKeys.tasks(jobReference),
    queryFn: ({ signal }) => apiRequest<Task[]>(`${jobPath(jobReference)}/tasks`, { signal, expect: 200 }),
  });
}

/** GET /bookings/jobs/bookings-breakdown?jobIds (spec 2 §7): the Related Charge Dockets of one job. */
export function chargeDocketsQuery(jobId: number) {
  return queryOptions({
    queryKey: pricingExtrasKeys.chargeDockets(jobId),
    queryFn: async ({ signal }) => {
      const breakdown = await apiRequest<JobChargeDockets[]>('/bookings/jobs/bookings-breakdown', {
        query: { jobIds: [jobId] },
        signal,
        expect: 200,
      });
      return breakdown.find((entry) => entry.jobId === jobId)?.bookings ?? [];
    },
  });
}

export function usePriceAdjustments(jobId: number | null) {
  return useQuery({ ...priceAdjustmentsQuery(jobId ?? 0), enabled: jobId !== null });
}

export function useInvoiceAndPayStatus(jobId: number | null) {
  return useQuery({ ...invoiceAndPayStatusQuery(jobId ?? 0), enabled: jobId !== null });
}

export function useDriverPayBreakdown(jobReference: string | null) {
  return useQuery({ ...driverPayBreakdownQuery(jobReference ?? ''), enabled: jobReference !== null });
}

export function useJobTasks(jobReference: string | null) {
  return useQuery({ ...jobTasksQuery(jobReference ?? ''), enabled: jobReference !== null });
}

export function useChargeDockets(jobId: number | null) {
  return useQuery({ ...chargeDocketsQuery(jobId ?? 0), enabled: jobId !== null });
}

/**
 * After a change the modal's own sections reload before the mutation settles (no flash of the old
 * values); the booking lists and details reload behind it, and the price history gains the change.
 */
function useReloadAfter(keys: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return async () => {
    void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    void queryClient.invalidateQueries({ queryKey: priceHistoryKeys.all });
    await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}

/** POST /pricing/job-price-adjustments (spec 2 §7): 400 names the fields with the spec's messages. */
export function useCreatePriceAdjustment() {
  const reload = useReloadAfter([pricingExtrasKeys.adjustmentLists()]);
  return useMutation({
    mutationFn: (body: CreatePriceAdjustmentBody) =>
      apiRequest<PriceAdjustment>('/pricing/job-price-adjustments', { method: 'POST', body, expect: 200 }),
    onSuccess: reload,
  });
}

/** DELETE /pricing/job-price-adjustments/{id} (spec 2 §7): 400 with a message to show when the invoice is out. */
export function useDeletePriceAdjustment() {
  const reload = useReloadAfter([pricingExtrasKeys.adjustmentLists()]);
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ ok: true }>(`/pricing/job-price-adjustments/${id}`, { method: 'DELETE', expect: 200 }),
    onSuccess: reload,
  });
}

/**
 * PUT /pricing/update/tasks (spec 2 §7, the modal's Save Pay): answers the changed jobs with their new
 * versions; 409 STALE_EDIT or LOCKED_PAID (and 400) carry a message to show.
 */
export function useUpdateTaskPay() {
  const reload = useReloadAfter([pricingExtrasKeys.all]);
  return useMutation({
    mutationFn: (rows: TaskPayRow[]) =>
      apiRequest<PricedJob[]>('/pricing/update/tasks', { method: 'PUT', body: rows, expect: 200 }),
    onSuccess: reload,
  });
}
