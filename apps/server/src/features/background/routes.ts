import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS } from '@courier/domain/auth/roles';
import {
  BACKGROUND_LOG_DEFAULT_PAGE_SIZE,
  backgroundRunDetailsSchema,
  backgroundRunListQuerySchema,
  backgroundRunListSchema,
  backgroundRunLogPageSchema,
  backgroundRunLogQuerySchema,
} from '@courier/domain/background/schemas';
import { apiErrorSchema, idParamSchema } from '@courier/domain/common/api';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../http/access.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { notFound } from '../../http/errors.ts';
import { findRun, listRuns, runLogPage, toRunView } from '../../platform/background/queries.ts';

// Operational queue logs are the Logs section's, superadmin only (spec 1 §1, §2 and the §6 areas table).
const route = areaRoutes({ access: access.roles(AREAS.logging), tags: ['background'] });

/** The read API of background runs for the queue-log screens: list with filters, one run with its log. */
export function backgroundRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/background/runs',
      route({
        summary: 'Background runs, newest first, with filters',
        description:
          '`kind` (e.g. price-increase) and `status` (queued, running, completed, failed) narrow the list; `from` and `to` (yyyy-MM-dd, a whole Dublin day, or an ISO date-time) bound when runs were queued, both inclusive. `size` (default 50, at most 200) and `skip` page it; `count` is every run that matches.',
        querystring: backgroundRunListQuerySchema,
        response: { 200: backgroundRunListSchema },
      }),
      async (request) => listRuns(db, request.query),
    );

    app.get(
      '/background/runs/:id',
      route({
        summary: 'One background run with the first page of its log',
        description: `The log holds the first ${BACKGROUND_LOG_DEFAULT_PAGE_SIZE} lines, oldest first, and \`count\` of all; page on with /log. 404 when the run does not exist.`,
        params: idParamSchema,
        response: { 200: backgroundRunDetailsSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const run = await findRun(db, request.params.id);
        if (!run) throw notFound(`Background run ${request.params.id} does not exist.`);
        return {
          run: toRunView(run),
          log: await runLogPage(db, run.id, { size: BACKGROUND_LOG_DEFAULT_PAGE_SIZE, skip: 0 }),
        };
      },
    );

    app.get(
      '/background/runs/:id/log',
      route({
        summary: "A page of a background run's log, oldest line first",
        description: '`size` (default 100, at most 1,000) and `skip` page it. 404 when the run does not exist.',
        params: idParamSchema,
        querystring: backgroundRunLogQuerySchema,
        response: { 200: backgroundRunLogPageSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const run = await findRun(db, request.params.id);
        if (!run) throw notFound(`Background run ${request.params.id} does not exist.`);
        return runLogPage(db, run.id, request.query);
      },
    );
  };
}
