import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// The built web app's pages: app.html (index.html with the shell's chunks preloaded, written by
// apps/web/vite.config.ts) for every page inside the shell, index.html for the sign-in page, and a
// 404 for a missing asset or API path, never a page in their place. Not about the database: PGlite only.

const INDEX = '<!doctype html><html><head><title>index</title></head><body><div id="root"></div></body></html>';
const SHELL =
  '<!doctype html><html><head><title>shell</title><link rel="modulepreload" crossorigin href="/assets/app-shell-x.js"></head><body><div id="root"></div></body></html>';

/** What Chromium sends when it opens an address. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

function webDistWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'courier-web-pages-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('web pages of a build with app.html', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = webDistWith({
      'index.html': INDEX,
      'app.html': SHELL,
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'assets/app-shell-x.js': 'export const shell = 1;',
      'assets/app-shell-x.js.br': 'brotli bytes',
      'assets/app-x.css': 'body{}',
    });
    t = await createTestApp('pglite', { env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/companies/list', '/bookings/list?statuses=delivered', '/companies/12/bookings', '/drivers/list'])(
    '%s (inside the shell) is app.html, which preloads the shell, never cached without asking',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(SHELL);
    },
  );

  it.each(['/login', '/login?redirect=%2Fbookings%2Flist', '/login/'])(
    '%s (the sign-in page) is index.html: no shell code in front of the form',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
    },
  );

  it('a path that only starts like the sign-in page is inside the shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/loginhistory' });
    expect(response.body).toBe(SHELL);
  });

  // Each visit revalidated every chunk a screen loads (a 304 each, 'public, max-age=0'), though a
  // chunk's name changes with its content.
  it.each([
    ['/assets/app-shell-x.js', 'gzip, deflate, br'],
    ['/assets/app-shell-x.js', 'identity'],
    ['/assets/app-x.css', 'gzip, deflate, br'],
  ])('a built asset (%s, accepting %s) is kept by the browser a year, never asked for again', async (url, encoding) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a file outside assets/, whose name does not change with its content, is asked for again', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).not.toMatch(/immutable|max-age=[1-9]/);
  });

  it.each(['/assets/missing-chunk.js', '/api/no-such-route', '/favicon-missing.svg'])(
    '%s is a 404, not a page',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    },
  );

  // A link typed or followed to /invoicing/invoices/1.5 or with a NUL answered the browser with a JSON
  // error; the app's own not-found page says what is wrong there.
  it.each([
    '/invoicing/invoices/1.5',
    '/invoicing/invoices/12.pdf',
    '/invoicing/invoices/%00',
    '/companies/%00/settings',
  ])('%s opened in a browser is the app, whose page says it is not found', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SHELL);
  });

  it.each(['/assets/missing-chunk.js', '/api/no-such-route', '/api/booking/%00'])(
    '%s is never a page, even asked for as one',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    },
  );

  // With the build served, the files' wildcard route once caught an /api address its own route had
  // refused: 403 'Forbidden' from the file lookup, or a 404 echoing the whole address.
  it.each([150, 5000])(
    'an /api address with a %i-character part is a 400 that names the fault, signed in or not',
    async (length) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/booking/${'B'.repeat(length)}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION',
        message:
          'A part of this address is longer than 100 characters, more than any id or reference. Check the address.',
      });
    },
  );

  it('an /api address its route takes still reaches the route (here: asks to sign in)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/booking/B0001' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHORISED' });
  });
});

describe('web pages of a build without app.html', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = webDistWith({ 'index.html': INDEX });
    t = await createTestApp('pglite', { env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('every page is index.html', async () => {
    for (const url of ['/companies/list', '/login']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
  });
});
