import type { ServerArea } from '../area.ts';
import { FINALISE_RUN_KIND, finaliseRunHandler } from './finalise.ts';
import { PERIODS_RUN_KIND, invoicePeriodsRunHandler, invoicePeriodsSchedule } from './period-schedule.ts';
import { invoicingRoutes } from './routes.ts';

/** Invoice periods: the list, finalising (numbers, documents, e-mail), downloads and the periods' schedule. */
export const invoicingArea: ServerArea = {
  name: 'invoicing',
  routes: [invoicingRoutes],
  runHandlers: ({ mailer, config }) => ({
    [FINALISE_RUN_KIND]: finaliseRunHandler({ mailer, supplier: config.invoiceSupplier }),
    [PERIODS_RUN_KIND]: invoicePeriodsRunHandler(),
  }),
  schedules: [invoicePeriodsSchedule],
};
