import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DriverDocumentType,
  type MessageResponse,
  type PayPdfResponse,
  type PushMessageBody,
  type RunStarted,
  type SendDriverDocumentBody,
  type SendStarted,
} from '@courier/domain/driver-pay/documents';
import type { PayFormulaSettings } from '@courier/domain/driver-pay/formulas';
import { DRIVER_PAY_REPORT_WEEKS } from '@courier/domain/driver-pay/pay-report';
import type { PayWeek } from '@courier/domain/driver-pay/pay-weeks';
import type {
  CreatePayPeriodBody,
  FinalisePayPeriodsBody,
  MarkPayPeriodsPaidBody,
  PayPeriod,
  SavePayPeriodsBody,
} from '@courier/domain/driver-pay/schemas';
import { apiFile, apiRequest, type ApiFile } from './client.ts';

// The 'Pay' calls of spec 2 §7 (issue 13): a week's pay periods, their save, creation, finalisation,
// marking paid (docs/decisions/013), the CSV, documents and the sends.

export const payPeriodKeys = {
  all: ['pay-periods'] as const,
  weeks: () => [...payPeriodKeys.all, 'week'] as const,
  /** One Monday-to-Sunday week, named by its Monday. */
  week: (week: PayWeek) => [...payPeriodKeys.weeks(), week.start] as const,
};

/** GET /pay/period?start&end: every driver's period of the week (the server creates missing ACTIVE ones). */
export function payWeekQuery(week: PayWeek) {
  return queryOptions({
    queryKey: payPeriodKeys.week(week),
    queryFn: ({ signal }) =>
      apiRequest<PayPeriod[]>('/pay/period', { query: { start: week.start, end: week.end }, signal, expect: 200 }),
  });
}

export function usePayWeek(week: PayWeek) {
  return useQuery(payWeekQuery(week));
}

/** The pay settings each driver's period carries (what computePayPeriod reads), by driver id. */
export function payFormulaSettingsOf(periods: readonly PayPeriod[]): ReadonlyMap<number, PayFormulaSettings> {
  return new Map(periods.map((period) => [period.driver.id, period.settings]));
}

/** Periods answered by a save or finalise replace those of the week's list with the same id. */
function mergeInto(week: PayWeek, answered: readonly PayPeriod[]) {
  const byId = new Map(answered.filter((period) => period.start === week.start).map((period) => [period.id, period]));
  return (list: PayPeriod[] | undefined) => list?.map((period) => byId.get(period.id) ?? period);
}

/**
 * POST /pay/period: the changed active and in-review periods, all or nothing. The answer holds every
 * period of the weeks saved and replaces the week's list (spec 2 §7).
 */
export function useSavePayPeriods(week: PayWeek) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePayPeriodsBody) =>
      apiRequest<PayPeriod[]>('/pay/period', { method: 'POST', body, expect: 200 }),
    onSuccess: (saved) =>
      queryClient.setQueryData(
        payPeriodKeys.week(week),
        saved.filter((period) => period.start === week.start),
      ),
  });
}

/** POST /pay/period/finalise: in-review periods move to Pending payment; the week's list takes them in. */
export function useFinalisePayPeriods(week: PayWeek) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FinalisePayPeriodsBody) =>
      apiRequest<PayPeriod[]>('/pay/period/finalise', { method: 'POST', body, expect: 200 }),
    onSuccess: (finalised) => queryClient.setQueryData(payPeriodKeys.week(week), mergeInto(week, finalised)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payPeriodKeys.week(week) }),
  });
}

/** GET /pay/period/csv: the week's periods as a CSV file, with the name the server gives it. */
export function fetchPayPeriodsCsv(week: PayWeek): Promise<ApiFile> {
  return apiFile('/pay/period/csv', {
    query: { start: week.start, end: week.end },
    fallbackName: `driver-pay-${week.start}.csv`,
  });
}

