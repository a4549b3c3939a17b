import type { ServerArea } from '../area.ts';
import { payDocumentRoutes } from './document-routes.ts';
import {
  DRIVER_EXPORTS_RUN_KIND,
  NEW_DRIVERS_CSV_RUN_KIND,
  driverExportsRunHandler,
  newDriversCsvRunHandler,
} from './driver-exports.ts';
import { DRIVER_PAY_REPORT_RUN_KIND, driverPayReportRunHandler } from './driver-pay-report.ts';
import {
  PAY_PERIOD_REVIEW_KIND,
  payPeriodReviewHandler,
  payPeriodReviewSchedule,
} from './move-ended-periods-to-review.ts';
import { payPeriodRoutes } from './routes.ts';
import { DRIVER_DOCUMENTS_RUN_KIND, driverDocumentsRunHandler } from './send-driver-documents.ts';

/**
 * Driver pay periods (issue 13, spec 2 'Driver pay'): the weekly grid's calls, the move of ended
 * weeks to review, and the documents, exports and analysis sent in the background.
 */
export const driverPayArea: ServerArea = {
  name: 'driver-pay',
  routes: [payPeriodRoutes, payDocumentRoutes],
  runHandlers: ({ mailer, config }) => ({
    [PAY_PERIOD_REVIEW_KIND]: payPeriodReviewHandler(),
    [DRIVER_DOCUMENTS_RUN_KIND]: driverDocumentsRunHandler({ mailer, supplier: config.invoiceSupplier }),
    [DRIVER_EXPORTS_RUN_KIND]: driverExportsRunHandler({ mailer }),
    [NEW_DRIVERS_CSV_RUN_KIND]: newDriversCsvRunHandler({ mailer }),
    [DRIVER_PAY_REPORT_RUN_KIND]: driverPayReportRunHandler({ mailer }),
  }),
  schedules: [payPeriodReviewSchedule],
};
