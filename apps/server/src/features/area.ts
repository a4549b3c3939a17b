import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import type { BackgroundRunnerOptions } from '../platform/background/runner.ts';
import type { ScheduleDefinition } from '../platform/background/schedules.ts';

/** Handlers of background runs by kind, as the runner takes them. */
export type RunHandlers = BackgroundRunnerOptions['handlers'];

/**
 * What a server area gives the app: its route plugins, the background-run handlers it owns and the
 * recurring runs it schedules.
 * Each `features/<area>/area.ts` exports one; `features/index.ts` lists them, and `app.ts` and
 * `main.ts` take routes and handlers from that list, so adding an area edits neither.
 */
export interface ServerArea {
  /** The area's folder under features/. */
  name: string;
  /** Route plugins, registered under /api in this order (each is given the app context). */
  routes: readonly ((context: AppContext) => FastifyPluginAsyncZod)[];
  /** Handlers of the background runs this area starts, by kind (given the app context: mailer, config). */
  runHandlers?: (context: AppContext) => RunHandlers;
  /** Recurring runs of the area's kinds (defineSchedule), registered at start. */
  schedules?: readonly ScheduleDefinition[];
}
