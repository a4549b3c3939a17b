import type { ServerArea } from '../area.ts';
import {
  PAY_PERIOD_REVIEW_KIND,
  payPeriodReviewHandler,
  payPeriodReviewSchedule,
} from './move-ended-periods-to-review.ts';
import { payPeriodRoutes } from './routes.ts';

/** Driver pay periods (issue 13, spec 2 'Driver pay'): the weekly grid's calls and the move of ended weeks to review. */
export const driverPayArea: ServerArea = {
  name: 'driver-pay',
  routes: [payPeriodRoutes],
  runHandlers: () => ({ [PAY_PERIOD_REVIEW_KIND]: payPeriodReviewHandler() }),
  schedules: [payPeriodReviewSchedule],
};
