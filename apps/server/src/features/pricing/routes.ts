import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREAS } from '@courier/domain/auth/roles';
import { apiErrorSchema, idParamSchema, okSchema } from '@courier/domain/common/api';
import {
  carrierIncreaseBodySchema,
  carrierListSchema,
  increaseRunSchema,
  type IncreaseKind,
  priceIncreaseBodySchema,
  saveTariffBodySchema,
  tariffCodeListSchema,
  tariffListQuerySchema,
  tariffListResponseSchema,
  tariffSchema,
} from '@courier/domain/pricing/schemas';
import type { AppContext } from '../../app-context.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { deleteTariff } from './delete-tariff.ts';
import { findIncreaseRun, increaseLogCsv, increaseRun } from './increase-runs.ts';
import { findCarrier, listCarriers } from '../../core/carriers.ts';
import { listTariffCodes } from '../../core/tariff-codes.ts';
import { findTariff, findTariffCode, listTariffs, listZoneGeoCodes, listZones } from './queries.ts';
import { saveTariff } from './save-tariff.ts';
import { startIncrease } from './start-increase.ts';
import { checkAuthorisationCode } from './check-authorisation-code.ts';

const pricingRoute = areaRoutes({ access: access.roles(AREAS.pricing), tags: ['pricing'] });

