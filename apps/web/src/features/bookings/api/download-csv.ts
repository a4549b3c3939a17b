import type { BookingFilterParams } from '@courier/domain/bookings/schemas';
import { ApiRequestError } from '@/api/client.ts';
import { sessionStore } from '@/session/session-store.ts';
import { saveFile } from '@/ui/save-file.ts';

/** GET /api/bookings/csv as a file named bookings.csv (built by the server, streamed). */
export async function downloadBookingsCsv(filter: BookingFilterParams): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  const { accessToken } = sessionStore.get();
  const response = await fetch(`/api/bookings/csv?${params.toString()}`, {
    credentials: 'include',
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
    if (response.status === 401 || response.status === 429) sessionStore.signOut();
    throw new ApiRequestError(response.status, body?.message ?? `The download failed (${response.status}).`, undefined);
  }
  saveFile('bookings.csv', await response.blob());
}
