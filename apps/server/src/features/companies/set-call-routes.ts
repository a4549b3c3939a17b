import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREAS } from '@courier/domain/auth/roles';
import { apiErrorSchema, idParamSchema } from '@courier/domain/common/api';
import {
  serviceSchema,
  setCallChoicesSchema,
  setCallCreatedSchema,
  setCallPostBodySchema,
  setCallPutBodySchema,
  setCallUpdatedSchema,
  setCallsResponseSchema,
} from '@courier/domain/companies/set-calls';
import type { AppContext } from '../../app-context.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { findCompanyRow, toCompany } from '../../core/companies.ts';
import { allServices, createSetCall, populatedSetCalls, setCallChoices, updateSetCall } from './set-calls.ts';

// spec 1 §6: the Set Calls tab needs DISPATCHER.
const SET_CALLS = access.roles(AREAS.companyTabSetCalls);

const setCallsRoute = areaRoutes({ access: SET_CALLS, tags: ['set calls'] });
const companiesRoute = areaRoutes({ access: access.roles(AREAS.companies), tags: ['set calls'] });
const shellRoute = areaRoutes({ access: access.roles(AREAS.shell), tags: ['set calls'] });

/** Set calls (spec 1 §2 'Company Set Calls tab', §7) and the services they choose from. */
export function setCallRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/company/:id/setcalls',
      setCallsRoute({
        summary: 'A company and its set calls with places and vehicle',
        params: idParamSchema,
        response: { 200: setCallsResponseSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const company = await findCompanyRow(db, request.params.id);
        if (!company) throw notFound(`Company ${request.params.id} does not exist.`);
        return { company: toCompany(company), populatedSetCalls: await populatedSetCalls(db, company.id) };
      },
    );

    app.post(
      '/company/setcall',
      setCallsRoute({
        summary: 'Creates an inactive set call for the company',
        body: setCallPostBodySchema,
        response: { 201: setCallCreatedSchema, 404: apiErrorSchema },
      }),
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await createSetCall(db, { companyId: request.body.companyId, userId: requireSignedIn(request).userId }),
          ),
    );

    app.put(
      '/company/edit/setcall',
      setCallsRoute({
        summary:
          'Saves a set call (service and both phones required; an active one needs both addresses and a schedule)',
        body: setCallPutBodySchema,
        response: { 200: setCallUpdatedSchema, 404: apiErrorSchema },
      }),
      async (request) => updateSetCall(db, { setCall: request.body.setCall, userId: requireSignedIn(request).userId }),
    );

    app.get(
      '/services/set-call-choices',
      companiesRoute({
        summary: 'Services a set call may use (active same-day services)',
        response: { 200: setCallChoicesSchema, 404: apiErrorSchema },
      }),
      async () => setCallChoices(db),
    );

    app.get(
      '/services',
      shellRoute({
        summary: 'All services (id, name, type, service, serviceCode)',
        response: { 200: z.array(serviceSchema), 404: apiErrorSchema },
      }),
      async () => allServices(db),
    );
  };
}
