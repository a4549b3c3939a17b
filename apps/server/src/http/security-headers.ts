import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The CSP source map tiles load from, derived from MAP_TILE_URL: its origin, with a leading `{s}`
 * subdomain as a wildcard (`https://{s}.tile.example.org/...` → `https://*.tile.example.org`). A host
 * with other placeholders falls back to its scheme; a relative URL is the app's own origin.
 */
export function tileSource(mapTileUrl: string): string | null {
  if (mapTileUrl === '' || mapTileUrl.startsWith('/')) return null;
  const match = /^(https?):\/\/([^/?#]+)/i.exec(mapTileUrl);
  if (!match) return 'https:';
  const [, scheme = 'https', host = ''] = match;
  const wildcard = host.replace(/^\{[a-z0-9_-]+\}\./i, '*.');
  return /[{}]/.test(wildcard) ? `${scheme.toLowerCase()}:` : `${scheme.toLowerCase()}://${wildcard}`;
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The Content-Security-Policy directives of every response, from the configuration. */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const tiles = tileSource(config.mapTileUrl);
  const docket = originOf(config.docketBaseUrl);
  // The Logs section frames external queue-log pages when configured (QUEUE_LOG_*_URL).
  const queueLogs = [originOf(config.queueLogUrls.admin), originOf(config.queueLogUrls.dispatch)].filter(
    (origin): origin is string => origin !== null && origin !== docket,
  );
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    // The built app and the API docs load every script from files: no inline script is allowed.
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // Mantine writes its theme and component styles into <style> tags at run time, and the app sets
    // style attributes (the docket frame, Leaflet's panes); neither can carry a nonce from a static
    // index.html, so styles may be inline. Styles cannot run code; scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Leaflet's marker images are data: URIs; map tiles come from MAP_TILE_URL.
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    // The booking details frame the dispatch docket from DOCKET_BASE_URL.
    'frame-src': ["'self'", ...(docket ? [docket] : []), ...new Set(queueLogs)],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    // Only behind HTTPS: on plain http it would send the app's own requests to an https port nobody serves.
    ...(config.secureCookies ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every response (API, web app, API docs, errors) through @fastify/helmet.
 * Registered before the access hook, so a 401 or 403 carries them too.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    xFrameOptions: { action: 'deny' },
    // Tile servers such as OpenStreetMap's refuse requests without a Referer; the origin is enough.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only when the site is served over HTTPS (SECURE_COOKIES); on http it would be ignored or
    // would lock a mis-set-up host out of plain http for a year.
    strictTransportSecurity: config.secureCookies ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
  });
}
