import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInAs } from '../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../test/test-app.ts';

/** The only /api routes anyone may call without a session. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/config',
  'GET /api/openapi.json',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/start-auth-attempt',
  'POST /api/auth/validate-auth-attempt',
];
const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
const isPublic = (method: string, url: string) =>
  isDocs(url) || PUBLIC_ROUTES.includes(`${method === 'HEAD' ? 'GET' : method} ${url}`);

/** A concrete URL for a route pattern: every parameter filled with 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, '');

describe.each(databaseKinds)('access control on %s', (kind) => {
  describe('the route table', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
      await t.app.ready();
    });
    afterAll(() => t?.close());

    const apiRoutes = () => t.app.routeTable.filter((route) => route.url === '/api' || route.url.startsWith('/api/'));

    it('holds the routes the app serves', () => {
      const seen = apiRoutes().map((route) => `${route.method} ${route.url}`);
      expect(seen).toEqual(
        expect.arrayContaining([
          ...PUBLIC_ROUTES,
          'GET /api/auth',
          'POST /api/auth/grant',
          'GET /api/user',
          'POST /api/company',
          'GET /api/company/search',
          'GET /api/company/:id',
        ]),
      );
      expect(seen.length).toBeGreaterThan(PUBLIC_ROUTES.length + 5);
    });

    it('every /api route declares an access rule, and only the listed ones are public', () => {
      for (const route of apiRoutes()) {
        expect(route.access, `${route.method} ${route.url} declares no access`).toBeDefined();
        const publicRoute = route.access?.kind === 'public';
        expect(publicRoute, `${route.method} ${route.url} public?`).toBe(isPublic(route.method, route.url));
      }
    });

    it('every route outside the public list answers 401 without a session', async () => {
      const guarded = apiRoutes().filter((route) => !isPublic(route.method, route.url));
      expect(guarded.length).toBeGreaterThanOrEqual(6);
      for (const route of guarded) {
        const response = await t.app.inject({ method: route.method as HTTPMethods, url: concrete(route.url) });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        if (route.method !== 'HEAD')
          expect(response.json(), `${route.method} ${route.url}`).toEqual({
            error: 'UNAUTHORISED',
            message: 'Please sign in to continue.',
          });
      }
    });

    it('the public routes answer without a session (never 401 or 403)', async () => {
      const open = apiRoutes().filter((route) => isPublic(route.method, route.url));
      for (const route of open) {
        const response = await t.app.inject({ method: route.method as HTTPMethods, url: concrete(route.url) });
        expect([401, 403], `${route.method} ${route.url}`).not.toContain(response.statusCode);
        expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
      }
    });

    it('every documented API operation is a route, and every /api route outside the docs is documented', async () => {
      const document: { paths: Record<string, Record<string, unknown>> } = (
        await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
      ).json();
      const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
      );
      const served = apiRoutes()
        .filter((route) => route.method !== 'HEAD' && !isDocs(route.url) && route.url !== '/api/openapi.json')
        .map((route) => `${route.method} ${route.url}`);
      expect(documented.sort()).toEqual([...new Set(served)].sort());
    });
  });

  describe('default deny', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
      // buildApp returns the app before it is ready, so a route can still be added: one that declares no access rule.
      t.app.get('/api/test/undeclared', async () => ({ secret: 'should never be served' }));
      t.app.post('/api/test/undeclared', async () => ({ secret: 'should never be served' }));
    });
    afterAll(() => t?.close());

    it('lists the undeclared route with no access rule', () => {
      expect(t.app.routeTable).toContainEqual({ method: 'GET', url: '/api/test/undeclared', access: undefined });
    });

    it.each([['SUPERADMIN'], ['MANAGER'], ['ACCOUNTS']])(
      'refuses a route without an access rule with 403, even for a %s',
      async (role) => {
        const token = await signInAs(t, [role]);
        for (const method of ['GET', 'POST'] as const) {
          const response = await t.app.inject({ method, url: '/api/test/undeclared', headers: bearer(token) });
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual({
            error: 'FORBIDDEN',
            message: 'This route declares no access rule, so it is refused.',
          });
        }
      },
    );

    it('refuses it without a session too', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/undeclared' });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('should never be served');
    });
  });
});
