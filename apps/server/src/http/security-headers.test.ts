import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../test/test-app.ts';
import { tileSource } from './security-headers.ts';

/** The CSP as a map of directive to its sources. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(headers: Record<string, unknown>): Record<string, string[]> {
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const csp = directives(headers['content-security-policy']);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['script-src']).toEqual(["'self'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['default-src']).toEqual(["'self'"]);
  return csp;
}

describe('tileSource', () => {
  it.each([
    ['', null],
    ['/tiles/{z}/{x}/{y}.png', null],
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['http://tiles.internal:8081/{z}/{x}/{y}.png', 'http://tiles.internal:8081'],
    ['https://tiles-{s}.example.ie/{z}/{x}/{y}.png', 'https:'],
    ['not a url', 'https:'],
  ])('%j → %j', (url, source) => {
    expect(tileSource(url)).toBe(source);
  });
});

describe.each(databaseKinds)('security headers on %s', (kind) => {
  let t: TestApp;
  let secure: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'courier-web-dist-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
    );
    [t, secure] = await Promise.all([
      createTestApp(kind, {
        env: {
          WEB_DIST: webDist,
          MAP_TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
          DOCKET_BASE_URL: 'https://dispatch.example.ie/base/',
        },
      }),
      createTestApp(kind, { env: { SECURE_COOKIES: '1' } }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await secure?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('are on an API answer, with map tiles and the docket frame allowed from their configured hosts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const csp = expectSecurityHeaders(response.headers);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org']);
    expect(csp['frame-src']).toEqual(["'self'", 'https://dispatch.example.ie']);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('are on errors too: 401, 404 and 400', async () => {
    for (const [url, status] of [
      ['/api/user', 401],
      ['/api/no-such-route', 404],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expectSecurityHeaders(response.headers);
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(bad.statusCode).toBe(400);
    expectSecurityHeaders(bad.headers);
  });

  it('are on the web app: index.html for an app path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/bookings' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expectSecurityHeaders(response.headers);
  });

  it('are on the API docs, whose page loads its scripts from files only', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBeLessThan(400);
    expectSecurityHeaders(docs.headers);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page.headers);
    // Every <script> has a src and an empty body: nothing the CSP would have to allow inline.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="/);
      expect(body?.trim()).toBe('');
    }
  });

  it('with SECURE_COOKIES adds HSTS and upgrades insecure requests', async () => {
    const response = await secure.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = expectSecurityHeaders(response.headers);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['frame-src']).toEqual(["'self'"]);
  });
});
