import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAccess, parseRoles, type Role } from '@courier/domain/auth/roles';
import type { Db } from '../db/client.ts';
import { forbidden, roleRequired, unauthorised } from './errors.ts';
import { findSessionByTokenHash, recordActivity } from './session-queries.ts';

/**
 * What a route requires. Every /api route declares one in `config.access`; a route without it is
 * refused (default deny), and a test walks the route table to prove it.
 */
export type Access = { kind: 'public' } | { kind: 'signedIn' } | { kind: 'roles'; roles: readonly Role[] };

export const access = {
  public: { kind: 'public' } as Access,
  signedIn: { kind: 'signedIn' } as Access,
  roles: (roles: readonly Role[]): Access => ({ kind: 'roles', roles }),
};

export interface SignedIn {
  sessionId: number;
  userId: number;
  userUuid: string;
  roles: Role[];
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    signedIn: SignedIn | null;
  }
}

export const SESSION_COOKIE = 'courier_session';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  return request.cookies?.[SESSION_COOKIE] || undefined;
}

/** The signed-in user of a request, or throws 401. */
export function requireSignedIn(request: FastifyRequest): SignedIn {
  if (!request.signedIn) throw unauthorised();
  return request.signedIn;
}

export function registerAccessControl(app: FastifyInstance, db: Db, options: { sessionIdleMinutes: number }): void {
  app.decorateRequest('signedIn', null);

  // The SPA's static files and the API docs are public by nature; everything else under /api must declare.
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') || route.url === '/api';
    const isDocs = route.url.startsWith('/api/docs');
    if ((!isApi || isDocs) && !route.config?.access) {
      route.config = { ...route.config, access: access.public };
    }
  });

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === undefined) return; // no route matched: the not-found handler answers
    const required = request.routeOptions.config.access;
    if (!required) throw forbidden('This route declares no access rule, so it is refused.');

    const token = tokenOf(request);
    if (token) {
      const session = await findSessionByTokenHash(db, hashToken(token), { idleMinutes: options.sessionIdleMinutes });
      if (session) {
        request.signedIn = {
          sessionId: session.sessionId,
          userId: session.userId,
          userUuid: session.userUuid,
          roles: parseRoles(session.roles),
          expiresAt: session.expiresAt,
        };
        await recordActivity(db, session);
      }
    }
    if (required.kind === 'public') return;
    if (!request.signedIn) {
      throw unauthorised(token ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.');
    }
    if (required.kind === 'roles' && !hasAccess(request.signedIn.roles, required.roles)) {
      throw roleRequired(required.roles);
    }
  });
}
