import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS } from '@courier/domain/auth/roles';
import { BACKGROUND_LOG_DEFAULT_PAGE_SIZE } from '@courier/domain/background/enums';
import {
  backgroundRunDetailsSchema,
  backgroundRunListQuerySchema,
  backgroundRunListSchema,
  backgroundRunLogPageSchema,
  backgroundRunLogQuerySchema,
  backgroundRunSchema,
  queueLogPagesSchema,
} from '@courier/domain/background/schemas';
import { apiErrorSchema, idParamSchema } from '@courier/domain/common/api';
import type { AppContext } from '../../app-context.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { notFound } from '../../http/errors.ts';
import { findRun, listRuns, runLogPage, toRunView } from '../../platform/background/queries.ts';
import { retryRun } from './retry-run.ts';

// Operational queue logs are the Logs section's, superadmin only (spec 1 §1, §2 and the §6 areas table).
const route = areaRoutes({ access: access.roles(AREAS.logging), tags: ['background'] });

/**
 * The API of the queue-log screens: runs listed with filters, one run with its log, a failed run
 * retried, and the external log pages the tabs frame when configured.
 */
export function backgroundRoutes({ database, config }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/background/runs',
      route({
        summary: 'Background runs, newest first, with filters',
        description:
          '`kind` (e.g. price-increase), `status` (queued, running, completed, failed), `group` (admin or dispatch: the tabs of /logging) and `text` (words in the run number, kind, failure or parameters) narrow the list; `from` and `to` (yyyy-MM-dd, a whole Dublin day, or an ISO date-time) bound when runs were queued, both inclusive. `size` (default 50, at most 200) and `skip` page it; `count` is every run that matches.',
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

    app.post(
      '/background/runs/:id/retry',
      route({
        summary: 'Queue a failed background run again',
        description:
          'The run keeps its state and progress, so it carries on after its last committed step; its attempts start again. 404 when the run does not exist, 409 when it is not failed.',
        params: idParamSchema,
        response: { 200: backgroundRunSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => retryRun(db, { runId: request.params.id, userId: requireSignedIn(request).userId }),
    );

    app.get(
      '/background/queue-log-pages',
      route({
        summary: 'The external queue-log page each tab of /logging frames',
        description:
          'From QUEUE_LOG_ADMIN_URL and QUEUE_LOG_DISPATCH_URL; null when not configured, and the tab shows the queue log of this server.',
        response: { 200: queueLogPagesSchema },
      }),
      async () => config.queueLogUrls,
    );
  };
}
