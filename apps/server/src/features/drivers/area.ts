import type { ServerArea } from '../area.ts';
import { equipmentRoutes } from './equipment-routes.ts';
import { paySettingsRoutes } from './pay-settings-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { driverRoutes } from './routes.ts';
import { driverSetupRoutes } from './setup-routes.ts';

/**
 * The driver register, its setup data, drivers' pay settings, equipment, profiles and licence scans,
 * the registration notice and dispatch users (issue 13).
 */
export const driversArea: ServerArea = {
  name: 'drivers',
  routes: [driverRoutes, paySettingsRoutes, equipmentRoutes, profileRoutes, driverSetupRoutes],
};
