import type { ServerArea } from '../area.ts';
import { priceAdjustmentRoutes } from './adjustment-routes.ts';
import { pricingRunHandlers } from './increase-run-handler.ts';
import { priceReviewRoutes } from './review-routes.ts';
import { pricingRoutes } from './routes.ts';

/** Tariffs, the price and carrier increases that run in the background, and price review and editing. */
export const pricingArea: ServerArea = {
  name: 'pricing',
  routes: [pricingRoutes, priceReviewRoutes, priceAdjustmentRoutes],
  runHandlers: () => pricingRunHandlers(),
};
