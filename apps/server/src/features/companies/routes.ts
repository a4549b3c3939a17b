import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS } from '@courier/domain/auth/roles';
import { BOOKING_READER_ROLES } from '@courier/domain/bookings/labels';
import { apiErrorSchema, idParamSchema } from '@courier/domain/common/api';
import {
  companyListBodySchema,
  companyDetailsSchema,
  companyListResponseSchema,
  companySearchQuerySchema,
  companySearchResultSchema,
} from '@courier/domain/companies/schemas';
import type { AppContext } from '../../app-context.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { access } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { findCompany, listCompanies, searchCompanies } from './queries.ts';

const companiesRoute = areaRoutes({ access: access.roles(AREAS.companies), tags: ['companies'] });
/**
 * Look-ups the booking list's company filter makes (the search, the chosen company): also for pricing
 * staff, who use that list at /pricing/review (issue 11).
 */
const companyLookupRoute = areaRoutes({ access: access.roles(BOOKING_READER_ROLES), tags: ['companies'] });

export function companyRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.post(
      '/company',
      companiesRoute({
        summary: 'A page of companies, searched by name or account code (contains, or exact match)',
        body: companyListBodySchema,
        response: { 200: companyListResponseSchema },
      }),
      async (request) => listCompanies(db, request.body),
    );

    app.get(
      '/company/search',
      companyLookupRoute({
        summary: 'Type-ahead company search',
        querystring: companySearchQuerySchema,
        response: { 200: companySearchResultSchema },
      }),
      async (request) => searchCompanies(db, request.query.query),
    );

    app.get(
      '/company/:id',
      companyLookupRoute({
        summary: 'One company',
        params: idParamSchema,
        response: { 200: companyDetailsSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const company = await findCompany(db, request.params.id);
        if (!company) throw notFound(`Company ${request.params.id} does not exist.`);
        return company;
      },
    );
  };
}
