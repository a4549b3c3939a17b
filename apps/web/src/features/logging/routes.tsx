import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { guarded, placeholder } from '@/routing/guards.ts';

/** /logging: the logs arrive with their own issue; until then the route names itself. */
export function loggingRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  return createRoute({
    getParentRoute: () => appRoute,
    path: '/logging',
    staticData: { name: 'appLogging', section: 'Logs' },
    beforeLoad: guarded(AREAS.logging),
    ...placeholder('Logs'),
  });
}
