import type { ServerArea } from '../area.ts';
import { pricingRunHandlers } from './increase-run-handler.ts';
import { pricingRoutes } from './routes.ts';

/** Tariffs, and the price and carrier increases that run in the background. */
export const pricingArea: ServerArea = {
  name: 'pricing',
  routes: [pricingRoutes],
  runHandlers: () => pricingRunHandlers(),
};
