import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREAS } from '@courier/domain/auth/roles';
import { apiErrorSchema, idParamSchema } from '@courier/domain/common/api';
import {
  companyReferenceSchema,
  referenceBodySchema,
  referenceParamsSchema,
} from '@courier/domain/companies/references';
import type { AppContext } from '../../app-context.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { createReference, deleteReference, listReferences, updateReference } from './references.ts';

const READ = access.roles(AREAS.companies);
// Whoever may open the company may keep its references (spec 1 §6 restricts no company tab but four).
const WRITE = READ;

const readRoute = areaRoutes({ access: READ, tags: ['companies'] });
const writeRoute = areaRoutes({ access: WRITE, tags: ['companies'] });

/** The reference a request names (company and reference id from the path) and who changes it. */
function referenceOf(request: FastifyRequest & { params: { id: number; referenceId: number } }) {
  return {
    companyId: request.params.id,
    referenceId: request.params.referenceId,
    userId: requireSignedIn(request).userId,
  };
}

/** Company references (spec 1 §2 'Company References tab', §5, §7). */
export function companyReferenceRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/company/:id/references',
      readRoute({
        summary: 'The references of a company',
        params: idParamSchema,
        response: { 200: z.array(companyReferenceSchema), 404: apiErrorSchema },
      }),
      async (request) => listReferences(db, request.params.id),
    );

    app.post(
      '/company/:id/references',
      writeRoute({
        summary: 'Creates a reference (rules in the order of spec 1 §5)',
        description:
          'limitOptions (optional): true when the options are limited, so at least one is required; false sends an empty values list (free text).',
        params: idParamSchema,
        body: referenceBodySchema,
        response: { 201: companyReferenceSchema, 404: apiErrorSchema },
      }),
      async (request, reply) => {
        const reference = await createReference(db, {
          companyId: request.params.id,
          userId: requireSignedIn(request).userId,
          body: request.body,
        });
        return reply.status(201).send(reference);
      },
    );

    app.put(
      '/company/:id/references/:referenceId',
      writeRoute({
        summary: 'Updates a reference',
        params: referenceParamsSchema,
        body: referenceBodySchema,
        response: { 200: companyReferenceSchema, 404: apiErrorSchema },
      }),
      async (request) =>
        updateReference(db, {
          ...referenceOf(request),
          body: request.body,
        }),
    );

    app.delete(
      '/company/:id/references/:referenceId',
      writeRoute({
        summary: 'Deletes a reference',
        params: referenceParamsSchema,
        response: { 200: companyReferenceSchema, 404: apiErrorSchema },
      }),
      async (request) => deleteReference(db, referenceOf(request)),
    );
  };
}
