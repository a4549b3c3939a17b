import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A file the web build writes under assets/ carries a hash of its content in its name
 * (`app-D7ucBcWK.js`): the same address never answers other bytes, so a browser keeps it a year
 * without asking again. Without it every visit revalidated each of a screen's chunks (a dozen
 * requests answered 304, each behind the server's other work) before the screen could run.
 */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The static files' header hook: the long cache for the build's assets, the default for other files. */
export function cacheBuiltAssets(webDist: string): (reply: FastifyReply, filePath: string) => void {
  const assets = path.join(path.resolve(webDist), 'assets') + path.sep;
  return (reply, filePath) => {
    if (path.resolve(filePath).startsWith(assets)) reply.header('cache-control', ASSET_CACHE_CONTROL);
  };
}

/**
 * The web app's page for a path: app.html (index.html with the shell's chunks preloaded) for every page
 * inside the shell, which is all but the sign-in page, whose code starts at once; index.html for
 * /login, or for every page of a build without app.html.
 */
export function sendWebPage(reply: FastifyReply, url: string, options: { shellPage: boolean }): FastifyReply {
  const signIn = url === '/login' || url.startsWith('/login/');
  // no-cache: asked again on every visit, so a new build's chunk names are never missed. sendFile would
  // otherwise write its own 'public, max-age=0' over it.
  return reply
    .header('cache-control', 'no-cache')
    .sendFile(options.shellPage && !signIn ? 'app.html' : 'index.html', { cacheControl: false });
}

/**
 * A browser opening a page of the web app, not a script asking for a file: a GET outside /api and
 * /assets whose address has no file ending, or that asks for HTML (a typed or followed link such as
 * /invoicing/invoices/1.5, which the app answers with its own not-found page). A missing asset or
 * image the page loads asks for other types, so it stays a 404 and never gets a page in its place.
 */
export function isWebPageRequest(request: FastifyRequest): boolean {
  const url = request.url.split('?')[0] ?? '/';
  if (request.method !== 'GET' || url.startsWith('/api/') || url === '/api' || url.startsWith('/assets/')) return false;
  return !/\.[a-z0-9]+$/i.test(url) || (request.headers.accept ?? '').includes('text/html');
}
