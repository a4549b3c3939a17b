import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateDriverBody,
  Driver,
  DriverSetupData,
  EquipmentBody,
  EquipmentEntry,
  PaySettings,
  PaySettingsBody,
  UpdateDriverBody,
} from '@courier/domain/drivers/schemas';
import { apiRequest } from './client.ts';

// The driver register's calls (spec 2 §7 'Drivers'; issue 13): the list, create and update, the
// setup data, a driver's pay settings and equipment register.

export const driverKeys = {
  all: ['drivers'] as const,
  lists: () => [...driverKeys.all, 'list'] as const,
  /** activeFrom: a yyyy-MM-dd day, or undefined for every driver. */
  list: (activeFrom: string | undefined) => [...driverKeys.lists(), { activeFrom }] as const,
  setupData: () => [...driverKeys.all, 'setup-data'] as const,
  paySettings: (driverId: number) => [...driverKeys.all, driverId, 'pay-settings'] as const,
  equipment: (driverId: number) => [...driverKeys.all, driverId, 'equipment'] as const,
};

/** GET /drivers?activeFrom: drivers last online on or after that day (and those never online yet). */
export function driverListQuery(activeFrom: string | undefined) {
  return queryOptions({
    queryKey: driverKeys.list(activeFrom),
    queryFn: ({ signal }) => apiRequest<Driver[]>('/drivers', { query: { activeFrom }, signal, expect: 200 }),
    placeholderData: keepPreviousData,
  });
}

export function useDriverList(activeFrom: string | undefined) {
  return useQuery(driverListQuery(activeFrom));
}

/** GET /drivers/setup-data (accounts only): the dispatch room names among other things. */
export function useDriverSetupData(enabled: boolean) {
  return useQuery({
    queryKey: driverKeys.setupData(),
    queryFn: ({ signal }) => apiRequest<DriverSetupData>('/drivers/setup-data', { signal, expect: 200 }),
    enabled,
    staleTime: 60_000,
  });
}

/** POST /drivers/create: a new driver of the register; the lists reload. */
export function useCreateDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDriverBody) =>
      apiRequest<Driver>('/drivers/create', { method: 'POST', body, expect: 200 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: driverKeys.all }),
  });
}

/** PUT /drivers/update: a full save of one driver; the lists reload. */
export function useUpdateDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDriverBody) => apiRequest<Driver>('/drivers/update', { method: 'PUT', body, expect: 200 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: driverKeys.lists() }),
  });
}

/** GET /drivers/{id}/pay-settings (accounts only). */
export function paySettingsQuery(driverId: number) {
  return queryOptions({
    queryKey: driverKeys.paySettings(driverId),
    queryFn: ({ signal }) => apiRequest<PaySettings>(`/drivers/${driverId}/pay-settings`, { signal, expect: 200 }),
  });
}

export function usePaySettings(driverId: number) {
  return useQuery(paySettingsQuery(driverId));
}

/** PUT /drivers/{id}/pay-settings: a 400 carries the spec's message and a detail per field (spec 2 §5). */
export function useSavePaySettings(driverId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaySettingsBody) =>
      apiRequest<PaySettings>(`/drivers/${driverId}/pay-settings`, { method: 'PUT', body, expect: 200 }),
    onSuccess: (saved) => queryClient.setQueryData(driverKeys.paySettings(driverId), saved),
  });
}

/** GET /drivers/{id}/equipment: on loan first, then returned. */
export function equipmentQuery(driverId: number) {
  return queryOptions({
    queryKey: driverKeys.equipment(driverId),
    queryFn: ({ signal }) => apiRequest<EquipmentEntry[]>(`/drivers/${driverId}/equipment`, { signal, expect: 200 }),
  });
}

export function useEquipment(driverId: number) {
  return useQuery(equipmentQuery(driverId));
}

/** PUT /drivers/{id}/equipment: the whole register (entries left out are deleted); the list's Equipment column reloads. */
export function useSaveEquipment(driverId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EquipmentBody) =>
      apiRequest<EquipmentEntry[]>(`/drivers/${driverId}/equipment`, { method: 'PUT', body, expect: 200 }),
    onSuccess: (saved) => {
      queryClient.setQueryData(driverKeys.equipment(driverId), saved);
      return queryClient.invalidateQueries({ queryKey: driverKeys.lists() });
    },
  });
}
