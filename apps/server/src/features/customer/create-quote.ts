import { eq } from 'drizzle-orm';
import { quoteExpiresAt } from '@courier/domain/customer/quote';
import type { CustomerOrder, CustomerQuote } from '@courier/domain/customer/schemas';
import type { Db, DbOrTx } from '../../db/client.ts';
import { customerQuotes, users } from '../../db/schema/index.ts';
import { requireOwnCompany, type Customer, type OwnCompany } from './customer-companies.ts';
import { priceOrder, type PricedOrder } from './price-order.ts';

export type QuoteRow = typeof customerQuotes.$inferSelect;

/** The customer's name as a quote shows it. */
export async function customerName(tx: DbOrTx, userId: number): Promise<string> {
  const [row] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : '';
}

/** The quote entity (spec 1 §7) from its row and what it was priced from. */
export function toCustomerQuote(options: {
  row: QuoteRow;
  company: OwnCompany;
  customer: Customer & { name: string };
  priced: Pick<PricedOrder, 'service' | 'collection' | 'delivery'>;
  bookingReference: string | null;
}): CustomerQuote {
  const { row, company, customer, priced } = options;
  return {
    uid: row.uid,
    company: { id: company.id, name: company.name },
    user: { uuid: customer.userUuid, name: customer.name },
    distance: row.distance,
    locations: { collection: priced.collection, delivery: priced.delivery },
    vehicle: {
      serviceId: priced.service.id,
      name: priced.service.name,
      type: priced.service.type,
      service: priced.service.service,
      pricing: { charge: company.cycloneDisplayPrice ? row.charge : null, currency: 'EUR', vatIncluded: false },
    },
    numberOfPackages: row.numberOfPackages,
    weightKg: row.weightOfPackages,
    createdAt: row.createdAt.toISOString(),
    expires: row.expiresAt.toISOString(),
    bookingReference: options.bookingReference,
  };
}

/** Prices an order and keeps the quote (its charge holds until it expires). */
export async function insertQuote(
  tx: DbOrTx,
  options: { customer: Customer; company: OwnCompany; order: CustomerOrder },
): Promise<{ row: QuoteRow; priced: PricedOrder }> {
  const priced = await priceOrder(tx, options.company, options.order);
  const now = new Date();
  const [row] = await tx
    .insert(customerQuotes)
    .values({
      companyId: options.company.id,
      userId: options.customer.userId,
      collectionPlaceId: priced.collection.id,
      deliveryPlaceId: priced.delivery.id,
      distance: priced.distance,
      serviceId: priced.service.id,
      numberOfPackages: options.order.numberOfPackages,
      weightOfPackages: options.order.weightKg,
      tariffId: priced.tariffId,
      charge: priced.charge,
      createdAt: now,
      expiresAt: quoteExpiresAt(now),
    })
    .returning();
  if (!row) throw new Error('The quote was not saved.');
  return { row, priced };
}

/** POST /api/customer/quote: the price of an order on the company's tariff, kept as a quote. */
export async function createQuote(db: Db, customer: Customer, order: CustomerOrder): Promise<CustomerQuote> {
  const company = await requireOwnCompany(db, customer.userId, order.companyId);
  const { row, priced } = await insertQuote(db, { customer, company, order });
  const name = await customerName(db, customer.userId);
  return toCustomerQuote({ row, company, customer: { ...customer, name }, priced, bookingReference: null });
}
