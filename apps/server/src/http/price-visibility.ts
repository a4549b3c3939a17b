import type { FastifyRequest } from 'fastify';
import { canSeePrices, redactPrices } from '@courier/domain/bookings/price-visibility';
import { requireSignedIn } from './access.ts';

/** Spec 2 §6: whether the signed-in user may see charge, driver pay, carrier and margin figures. */
export function seesPrices(request: FastifyRequest): boolean {
  return canSeePrices(requireSignedIn(request).roles);
}

/**
 * A response as the signed-in user may see it: whole for roles that see prices, without any price
 * field (the domain's list) for the others. Every route answering with price fields to roles that may
 * not see prices passes its answer through here; apps/server/src/http/price-visibility.test.ts walks
 * the route table to prove none is missed.
 */
export function withVisiblePrices<T>(request: FastifyRequest, response: T): T {
  return seesPrices(request) ? response : redactPrices(response);
}
