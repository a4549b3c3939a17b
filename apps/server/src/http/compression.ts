import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Smaller answers are sent as they are: compressing them costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/** Answers worth compressing: JSON (a page of 100 bookings is ~165 KB) and text such as CSV. */
const COMPRESSIBLE = /^(application\/json|text\/)/i;

type Encoding = 'br' | 'gzip';

/** The encoding to answer with from an Accept-Encoding header: br, else gzip, unless refused with q=0. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Compresses the API's text answers (issue 10: the booking list's first page is ~165 KB of JSON,
 * ~1 s on a phone's connection before the list can show). Brotli at quality 4 or gzip at level 6
 * on the thread pool, not the event loop. Streams (CSV exports) and the built web app's files
 * (served pre-compressed) are left alone.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('content-encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type)) return payload;
    reply.header('vary', appendVary(reply.getHeader('vary')));
    // Measured, not copied: a page of bookings is ~165 KB of text, and zlib takes the string as it is.
    const bytes = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (bytes < COMPRESS_MIN_BYTES) return payload;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(payload, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : await gzipAsync(payload, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}

function appendVary(current: ReturnType<FastifyReply['getHeader']>): string {
  const values =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((value) => value.trim());
  return values.some((value) => value.toLowerCase() === 'accept-encoding')
    ? values.join(', ')
    : [...values.filter(Boolean), 'Accept-Encoding'].join(', ');
}