/** A driver's timesheet or document of a pay period as a PDF (spec 2 §7): file name and bytes. */
export async function fetchPayDocument(
  payPeriodId: number,
  document: 'timesheet' | DriverDocumentType,
  mergeExtras: boolean,
): Promise<ApiFile> {
  const pdf =
    document === 'timesheet'
      ? await apiRequest<PayPdfResponse>('/pay/period/timesheet', { query: { payPeriodId, mergeExtras }, expect: 200 })
      : await apiRequest<PayPdfResponse>('/pay/period/driver-document', {
          query: { payPeriodId, documentType: document, mergeExtras },
          expect: 200,
        });
  const bytes = Uint8Array.from(atob(pdf.body), (c) => c.charCodeAt(0));
  return { fileName: pdf.fileName, file: new Blob([bytes], { type: pdf.contentType }) };
}

/** PUT /pay/period/send-driver-document: e-mails each chosen period's document to its driver, in the background. */
export function useSendDriverDocuments() {
  return useMutation({
    mutationFn: (body: SendDriverDocumentBody) =>
      apiRequest<SendStarted>('/pay/period/send-driver-document', { method: 'PUT', body, expect: 200 }),
  });
}

/**
 * POST /pay/period/paid (docs/decisions/013): pending-payment periods become Paid; the week's list
 * takes them in.
 */
export function useMarkPayPeriodsPaid(week: PayWeek) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkPayPeriodsPaidBody) =>
      apiRequest<PayPeriod[]>('/pay/period/paid', { method: 'POST', body, expect: 200 }),
    onSuccess: (paid) => queryClient.setQueryData(payPeriodKeys.week(week), mergeInto(week, paid)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payPeriodKeys.week(week) }),
  });
}

/** POST /pay/period/create: a period for a driver with none in the week; the week's list takes it in. */
export function useCreatePayPeriod(week: PayWeek) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (driverId: number) => {
      const body: CreatePayPeriodBody = { driverId, start: week.start };
      return apiRequest<PayPeriod>('/pay/period/create', { method: 'POST', body, expect: 200 });
    },
    onSuccess: (created) =>
      queryClient.setQueryData(payPeriodKeys.week(week), (list: PayPeriod[] | undefined) =>
        list && !list.some((period) => period.id === created.id)
          ? [...list, created].sort((a, b) => a.driver.driverNumber - b.driver.driverNumber)
          : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payPeriodKeys.week(week) }),
  });
}

/** PUT /pay/period/generate-driver-pay-report: the analysis of the last 12 weeks (spec 2 §9), e-mailed to the requester. */
export function useGenerateDriverPayReport() {
  return useMutation({
    mutationFn: () =>
      apiRequest<RunStarted>('/pay/period/generate-driver-pay-report', {
        method: 'PUT',
        body: { weeks: DRIVER_PAY_REPORT_WEEKS },
        expect: 200,
      }),
  });
}

/** PUT /pay/period/send-driver-exports: the week's pay and ledger CSVs, e-mailed to the requester. */
export function useSendDriverExports() {
  return useMutation({
    mutationFn: (week: PayWeek) =>
      apiRequest<RunStarted>('/pay/period/send-driver-exports', {
        method: 'PUT',
        body: { start: week.start },
        expect: 200,
      }),
  });
}

/** PUT /pay/period/send-new-drivers-csv: the drivers paid for the first time in the week, e-mailed to the requester. */
export function useSendNewDriversCsv() {
  return useMutation({
    mutationFn: (week: PayWeek) =>
      apiRequest<RunStarted>('/pay/period/send-new-drivers-csv', {
        method: 'PUT',
        body: { start: week.start },
        expect: 200,
      }),
  });
}

/** PUT /pay/period/push-message: a message to the driver's app. */
export function usePushMessage() {
  return useMutation({
    mutationFn: (body: PushMessageBody) =>
      apiRequest<MessageResponse>('/pay/period/push-message', { method: 'PUT', body, expect: 200 }),
  });
}
