import { lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { payWeekQuery } from '@/api/driver-pay.ts';
import { setupUserListQuery } from '@/api/driver-setup.ts';
import { driverListQuery } from '@/api/drivers.ts';
import { screenRoute, sectionRoutes } from '@/routing/area-routes.ts';
import { startQuery } from '@/routing/start-query.ts';
import { activeFromOf, driverListSearchSchema } from './driver-list-search.ts';
import { driverPaySearchSchema, payWeekOfSearch } from './pay/pay-search.ts';
import { driverSetupSearchSchema, setupUserListBodyOf } from './setup/setup-search.ts';

/** /drivers: the driver list, driver setup, driver pay. */
export function driversRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  return sectionRoutes(
    appRoute,
    {
      path: '/drivers',
      name: 'appDrivers',
      section: 'Drivers',
      roles: AREAS.driverList,
      index: '/drivers/list',
      component: lazyRouteComponent(() => import('./drivers-layout.tsx'), 'DriversLayout'),
    },
    (drivers) => [
      screenRoute(drivers, {
        path: '/list',
        name: 'driverList',
        validateSearch: driverListSearchSchema,
        loader: ({ location }) =>
          startQuery(driverListQuery(activeFromOf(driverListSearchSchema.parse(location.search)))),
        component: lazyRouteComponent(() => import('./driver-list-screen.tsx'), 'DriverListScreen'),
      }),
      screenRoute(drivers, {
        path: '/setup',
        name: 'driverSetupList',
        roles: AREAS.driverSetup,
        validateSearch: driverSetupSearchSchema,
        loader: ({ location }) =>
          startQuery(setupUserListQuery(setupUserListBodyOf(driverSetupSearchSchema.parse(location.search)))),
        component: lazyRouteComponent(() => import('./setup/driver-setup-screen.tsx'), 'DriverSetupScreen'),
      }),
      screenRoute(drivers, {
        path: '/pay',
        name: 'driverPay',
        roles: AREAS.driverPay,
        validateSearch: driverPaySearchSchema,
        loader: ({ location }) =>
          startQuery(payWeekQuery(payWeekOfSearch(driverPaySearchSchema.parse(location.search)))),
        component: lazyRouteComponent(() => import('./pay/driver-pay-screen.tsx'), 'DriverPayScreen'),
      }),
    ],
  );
}
