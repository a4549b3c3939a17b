import type { ServerArea } from '../area.ts';
import { FINALISE_RUN_KIND, finaliseRunHandler } from './finalise.ts';
import { PERIODS_RUN_KIND, invoicePeriodsRunHandler, invoicePeriodsSchedule } from './period-schedule.ts';
import { invoiceReportRoutes } from './reports/routes.ts';
import { invoiceReportRunHandlers } from './reports/run-handler.ts';
import { invoicingRoutes } from './routes.ts';

/** Invoice periods (the list, finalising with numbers, documents and e-mail, downloads) and invoice reports. */
export const invoicingArea: ServerArea = {
  name: 'invoicing',
  routes: [invoicingRoutes, invoiceReportRoutes],
  runHandlers: ({ mailer, config }) => ({
    [FINALISE_RUN_KIND]: finaliseRunHandler({ mailer, supplier: config.invoiceSupplier }),
    [PERIODS_RUN_KIND]: invoicePeriodsRunHandler(),
    ...invoiceReportRunHandlers({ mailer }),
  }),
  schedules: [invoicePeriodsSchedule],
};
