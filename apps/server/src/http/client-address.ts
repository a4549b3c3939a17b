import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The client's address as a valid IP, or null. `request.ip` comes from X-Forwarded-For when
 * TRUST_PROXY trusts the proxy in front; whatever text that header holds is never taken as an
 * address: then the socket's address (the proxy's) is used instead.
 */
export function clientAddress(request: FastifyRequest): string | null {
  if (isIP(request.ip)) return request.ip;
  const socket = request.socket?.remoteAddress;
  return socket && isIP(socket) ? socket : null;
}
