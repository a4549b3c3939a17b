import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paramId } from '@courier/domain/common/input';
import {
  addressBookEntryBodySchema,
  addressBookEntrySchema,
  addressBookEntryUpdateSchema,
  entryCreatedSchema,
  existingPlaceSearchSchema,
  placeCreateBodySchema,
  placeSchema,
  placeSearchQuerySchema,
  placeSearchResultSchema,
} from '@courier/domain/addresses/schemas';
import { AREAS, type Role } from '@courier/domain/auth/roles';
import { BOOKING_READER_ROLES } from '@courier/domain/bookings/labels';
import { apiErrorSchema, idParamSchema, okSchema } from '@courier/domain/common/api';
import type { AppContext } from '../../app-context.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { createEntry, deleteEntry, listEntries, updateEntry } from './address-book.ts';
import { findPlaceById, findPlaceByPlaceId } from '../../core/places.ts';
import { createPlace, searchExistingPlaces, searchPlaces } from './places.ts';

const PLACES = access.roles(AREAS.companies);
/** Either address book; each handler then checks the one it touches (company: ACCOUNTS, public: DISPATCHER). */
const ADDRESS_BOOKS = access.roles([...AREAS.companyTabAddressBook, ...AREAS.addresses]);

const placesRoute = areaRoutes({ access: PLACES, tags: ['places'] });
/** The place search of the booking list's address filter: also for pricing staff (/pricing/review, issue 11). */
const placeSearchRoute = areaRoutes({ access: access.roles(BOOKING_READER_ROLES), tags: ['places'] });
const companyBookRoute = areaRoutes({ access: access.roles(AREAS.companyTabAddressBook), tags: ['address book'] });
const publicBookRoute = areaRoutes({ access: access.roles(AREAS.addresses), tags: ['address book'] });
const addressBooksRoute = areaRoutes({ access: ADDRESS_BOOKS, tags: ['address book'] });

/** Who edits an address book: their roles decide which books they may touch, their id goes in the audit. */
function editor(request: FastifyRequest): { roles: Role[]; userId: number } {
  const { roles, userId } = requireSignedIn(request);
  return { roles, userId };
}

/** Places and the address book (spec 1 §7 'Place and address book'). */
export function addressRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/place/search',
      placeSearchRoute({
        summary: 'Address search by name, address or eircode (from 3 characters; ranked: exact eircode, name, address)',
        description:
          'latitude, longitude and radius (metres) limit the search to an area; filterPlaceId leaves one place out; countryCode limits the country. sessiontoken and searchEircodeDatabase are accepted for compatibility.',
        querystring: placeSearchQuerySchema,
        response: { 200: placeSearchResultSchema, 404: apiErrorSchema },
      }),
      async (request) => searchPlaces(db, request.query),
    );

    app.get(
      '/place/search/exisiting',
      placesRoute({
        summary: 'Search of existing places as id, name, description (the spec spells the path so)',
        querystring: z.object({ q: z.string().trim().max(200).default('') }),
        response: { 200: existingPlaceSearchSchema, 404: apiErrorSchema },
      }),
      async (request) => searchExistingPlaces(db, request.query.q),
    );

    app.get(
      '/place/id/:id',
      placesRoute({
        summary: 'One place by its numeric id',
        params: idParamSchema,
        response: { 200: placeSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const place = await findPlaceById(db, request.params.id);
        if (!place) throw notFound(`Place ${request.params.id} does not exist.`);
        return place;
      },
    );

    app.get(
      '/place/:placeId',
      placesRoute({
        summary: 'One place by its place id',
        params: z.object({ placeId: z.string().min(1).max(64) }),
        querystring: z.object({ sessionToken: z.string().max(200).optional() }),
        response: { 200: placeSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const place = await findPlaceByPlaceId(db, request.params.placeId);
        if (!place) throw notFound(`Place ${request.params.placeId} does not exist.`);
        return place;
      },
    );

    app.post(
      '/place/create',
      placesRoute({
        summary: 'Creates a custom address; returns its placeId',
        body: placeCreateBodySchema,
        response: { 200: z.object({ placeId: z.string() }), 404: apiErrorSchema },
      }),
      async (request) => createPlace(db, request.body),
    );

    app.get(
      '/place/entries/:companyId',
      companyBookRoute({
        summary: "A company's address book",
        params: z.object({ companyId: paramId('companyId') }),
        response: { 200: z.array(addressBookEntrySchema), 404: apiErrorSchema },
      }),
      async (request) => listEntries(db, request.params.companyId),
    );

    app.get(
      '/place/public-entries',
      publicBookRoute({
        summary: 'The public address book (entries without a company)',
        response: { 200: z.array(addressBookEntrySchema), 404: apiErrorSchema },
      }),
      async () => listEntries(db, null),
    );

    app.post(
      '/place/entry',
      addressBooksRoute({
        summary: 'Creates an address book entry (public when company is null)',
        body: addressBookEntryBodySchema,
        response: { 200: entryCreatedSchema, 404: apiErrorSchema },
      }),
      async (request) => createEntry(db, { body: request.body, ...editor(request) }),
    );

    app.put(
      '/place/update-entry',
      addressBooksRoute({
        summary: 'Updates an address book entry',
        body: addressBookEntryUpdateSchema,
        response: { 200: addressBookEntrySchema, 404: apiErrorSchema },
      }),
      async (request) => updateEntry(db, { body: request.body, ...editor(request) }),
    );

    app.delete(
      '/place/delete-entry/:id',
      addressBooksRoute({
        summary: 'Deletes an address book entry',
        params: idParamSchema,
        response: { 200: okSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        await deleteEntry(db, { entryId: request.params.id, ...editor(request) });
        return { ok: true as const };
      },
    );
  };
}
