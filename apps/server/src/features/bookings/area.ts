import type { ServerArea } from '../area.ts';
import { bookingRoutes } from './routes.ts';

/** Bookings and their jobs: the list, details, summaries and the CSV. */
export const bookingsArea: ServerArea = { name: 'bookings', routes: [bookingRoutes] };
