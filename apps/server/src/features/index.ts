import type { AppContext } from '../app-context.ts';
import type { ScheduleDefinition } from '../platform/background/schedules.ts';
import type { RunHandlers, ServerArea } from './area.ts';
import { addressesArea } from './addresses/area.ts';
import { authArea } from './auth/area.ts';
import { backgroundArea } from './background/area.ts';
import { bookingsArea } from './bookings/area.ts';
import { companiesArea } from './companies/area.ts';
import { customerArea } from './customer/area.ts';
import { driversArea } from './drivers/area.ts';
import { driverPayArea } from './driver-pay/area.ts';
import { invoicingArea } from './invoicing/area.ts';
import { pricingArea } from './pricing/area.ts';
import { reviewsArea } from './reviews/area.ts';
import { systemArea } from './system/area.ts';
import { usersArea } from './users/area.ts';

/**
 * Every server area, in the order their routes are registered (the OpenAPI document lists paths in
 * this order). A new area adds its `area.ts` and one line here.
 */
export const serverAreas: readonly ServerArea[] = [
  systemArea,
  authArea,
  usersArea,
  companiesArea,
  addressesArea,
  reviewsArea,
  pricingArea,
  bookingsArea,
  invoicingArea,
  driversArea,
  driverPayArea,
  backgroundArea,
  customerArea,
];

/** The background-run handlers of every area, by kind (a kind named twice is a mistake, caught here). */
export function serverRunHandlers(context: AppContext, areas: readonly ServerArea[] = serverAreas): RunHandlers {
  const handlers: RunHandlers = {};
  for (const area of areas) {
    for (const [kind, handler] of Object.entries(area.runHandlers?.(context) ?? {})) {
      if (kind in handlers)
        throw new Error(`Background run kind '${kind}' is handled by two areas (one is ${area.name}).`);
      handlers[kind] = handler;
    }
  }
  return handlers;
}

/** The recurring runs every area schedules (registered at start; each slot fires once across servers). */
export function serverSchedules(areas: readonly ServerArea[] = serverAreas): ScheduleDefinition[] {
  return areas.flatMap((area) => area.schedules ?? []);
}
