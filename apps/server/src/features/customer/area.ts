import type { ServerArea } from '../area.ts';
import { customerRoutes } from './routes.ts';
import { trackingRoutes } from './tracking-routes.ts';

/** The customer interface group and the tracking events (spec 1 §7; issue 14). */
export const customerArea: ServerArea = { name: 'customer', routes: [customerRoutes, trackingRoutes] };
