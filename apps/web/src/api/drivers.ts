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
import type { DriverProfile, DriverProfileBody, LicenceFile } from '@courier/domain/drivers/profile';
import type {
  registrationRequestBodySchema,
  registrationRequestResponseSchema,
} from '@courier/domain/drivers/setup-schemas';
import type { ApiError } from '@courier/domain/common/api';
import type { z } from 'zod';
import { sessionStore } from '../session/session-store.ts';
import { ApiRequestError, apiRequest } from './client.ts';
import { messageOfApiError } from './error-messages.ts';

type RegistrationRequestResponse = z.infer<typeof registrationRequestResponseSchema>;

// The driver register's calls (spec 2 §7 'Drivers'; issue 13): the list, create and update, the
// setup data, a driver's pay settings, equipment register, profile, licence scan and registration notice.

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

// --- Driver profile and licence scan (spec 2 §3 'Driver profile', §7) ---

export const driverProfileKeys = {
  profile: (uuid: string) => [...driverKeys.all, 'profile', uuid] as const,
};

/** GET /drivers/{uuid}/profile: the eight sections (payment null for anyone but accounts) and the licence file. */
export function driverProfileQuery(uuid: string) {
  return queryOptions({
    queryKey: driverProfileKeys.profile(uuid),
    queryFn: ({ signal }) => apiRequest<DriverProfile>(`/drivers/${uuid}/profile`, { signal, expect: 200 }),
  });
}

export function useDriverProfile(uuid: string) {
  return useQuery(driverProfileQuery(uuid));
}

/** PUT /drivers/{uuid}/profile: the sections sent replace the stored ones; the answer is the whole profile. */
export function useSaveDriverProfile(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DriverProfileBody) =>
      apiRequest<DriverProfile>(`/drivers/${uuid}/profile`, { method: 'PUT', body, expect: 200 }),
    onSuccess: (saved) => queryClient.setQueryData(driverProfileKeys.profile(uuid), saved),
  });
}

/** Who is signed in, for the calls apiRequest cannot make (a multipart body, a file answer). */
function authorisation(): Record<string, string> {
  const { accessToken } = sessionStore.get();
  return accessToken ? { authorization: `Bearer ${accessToken}` } : {};
}

/** A failed call that did not go through apiRequest, turned into the same error it throws. */
async function failureOf(response: Response): Promise<ApiRequestError> {
  const body = (await response.json().catch(() => undefined)) as ApiError | undefined;
  if (response.status === 401 || response.status === 429) sessionStore.signOut();
  return new ApiRequestError(response.status, messageOfApiError(response.status, body), body);
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(`/api${path}`, {
      credentials: 'include',
      ...init,
      headers: { ...authorisation(), ...init.headers },
    });
  } catch {
    throw new ApiRequestError(0, 'The server could not be reached. Check your connection and try again.', undefined);
  }
}

/** PUT /drivers/{uuid}/licence (multipart, the part named `file`): the scan replaces any earlier one. */
export function useUploadLicenceFile(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      const response = await send(`/drivers/${uuid}/licence`, { method: 'PUT', body: form });
      if (response.status !== 200) throw await failureOf(response);
      return ((await response.json()) as { licenceFile: LicenceFile | null }).licenceFile;
    },
    onSuccess: (licenceFile) =>
      queryClient.setQueryData(driverProfileKeys.profile(uuid), (profile: DriverProfile | undefined) =>
        profile ? { ...profile, licenceFile } : profile,
      ),
  });
}

/** DELETE /drivers/{uuid}/licence: the scan is removed. */
export function useDeleteLicenceFile(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ licenceFile: null }>(`/drivers/${uuid}/licence`, { method: 'DELETE', expect: 200 }),
    onSuccess: () =>
      queryClient.setQueryData(driverProfileKeys.profile(uuid), (profile: DriverProfile | undefined) =>
        profile ? { ...profile, licenceFile: null } : profile,
      ),
  });
}

/** GET /drivers/{uuid}/licence: the stored scan, as uploaded. */
export async function fetchLicenceFile(uuid: string): Promise<Blob> {
  const response = await send(`/drivers/${uuid}/licence`, { method: 'GET' });
  if (response.status !== 200) throw await failureOf(response);
  return response.blob();
}

// --- Registration notify (spec 2 §4, §5, §7) ---

/** POST /drivers/send-registration-request: a 400 names the phone or email field with the spec's message. */
export function useSendRegistrationRequest() {
  return useMutation({
    mutationFn: (body: z.input<typeof registrationRequestBodySchema>) =>
      apiRequest<RegistrationRequestResponse>('/drivers/send-registration-request', {
        method: 'POST',
        body,
        expect: 200,
      }),
  });
}
