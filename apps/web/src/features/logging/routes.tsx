import { lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { queueLogPagesQuery, runListQuery } from '@/api/background-runs.ts';
import { areaRoute, screenRoute } from '@/routing/area-routes.ts';
import { startQuery } from '@/routing/start-query.ts';
import { loggingSearchSchema, runListFilterOf } from './logging-search.ts';

/** /logging: the Admin and Dispatch queue logs (spec 1 §2), superadmin only. */
export function loggingRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  const logging = areaRoute(appRoute, { path: '/logging', name: 'appLogging', section: 'Logs', roles: AREAS.logging });
  // The screen is the section's index, so its tab and filters live in /logging's own search params.
  return logging.addChildren([
    screenRoute(logging, {
      path: '/',
      name: 'queueLogs',
      validateSearch: loggingSearchSchema,
      loader: ({ location }) => {
        startQuery(queueLogPagesQuery);
        startQuery(runListQuery(runListFilterOf(loggingSearchSchema.parse(location.search))));
      },
      component: lazyRouteComponent(() => import('./logging-screen.tsx'), 'LoggingScreen'),
    }),
  ]);
}
