import type { BookingFilterParams } from '@courier/domain/bookings/schemas';
import { apiFile } from '@/api/client.ts';
import { saveFile } from '@/ui/save-file.ts';

/** GET /api/bookings/csv as a file named bookings.csv (built by the server, streamed). */
export async function downloadBookingsCsv(filter: BookingFilterParams): Promise<void> {
  const { file } = await apiFile('/bookings/csv', { query: { ...filter }, fallbackName: 'bookings.csv' });
  saveFile('bookings.csv', file);
}
