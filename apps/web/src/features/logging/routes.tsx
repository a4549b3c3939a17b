import type { AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { areaRoute } from '@/routing/area-routes.ts';
import { placeholder } from '@/routing/guards.ts';

/** /logging: the logs arrive with their own issue; until then the route names itself. */
export function loggingRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  return areaRoute(appRoute, {
    path: '/logging',
    name: 'appLogging',
    section: 'Logs',
    roles: AREAS.logging,
    ...placeholder('Logs'),
  });
}
