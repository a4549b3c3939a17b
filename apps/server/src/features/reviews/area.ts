import type { ServerArea } from '../area.ts';
import { reviewRoutes } from './routes.ts';

/** Customer reviews. */
export const reviewsArea: ServerArea = { name: 'reviews', routes: [reviewRoutes] };
