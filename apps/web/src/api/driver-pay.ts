import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { NO_PAY_SETTINGS, type PayFormulaSettings } from '@courier/domain/driver-pay/formulas';
import type { PayWeek } from '@courier/domain/driver-pay/pay-weeks';
import type { FinalisePayPeriodsBody, PayPeriod, SavePayPeriodsBody } from '@courier/domain/driver-pay/schemas';
import type { PaySettings } from '@courier/domain/drivers/schemas';
import { sessionStore } from '../session/session-store.ts';
import { ApiRequestError, apiRequest } from './client.ts';
import { paySettingsQuery } from './drivers.ts';
import { messageOfApiError } from './error-messages.ts';

// The 'Pay' calls of spec 2 §7 (issue 13): a week's pay periods, their save, finalisation and CSV.

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

/** The formula inputs of a driver's pay settings: what computePayPeriod reads. */
function formulaSettingsOf(settings: PaySettings): PayFormulaSettings {
  if (!settings.saved) return NO_PAY_SETTINGS;
  return {
    applyFuelSurcharge: settings.applyFuelSurcharge,
    minPay: settings.minPay,
    maxBoost: settings.maxBoost,
    attendanceBonusOneDay: settings.attendanceBonusOneDay,
    attendanceBonusTwoDay: settings.attendanceBonusTwoDay,
    attendanceBonusThreeDay: settings.attendanceBonusThreeDay,
    attendanceBonusFourDay: settings.attendanceBonusFourDay,
    attendanceBonusFiveDay: settings.attendanceBonusFiveDay,
    cargoBonusRate: settings.cargoBonusRate,
    helmetBonusRate: settings.helmetBonusRate,
    backBoxBonusRate: settings.backBoxBonusRate,
    cargoRentalDeduction: settings.cargoRentalDeduction,
    equipmentRentalDeduction: settings.equipmentRentalDeduction,
  };
}

/**
 * The pay settings computePayPeriod needs for the grid's live totals, by driver id. Only drivers with
 * saved settings are asked for (the others are paid by NO_PAY_SETTINGS, as on the server); a driver
 * whose settings have not arrived yet is absent from the map.
 */
export function usePayFormulaSettings(periods: readonly PayPeriod[]): ReadonlyMap<number, PayFormulaSettings> {
  const asked = [...new Set(periods.filter((period) => period.paySettingsSaved).map((period) => period.driver.id))];
  return useQueries({
    queries: asked.map((driverId) => ({ ...paySettingsQuery(driverId), staleTime: 60_000 })),
    combine: (results) => {
      const settings = new Map<number, PayFormulaSettings>();
      for (const period of periods) if (!period.paySettingsSaved) settings.set(period.driver.id, NO_PAY_SETTINGS);
      results.forEach((result, index) => {
        const driverId = asked[index];
        if (result.data && driverId !== undefined) settings.set(driverId, formulaSettingsOf(result.data));
      });
      return settings;
    },
  });
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

/** GET /pay/period/csv: the week's periods as a CSV file, saved under the name the server gives it. */
export async function downloadPayPeriodsCsv(week: PayWeek): Promise<void> {
  const { accessToken } = sessionStore.get();
  const query = new URLSearchParams({ start: week.start, end: week.end });
  let response: Response;
  try {
    response = await fetch(`/api/pay/period/csv?${query.toString()}`, {
      credentials: 'include',
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    });
  } catch {
    throw new ApiRequestError(0, 'The server could not be reached. Check your connection and try again.', undefined);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as Parameters<typeof messageOfApiError>[1];
    if (response.status === 401 || response.status === 429) sessionStore.signOut();
    throw new ApiRequestError(response.status, messageOfApiError(response.status, body), body);
  }
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `driver-pay-${week.start}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
