import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREAS, hasAccess } from '@courier/domain/auth/roles';
import { apiErrorSchema } from '@courier/domain/common/api';
import {
  DRIVER_PROFILE_SECTIONS,
  driverProfileBodySchema,
  driverProfileSchema,
  driverUuidParamSchema,
  LICENCE_FILE_EMPTY_MESSAGE,
  LICENCE_FILE_MISSING_MESSAGE,
  LICENCE_FILE_TOO_LARGE_MESSAGE,
  LICENCE_FILE_TYPE_MESSAGE,
  licenceFileName,
  licenceFileResponseSchema,
  licenceFileTypeOf,
  MAX_LICENCE_FILE_BYTES,
} from '@courier/domain/drivers/profile';
import type { AppContext } from '../../app-context.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { badRequest } from '../../http/errors.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { getDriverProfile, saveDriverProfile } from './driver-profile.ts';
import { deleteLicenceFile, readLicenceFile, saveLicenceFile } from './licence-file.ts';
import { findDriverRowByUuid } from './queries.ts';

// The profile opens from the driver list: its readers keep it (spec 2 §2, §6); the payment section
// only shows to those who see pay (accounts, and the ranks above).
const profileRoute = areaRoutes({ access: access.roles(AREAS.driverList), tags: ['drivers'] });

const showsPayment = (roles: readonly string[]) => hasAccess(roles, AREAS.driverPay);

const fileProblem = (message: string) => badRequest(message, [{ field: 'body.file', message }]);

/** The first file of a multipart body, read whole up to the size limit; 400 with the licence messages. */
async function readUploadedLicence(request: FastifyRequest) {
  if (!request.isMultipart()) throw fileProblem(LICENCE_FILE_MISSING_MESSAGE);
  const part = await request.file({ limits: { fileSize: MAX_LICENCE_FILE_BYTES, files: 1 } });
  if (!part) throw fileProblem(LICENCE_FILE_MISSING_MESSAGE);
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fileProblem(LICENCE_FILE_TOO_LARGE_MESSAGE);
    throw error;
  }
  if (content.length === 0) throw fileProblem(LICENCE_FILE_EMPTY_MESSAGE);
  const type = licenceFileTypeOf(content);
  if (!type) throw fileProblem(LICENCE_FILE_TYPE_MESSAGE);
  return { content, fileName: licenceFileName(part.filename, type) };
}

/** A driver's profile and licence scan (spec 2 §3 'Driver profile', §7 'Drivers'; issue 13). */
export function profileRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    // Only this plugin's routes take multipart bodies; a part may not exceed the licence limit.
    await app.register(fastifyMultipart, {
      limits: { fileSize: MAX_LICENCE_FILE_BYTES, files: 1, fields: 10, parts: 20 },
    });

    app.get(
      '/drivers/:uuid/profile',
      profileRoute({
        summary: "A driver's profile",
        description:
          `The eight sections of spec 2 §3 'Driver profile' (${DRIVER_PROFILE_SECTIONS.join(', ')}), each with every field ` +
          '(empty when never saved), what is stored of the licence scan (licenceFile, null when none) and when the profile was last saved. ' +
          'payment is null for a user who is not accounts (spec 2 §2, §6). 404 when no driver has the uuid; 400 for a uuid that is not one.',
        params: driverUuidParamSchema,
        response: { 200: driverProfileSchema, 404: apiErrorSchema },
      }),
      async (request) =>
        getDriverProfile(db, {
          uuid: request.params.uuid,
          showPayment: showsPayment(requireSignedIn(request).roles),
        }),
    );

    app.put(
      '/drivers/:uuid/profile',
      profileRoute({
        summary: "Saves sections of a driver's profile",
        description:
          'The body holds one or more sections by name; each section sent replaces the stored one (a field left out takes its empty value: ' +
          "'' for text, false for a flag, null for a date), the others stay as they are. Text is trimmed; dates are yyyy-MM-dd; " +
          'a phone, when given, needs 8 digits ("Enter a valid phone number."); contact.eircode an Eircode; payment.iban an IBAN whose check digits hold; payment.bic 8 or 11 characters. ' +
          'The payment section only for accounts (403 otherwise). Audited per section. Answers the whole profile as GET does.',
        params: driverUuidParamSchema,
        body: driverProfileBodySchema,
        response: { 200: driverProfileSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const signedIn = requireSignedIn(request);
        return saveDriverProfile(db, {
          uuid: request.params.uuid,
          userId: signedIn.userId,
          showPayment: showsPayment(signedIn.roles),
          body: request.body,
        });
      },
    );

    app.put(
      '/drivers/:uuid/licence',
      profileRoute({
        summary: "Uploads a driver's licence scan",
        description:
          'multipart/form-data with one file part (any field name; the web sends `file`). The file must be a PDF, JPEG or PNG, known by its content ' +
          `("${LICENCE_FILE_TYPE_MESSAGE}"), not empty, and at most 10 MB ("${LICENCE_FILE_TOO_LARGE_MESSAGE}"); 400 with the message on body.file otherwise. ` +
          'Stored in the database, replacing an earlier scan; audited. Answers what is stored (licenceFile).',
        consumes: ['multipart/form-data'],
        params: driverUuidParamSchema,
        response: { 200: licenceFileResponseSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const signedIn = requireSignedIn(request);
        // The driver first: an unknown uuid is a 404 whatever the body holds.
        await findDriverRowByUuid(db, request.params.uuid);
        const upload = await readUploadedLicence(request);
        const licenceFile = await saveLicenceFile(db, {
          uuid: request.params.uuid,
          userId: signedIn.userId,
          ...upload,
        });
        return { licenceFile };
      },
    );

    app.delete(
      '/drivers/:uuid/licence',
      profileRoute({
        summary: "Removes a driver's licence scan",
        description:
          'Deletes the stored scan (audited). Answers licenceFile null, also when there was none. 404 when no driver has the uuid.',
        params: driverUuidParamSchema,
        response: { 200: licenceFileResponseSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        await deleteLicenceFile(db, { uuid: request.params.uuid, userId: requireSignedIn(request).userId });
        return { licenceFile: null };
      },
    );

    app.get(
      '/drivers/:uuid/licence',
      profileRoute({
        summary: "Downloads a driver's licence scan",
        description:
          'The stored file as it was uploaded, with its content type (application/pdf, image/jpeg or image/png) and file name (Content-Disposition: attachment). ' +
          '404 when the driver has no licence file or no driver has the uuid.',
        params: driverUuidParamSchema,
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        response: { 200: z.string().describe('The file, as uploaded'), 404: apiErrorSchema },
      }),
      async (request, reply) => {
        const file = await readLicenceFile(db, request.params.uuid);
        const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, '_');
        return (
          reply
            .header('content-type', file.contentType)
            .header(
              'content-disposition',
              `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
            )
            .header('cache-control', 'private, no-store')
            // Bytes are sent as they are (no serializer); the 200 schema documents them as the file.
            .send(file.content as unknown as string)
        );
      },
    );
  };
}
