import type { FastifyReply } from 'fastify';

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
