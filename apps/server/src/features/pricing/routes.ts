import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREAS } from '@courier/domain/auth/roles';
import { apiErrorSchema, idParamSchema, okSchema } from '@courier/domain/common/api';
import {
  carrierIncreaseBodySchema,
  carrierListSchema,
  increaseRunSchema,
  priceIncreaseBodySchema,
  saveTariffBodySchema,
  tariffCodeListSchema,
  tariffListQuerySchema,
  tariffListResponseSchema,
  tariffSchema,
} from '@courier/domain/pricing/schemas';
import type { AppContext } from '../../app-context.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { deleteTariff } from './delete-tariff.ts';
import { findIncreaseJob, increaseLogCsv, increaseRun } from './increase-runs.ts';
import { findCarrier, findTariff, findTariffCode, listCarriers, listTariffCodes, listTariffs, listZones } from './queries.ts';
import { saveTariff } from './save-tariff.ts';
import { startIncrease } from './start-increase.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const pricing = { access: access.roles(AREAS.pricing) };
const tags = ['pricing'];

/** The pricing catalogue of spec 2 §7 and the price and carrier increases; PRICING (or a higher rank) only. */
export function pricingRoutes({ database, config }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/pricing/tariff-codes',
      { config: pricing, schema: { tags, summary: 'Tariff codes (id, code, name)', response: { 200: tariffCodeListSchema, ...errors } } },
      async () => listTariffCodes(db),
    );

    app.get(
      '/pricing/carriers',
      { config: pricing, schema: { tags, summary: 'Carriers (id, code, name)', response: { 200: carrierListSchema, ...errors } } },
      async () => listCarriers(db),
    );

    app.get(
      '/pricing/tariffs',
      {
        config: pricing,
        schema: {
          tags,
          summary: 'One list of tariffs, with its carrier, tariff code and every zone',
          description:
            'Without `account` the list holds base tariffs (no account); with it, that account\'s special tariffs. Without `carrierId` it holds customer tariffs; with it, that carrier\'s tariffs. `tariffCodeId` and `zone` narrow further. At most 2,000 tariffs. 404 when the tariff code or carrier does not exist.',
          querystring: tariffListQuerySchema,
          response: { 200: tariffListResponseSchema, ...errors, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const { query } = request;
        const carrier = query.carrierId ? await findCarrier(db, query.carrierId) : null;
        if (carrier === undefined) throw notFound(`Carrier ${query.carrierId} does not exist.`);
        const tariffCode = query.tariffCodeId ? await findTariffCode(db, query.tariffCodeId) : null;
        if (tariffCode === undefined) throw notFound(`Tariff code ${query.tariffCodeId} does not exist.`);
        const [tariffs, zones] = await Promise.all([listTariffs(db, query), listZones(db)]);
        return { tariffs, carrier, tariffCode, zones };
      },
    );

    app.get(
      '/pricing/tariff/:id',
      { config: pricing, schema: { tags, summary: 'One tariff', params: idParamSchema, response: { 200: tariffSchema, ...errors, 404: apiErrorSchema } } },
      async (request) => {
        const tariff = await findTariff(db, request.params.id);
        if (!tariff) throw notFound(`Tariff ${request.params.id} does not exist.`);
        return tariff;
      },
    );

    app.post(
      '/pricing/tariffs',
      {
        config: pricing,
        schema: {
          tags,
          summary: 'Create a tariff (no id) or update one (with its id)',
          description: 'Price levels must go up in `upTo`, every number 0 or more, prices in whole cents and weights in whole grams. 409 when a tariff for the same account, tariff code, carrier, service and zone exists.',
          body: saveTariffBodySchema,
          response: { 200: tariffSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request) => saveTariff(db, { userId: requireSignedIn(request).userId, input: request.body }),
    );

    app.delete(
      '/pricing/tariffs/:id',
      { config: pricing, schema: { tags, summary: 'Delete a tariff', params: idParamSchema, response: { 200: okSchema, ...errors, 404: apiErrorSchema } } },
      async (request) => {
        await deleteTariff(db, { userId: requireSignedIn(request).userId, id: request.params.id });
        return { ok: true as const };
      },
    );

    const increaseDescription =
      'Checks `sharedSecret` against PRICE_INCREASE_SECRET (403 when wrong or not configured; nothing changes), then queues a background run and answers at once with it; follow it with GET /api/pricing/increases/{id} and download `logUrl.logs`. Every price of every level is raised by `percentIncrease` % and rounded to the cent; tariffs already increased are skipped unless `resetIncreaeRanStatus` is true. 409 while another run of the same kind is queued or running.';

    app.post(
      '/pricing/price-increase',
      {
        config: pricing,
        schema: {
          tags,
          summary: 'Start a price increase of customer tariffs',
          description: `${increaseDescription} Account lists are comma-separated account codes: with \`includeAccounts\` only those accounts' special tariffs are increased, otherwise every base and special tariff; tariffs of \`lowTurnoverAccounts\`, \`excludeAccounts\` and \`excludeSetCallAccounts\` keep their prices. An unknown account code is a 400.`,
          body: priceIncreaseBodySchema,
          response: { 200: increaseRunSchema, ...errors, 409: apiErrorSchema },
        },
      },
      async (request) => startIncrease(db, { kind: 'price-increase', input: request.body, userId: requireSignedIn(request).userId, secret: config.priceIncreaseSecret }),
    );

    app.post(
      '/pricing/carrier-increase',
      {
        config: pricing,
        schema: {
          tags,
          summary: 'Start a carrier increase of one carrier\'s tariffs',
          description: `${increaseDescription} \`serviceCodes\` is a comma-separated list of tariff service codes (DOM, INT, ...); the carrier's tariffs with those services are increased.`,
          body: carrierIncreaseBodySchema,
          response: { 200: increaseRunSchema, ...errors, 409: apiErrorSchema },
        },
      },
      async (request) => startIncrease(db, { kind: 'carrier-increase', input: request.body, userId: requireSignedIn(request).userId, secret: config.priceIncreaseSecret }),
    );

    app.get(
      '/pricing/increases/:id',
      { config: pricing, schema: { tags, summary: 'A price or carrier increase run and its progress', params: idParamSchema, response: { 200: increaseRunSchema, ...errors, 404: apiErrorSchema } } },
      async (request) => {
        const job = await findIncreaseJob(db, request.params.id);
        if (!job) throw notFound(`Increase run ${request.params.id} does not exist.`);
        return increaseRun(job);
      },
    );

    app.get(
      '/pricing/increases/:id/log',
      {
        config: pricing,
        schema: {
          tags,
          summary: 'The run\'s log as CSV: every tariff changed (before and after), skipped or failed',
          params: idParamSchema,
          produces: ['text/csv'],
          response: { 200: z.string().describe('CSV: time, level, tariff, message, before, after'), ...errors, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const job = await findIncreaseJob(db, request.params.id);
        if (!job) throw notFound(`Increase run ${request.params.id} does not exist.`);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${job.kind}-${job.id}-log.csv"`)
          // Streams the CSV page by page; the 200 schema above only documents it.
          .send(increaseLogCsv(db, job.id) as unknown as string);
      },
    );
  };
}
