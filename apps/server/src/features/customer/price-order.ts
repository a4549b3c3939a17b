import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Place } from '@courier/domain/addresses/schemas';
import { tariffServiceOf } from '@courier/domain/companies/set-call-bookings';
import { distanceBetweenPlaces } from '@courier/domain/customer/distance';
import { quotePrice, zoneOfCountry } from '@courier/domain/customer/quote';
import type { CustomerOrder } from '@courier/domain/customer/schemas';
import { placesByPlaceId } from '../../core/places.ts';
import type { DbOrTx } from '../../db/client.ts';
import { services, tariffCodes, tariffs, zones } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import type { OwnCompany } from './customer-companies.ts';

export type ServiceRow = typeof services.$inferSelect;

/** An order priced: what a quote keeps and a booking is made from. */
export interface PricedOrder {
  service: ServiceRow;
  collection: Place;
  delivery: Place;
  distance: number | null;
  charge: number;
  tariffId: number;
  tariffCodeId: number;
}

/**
 * Prices a customer's order as the office would (issue 14): the service must be bookable, both places
 * must exist, and the charge is the tariff engine's for the packages' weight on the company's tariff
 * (domain customer/quote.ts). The distance is measured in a straight line (haversine) and kept.
 */
export async function priceOrder(tx: DbOrTx, company: OwnCompany, order: CustomerOrder): Promise<PricedOrder> {
  if (!company.cycloneAllowBooking)
    throw forbidden(`Online booking is switched off for ${company.name}. Please call us to book.`);
  const [service] = await tx
    .select()
    .from(services)
    .where(and(eq(services.id, order.serviceId), eq(services.active, true)));
  if (!service)
    throw badRequest(`Service ${order.serviceId} cannot be booked.`, [
      { field: 'body.serviceId', message: 'no bookable service has this id' },
    ]);
  const found = await placesByPlaceId(tx, [order.collectionPlaceId, order.deliveryPlaceId]);
  const collection = found.get(order.collectionPlaceId);
  const delivery = found.get(order.deliveryPlaceId);
  if (!collection || !delivery) {
    const field = collection ? 'deliveryPlaceId' : 'collectionPlaceId';
    throw badRequest(`The ${collection ? 'delivery' : 'collection'} address was not found: search for it again.`, [
      { field: `body.${field}`, message: 'no place has this id' },
    ]);
  }

  const tariffService = tariffServiceOf(service.service);
  const codeRows = await tx.select({ id: tariffCodes.id }).from(tariffCodes).where(eq(tariffCodes.code, tariffService));
  const tariffCodeId = company.tariffCode ?? codeRows[0]?.id;
  const zoneRows = await tx.select({ name: zones.name, countries: zones.countries }).from(zones).orderBy(asc(zones.id));
  const zone = zoneOfCountry(zoneRows, delivery.countryCode);
  const candidates =
    tariffCodeId === undefined
      ? []
      : await tx
          .select({
            id: tariffs.id,
            account: tariffs.account,
            tariffCodeId: tariffs.tariffCodeId,
            service: tariffs.service,
            zone: tariffs.zone,
            pricing: tariffs.pricing,
          })
          .from(tariffs)
          .where(
            and(
              isNull(tariffs.carrierId),
              eq(tariffs.tariffCodeId, tariffCodeId),
              eq(tariffs.service, tariffService),
              eq(tariffs.zone, zone),
              company.accountCode
                ? or(isNull(tariffs.account), inArray(tariffs.account, [company.accountCode]))
                : isNull(tariffs.account),
            ),
          )
          .orderBy(asc(tariffs.id));
  const price = quotePrice({
    accountCode: company.accountCode,
    tariffCodeId,
    serviceLevel: service.service,
    zone,
    tariffs: candidates,
    weightKg: order.weightKg,
  });
  if (!price.ok) throw conflict(price.message);
  return {
    service,
    collection,
    delivery,
    distance: distanceBetweenPlaces(collection, delivery),
    charge: price.charge,
    tariffId: price.tariffId,
    tariffCodeId: tariffCodeId as number,
  };
}
