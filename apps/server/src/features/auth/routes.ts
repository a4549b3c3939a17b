import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS, type Role } from '@courier/domain/auth/roles';
import {
  grantBodySchema,
  loginBodySchema,
  loginResponseSchema,
  sessionStatusSchema,
  startAuthAttemptBodySchema,
  startAuthAttemptResponseSchema,
  validateAuthAttemptBodySchema,
} from '@courier/domain/auth/schemas';
import { apiErrorSchema, okSchema } from '@courier/domain/common/api';
import type { AppContext } from '../../app-context.ts';
import { SESSION_COOKIE, access, requireSignedIn } from '../../http/access.ts';
import { clientAddress } from '../../http/client-address.ts';
import { startAuthAttempt, validateAuthAttempt } from './auth-attempts.ts';
import { grantSupportSession } from './grant-support-session.ts';
import { revokeSession } from './queries.ts';
import { signIn } from './sign-in.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

export function authRoutes({ database, config, mailer }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  /** Where a new session comes from and how long it lives, for the sign-in routes. */
  const sessionOrigin = (request: FastifyRequest) => ({
    ip: clientAddress(request),
    ttlMinutes: config.sessionTtlMinutes,
  });
  /** A new session (sign-in, code or support grant) goes out twice: as the cookie the web app uses, and as the token in the body. */
  const startedSession = (reply: FastifyReply, session: { roles: Role[]; accessToken: string; expiresAt: Date }) => {
    reply.setCookie(SESSION_COOKIE, session.accessToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      path: '/',
      expires: session.expiresAt,
    });
    return { roles: session.roles, accessToken: session.accessToken };
  };

  return async (app) => {
    app.post(
      '/auth/login',
      {
        config: { access: access.public },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with e-mail and password',
          body: loginBodySchema,
          response: { 200: loginResponseSchema, ...errors },
        },
      },
      async (request, reply) => startedSession(reply, await signIn({ db, ...request.body, ...sessionOrigin(request) })),
    );

    app.get(
      '/auth',
      {
        config: { access: access.signedIn },
        schema: {
          tags: ['auth'],
          summary: 'Is this session valid?',
          response: { 200: sessionStatusSchema, 401: apiErrorSchema },
        },
      },
      async (request) => ({ valid: true as const, expiresAt: requireSignedIn(request).expiresAt.toISOString() }),
    );

    app.post(
      '/auth/logout',
      {
        config: { access: access.public },
        schema: { tags: ['auth'], summary: 'Sign out: the token stops working at once', response: { 200: okSchema } },
      },
      async (request, reply) => {
        if (request.signedIn) await revokeSession(db, request.signedIn.sessionId);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return { ok: true as const };
      },
    );

    app.post(
      '/auth/start-auth-attempt',
      {
        config: { access: access.public },
        schema: {
          tags: ['auth'],
          summary: 'E-mail a one-time sign-in code',
          body: startAuthAttemptBodySchema,
          response: { 200: startAuthAttemptResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request) => startAuthAttempt({ db, mailer, email: request.body.email }),
    );

    app.post(
      '/auth/validate-auth-attempt',
      {
        config: { access: access.public },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with the e-mailed code',
          body: validateAuthAttemptBodySchema,
          response: { 200: loginResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        startedSession(reply, await validateAuthAttempt({ db, ...request.body, ...sessionOrigin(request) })),
    );

    app.post(
      '/auth/grant',
      {
        config: { access: access.roles(AREAS.supportSignIn) },
        schema: {
          tags: ['auth'],
          summary: 'SUPERADMIN: sign in as another user for support (audited)',
          body: grantBodySchema,
          response: { 200: loginResponseSchema, ...errors, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const result = await grantSupportSession({
          db,
          grantedBy: requireSignedIn(request).userId,
          userUuid: request.body.userUUID,
          ttlMinutes: config.sessionTtlMinutes,
        });
        return startedSession(reply, result);
      },
    );
  };
}
