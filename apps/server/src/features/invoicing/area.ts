import type { ServerArea } from '../area.ts';
import { invoicingRoutes } from './routes.ts';

/** Invoice periods. */
export const invoicingArea: ServerArea = { name: 'invoicing', routes: [invoicingRoutes] };
