import type { ServerArea } from '../area.ts';
import { backgroundRoutes } from './routes.ts';

/** The read API of background runs, for the queue-log screens (the runner itself is platform). */
export const backgroundArea: ServerArea = {
  name: 'background',
  routes: [backgroundRoutes],
};