/** The pricing catalogue of spec 2 §7 and the price and carrier increases; PRICING (or a higher rank) only. */
export function pricingRoutes({ database, config }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/pricing/tariff-codes',
      pricingRoute({ summary: 'Tariff codes (id, code, name)', response: { 200: tariffCodeListSchema } }),
      async () => listTariffCodes(db),
    );

    app.get(
      '/pricing/carriers',
      pricingRoute({ summary: 'Carriers (id, code, name)', response: { 200: carrierListSchema } }),
      async () => listCarriers(db),
    );

    app.get(
      '/pricing/tariffs',
      pricingRoute({
        summary: "One list of tariffs, with its carrier, tariff code, every zone and every zone's outlines",
        description:
          "Without `account` the list holds base tariffs (no account); with it, that account's special tariffs. Without `carrierId` it holds customer tariffs; with it, that carrier's tariffs. `tariffCodeId` and `zone` narrow further. `geoCodeData` holds every zone's outlines for the zones map: one ring of latitude/longitude points per area of the zone, none for a zone that is only a country list. At most 2,000 tariffs. 404 when the tariff code or carrier does not exist.",
        querystring: tariffListQuerySchema,
        response: { 200: tariffListResponseSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const { query } = request;
        const carrier = query.carrierId ? await findCarrier(db, query.carrierId) : null;
        if (carrier === undefined) throw notFound(`Carrier ${query.carrierId} does not exist.`);
        const tariffCode = query.tariffCodeId ? await findTariffCode(db, query.tariffCodeId) : null;
        if (tariffCode === undefined) throw notFound(`Tariff code ${query.tariffCodeId} does not exist.`);
        const [tariffs, zones, geoCodeData] = await Promise.all([
          listTariffs(db, query),
          listZones(db),
          listZoneGeoCodes(db),
        ]);
        return { tariffs, carrier, tariffCode, zones, geoCodeData };
      },
    );

    app.get(
      '/pricing/tariff/:id',
      pricingRoute({
        summary: 'One tariff',
        params: idParamSchema,
        response: { 200: tariffSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const tariff = await findTariff(db, request.params.id);
        if (!tariff) throw notFound(`Tariff ${request.params.id} does not exist.`);
        return tariff;
      },
    );

    app.post(
      '/pricing/tariffs',
      pricingRoute({
        summary: 'Create a tariff (no id) or update one (with its id)',
        description:
          'Price levels must go up in `upTo`, every number 0 or more, prices in whole cents and weights in whole grams. 404 when `id` names no tariff; 409 when a tariff for the same account, tariff code, carrier, service and zone exists.',
        body: saveTariffBodySchema,
        response: { 200: tariffSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => saveTariff(db, { userId: requireSignedIn(request).userId, input: request.body }),
    );

    app.delete(
      '/pricing/tariffs/:id',
      pricingRoute({
        summary: 'Delete a tariff',
        params: idParamSchema,
        response: { 200: okSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        await deleteTariff(db, { userId: requireSignedIn(request).userId, id: request.params.id });
        return { ok: true as const };
      },
    );

    /**
     * Runs before the body is validated: a wrong code is answered (403, audited; after too many every code is a 403 saying when to try again)
     * whatever else the body holds, so guessing learns nothing about the scope. An absent or empty code
     * is left to the body schema (400), like any other missing field.
     */
    const authorisationCodeFirst =
      (kind: IncreaseKind) =>
      async (request: FastifyRequest): Promise<void> => {
        const given: unknown = (request.body as { sharedSecret?: unknown } | null | undefined)?.sharedSecret;
        if (typeof given !== 'string' || given === '') return;
        await checkAuthorisationCode(db, {
          userId: requireSignedIn(request).userId,
          given,
          configured: config.priceIncreaseSecret,
          kind,
        });
      };

    const increaseDescription =
      'Checks `sharedSecret` against PRICE_INCREASE_SECRET before the rest of the body (403 when wrong or not configured; nothing changes; every wrong code is audited, and after 5 wrong codes in 15 minutes every code is refused with a 403 saying when to try again, not a 429, which would sign the user out), then queues a background run and answers at once with it; follow it with GET /api/pricing/increases/{id} and download `logUrl.logs`. Every price of every level is raised by `percentIncrease` % and rounded to the cent; tariffs already increased are skipped unless `resetIncreaeRanStatus` is true. 409 while another run of the same kind is queued or running.';

    app.post(
      '/pricing/price-increase',
      {
        ...pricingRoute({
          summary: 'Start a price increase of customer tariffs',
          description: `${increaseDescription} Account lists are comma-separated account codes: with \`includeAccounts\` only those accounts' special tariffs are increased, otherwise every base and special tariff; tariffs of \`lowTurnoverAccounts\`, \`excludeAccounts\` and \`excludeSetCallAccounts\` keep their prices. An unknown account code is a 400.`,
          body: priceIncreaseBodySchema,
          response: { 200: increaseRunSchema, 403: apiErrorSchema, 409: apiErrorSchema },
        }),
        preValidation: authorisationCodeFirst('price-increase'),
      },
      async (request) =>
        startIncrease(db, {
          kind: 'price-increase',
          input: request.body,
          userId: requireSignedIn(request).userId,
          secret: config.priceIncreaseSecret,
        }),
    );

    app.post(
      '/pricing/carrier-increase',
      {
        ...pricingRoute({
          summary: "Start a carrier increase of one carrier's tariffs",
          description: `${increaseDescription} \`serviceCodes\` is a comma-separated list of tariff service codes (DOM, INT, ...); the carrier's tariffs with those services are increased.`,
          body: carrierIncreaseBodySchema,
          response: { 200: increaseRunSchema, 403: apiErrorSchema, 409: apiErrorSchema },
        }),
        preValidation: authorisationCodeFirst('carrier-increase'),
      },
      async (request) =>
        startIncrease(db, {
          kind: 'carrier-increase',
          input: request.body,
          userId: requireSignedIn(request).userId,
          secret: config.priceIncreaseSecret,
        }),
    );

    app.get(
      '/pricing/increases/:id',
      pricingRoute({
        summary: 'A price or carrier increase run and its progress',
        params: idParamSchema,
        response: { 200: increaseRunSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const run = await findIncreaseRun(db, request.params.id);
        if (!run) throw notFound(`Increase run ${request.params.id} does not exist.`);
        return increaseRun(run);
      },
    );

    app.get(
      '/pricing/increases/:id/log',
      pricingRoute({
        summary: "The run's log as CSV: every tariff changed (before and after), skipped or failed",
        params: idParamSchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('CSV: time, level, tariff, message, before, after'),
          404: apiErrorSchema,
        },
      }),
      async (request, reply) => {
        const run = await findIncreaseRun(db, request.params.id);
        if (!run) throw notFound(`Increase run ${request.params.id} does not exist.`);
        return (
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${run.kind}-${run.id}-log.csv"`)
            // Streams the CSV page by page; the 200 schema above only documents it.
            .send(increaseLogCsv(db, run.id) as unknown as string)
        );
      },
    );
  };
}
