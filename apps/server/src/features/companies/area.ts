import type { ServerArea } from '../area.ts';
import { companyUserRoutes } from './company-user-routes.ts';
import { companyReferenceRoutes } from './reference-routes.ts';
import { companyRoutes } from './routes.ts';
import { setCallRunHandlers } from './set-call-run/run-handler.ts';
import { setCallRunSchedule } from './set-call-run/schedule.ts';
import { setCallRoutes } from './set-call-routes.ts';
import { companySettingsRoutes } from './settings-routes.ts';

/** Companies: list and details, settings, client references, company users, set calls and their daily bookings. */
export const companiesArea: ServerArea = {
  name: 'companies',
  routes: [companyRoutes, companySettingsRoutes, companyReferenceRoutes, companyUserRoutes, setCallRoutes],
  runHandlers: () => setCallRunHandlers(),
  schedules: [setCallRunSchedule()],
};
