import type { ServerArea } from '../area.ts';
import { equipmentRoutes } from './equipment-routes.ts';
import { paySettingsRoutes } from './pay-settings-routes.ts';
import { driverRoutes } from './routes.ts';

/** The driver register, its setup data, drivers' pay settings and equipment (issue 13). */
export const driversArea: ServerArea = {
  name: 'drivers',
  routes: [driverRoutes, paySettingsRoutes, equipmentRoutes],
};
