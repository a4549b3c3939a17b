import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { bookingTypeOf, bookingVehicleOf } from '@courier/domain/companies/set-call-bookings';
import type { CustomerBooking, CustomerBookingBody } from '@courier/domain/customer/schemas';
import { insertNewBookings, type NewBooking } from '../../core/booking-writes.ts';
import { findPlaceById } from '../../core/places.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bookings, customerQuotes, services, tariffs } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { companiesOfCustomer, requireOwnCompany, type Customer, type OwnCompany } from './customer-companies.ts';
import { customerName, insertQuote, type QuoteRow } from './create-quote.ts';
import type { PricedOrder } from './price-order.ts';
import { customerBookingsByIds } from './queries.ts';

// No 0/O or 1/I: a customer reads the reference out on the phone.
const REFERENCE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A customer booking's reference: 'CB' and eight letters or digits (the office's are B and digits, set calls SC). */
function newCustomerReference(): string {
  let text = 'CB';
  for (let index = 0; index < 8; index += 1) text += REFERENCE_LETTERS[randomInt(REFERENCE_LETTERS.length)];
  return text;
}

/** A quote of the customer's companies by uid, locked for booking; 404 for anyone else's. */
async function lockOwnQuote(
  tx: DbOrTx,
  customer: Customer,
  uid: string,
): Promise<{ row: QuoteRow; company: OwnCompany }> {
  const own = await companiesOfCustomer(tx, customer.userId);
  const [row] =
    own.length === 0
      ? []
      : await tx
          .select()
          .from(customerQuotes)
          .where(
            and(
              eq(customerQuotes.uid, uid),
              inArray(
                customerQuotes.companyId,
                own.map((company) => company.id),
              ),
            ),
          )
          .for('update');
  const company = row ? own.find((entry) => entry.id === row.companyId) : undefined;
  if (!row || !company) throw notFound(`Quote ${uid} was not found among your quotes.`);
  return { row, company };
}

/** What a quote was priced from, read back for booking (its service and places as they are now). */
async function pricedOfQuote(tx: DbOrTx, row: QuoteRow): Promise<Omit<PricedOrder, 'charge'>> {
  const [service] = await tx.select().from(services).where(eq(services.id, row.serviceId));
  const collection = await findPlaceById(tx, row.collectionPlaceId);
  const delivery = await findPlaceById(tx, row.deliveryPlaceId);
  const [tariff] =
    row.tariffId === null
      ? []
      : await tx.select({ tariffCodeId: tariffs.tariffCodeId }).from(tariffs).where(eq(tariffs.id, row.tariffId));
  if (!service || !collection || !delivery)
    throw conflict('An address or the service of this quote is no longer available. Please ask for a new quote.');
  return {
    service,
    collection,
    delivery,
    distance: row.distance,
    tariffId: row.tariffId ?? 0,
    tariffCodeId: tariff?.tariffCodeId ?? 0,
  };
}

/** The booking a quote makes: one job from collection to delivery, at the quote's charge, confirmed. */
function bookingOfQuote(options: {
  reference: string;
  customer: Customer;
  quote: QuoteRow;
  priced: Omit<PricedOrder, 'charge'>;
  body: CustomerBookingBody;
}): NewBooking {
  const { quote, priced, body } = options;
  const collectionTime = body.collectionTime === null ? null : new Date(body.collectionTime);
  const priceDetails = { charge: quote.charge, driverExtras: 0 };
  return {
    booking: {
      reference: options.reference,
      companyId: quote.companyId,
      companyReferences: body.clientReference
        ? [{ id: 0, name: 'Reference', header: 'Reference', value: body.clientReference }]
        : [],
      userId: options.customer.userId,
      duration: 0, // confirmed as it is made
      serviceId: priced.service.id,
      type: bookingTypeOf(priced.service.service),
      vehicle: bookingVehicleOf(priced.service.type),
      distance: quote.distance,
      collectionTime,
      numberOfPackages: quote.numberOfPackages,
      weightOfPackages: quote.weightOfPackages,
      status: 'confirmed',
      notes: body.notes,
      goodsDescription: body.goodsDescription,
      priceDetails,
    },
    jobs: [
      {
        job: {
          status: 'confirmed',
          tariffId: quote.tariffId,
          tariffCodeId: priced.tariffCodeId || null,
          customerCharge: quote.charge,
          // Driver pay is dispatch's and driver pay's to settle (as for a set call priced by tariff).
          driverPrice: 0,
          collectionPlaceId: priced.collection.id,
          deliveryPlaceId: priced.delivery.id,
          collectionEta: collectionTime,
          windows: {
            collectionStart: collectionTime?.toISOString() ?? null,
            collectionEnd: null,
            deliveryStart: null,
            deliveryEnd: null,
          },
          priceDetails,
        },
        tasks: [
          { type: 'COLLECTION', status: 'PENDING', ...body.collection },
          { type: 'DELIVERY', status: 'PENDING', ...body.delivery },
        ],
      },
    ],
  };
}

/**
 * POST /api/customer/booking/{reference}: books a quote of the customer's (by its uid) or, with
 * reference `new`, an order given in full (priced as a quote, which is kept too). A quote books once
 * and only before it expires; the company must allow online booking. The job's 'created' tracking
 * event names the customer.
 */
export async function bookCustomerBooking(
  db: Db,
  options: { customer: Customer; reference: string; body: CustomerBookingBody },
): Promise<CustomerBooking> {
  const { customer, body } = options;
  if (options.reference === 'new' && !body.order)
    throw badRequest('Give the order to book (company, places, service, packages) or book a quote by its uid.', [
      { field: 'body.order', message: 'required when the reference is new' },
    ]);
  if (options.reference !== 'new' && body.order)
    throw badRequest('A quote is booked as it was priced: leave out the order, or book it as new.', [
      { field: 'body.order', message: 'not allowed when booking a quote' },
    ]);

  return db.transaction(async (tx) => {
    let quote: QuoteRow;
    let company: OwnCompany;
    let priced: Omit<PricedOrder, 'charge'>;
    if (body.order) {
      company = await requireOwnCompany(tx, customer.userId, body.order.companyId);
      ({ row: quote, priced } = await insertQuote(tx, { customer, company, order: body.order }));
    } else {
      ({ row: quote, company } = await lockOwnQuote(tx, customer, options.reference));
      if (quote.bookingId !== null) {
        const [booked] = await tx
          .select({ reference: bookings.reference })
          .from(bookings)
          .where(eq(bookings.id, quote.bookingId));
        throw conflict(`This quote is already booked${booked ? ` as ${booked.reference}` : ''}.`);
      }
      if (quote.expiresAt.getTime() < Date.now()) throw conflict('This quote has expired. Please ask for a new quote.');
      if (!company.cycloneAllowBooking)
        throw conflict(`Online booking is switched off for ${company.name}. Please call us to book.`);
      priced = await pricedOfQuote(tx, quote);
    }
    if (company.referenceRequired && !body.clientReference)
      throw badRequest(`${company.name} asks for a reference on every booking.`, [
        { field: 'body.clientReference', message: 'required for this company' },
      ]);

    const cause = { kind: 'user' as const, userId: customer.userId, name: await customerName(tx, customer.userId) };
    let bookingId: number | undefined;
    // A new reference is random: on the rare clash insertNewBookings leaves the booking out, so try another.
    for (let attempt = 0; attempt < 5 && bookingId === undefined; attempt += 1) {
      const reference = newCustomerReference();
      const written = await insertNewBookings(
        tx,
        [bookingOfQuote({ reference, customer, quote, priced, body })],
        cause,
      );
      bookingId = written.get(reference);
    }
    if (bookingId === undefined) throw new Error('No free booking reference was found.');
    await tx.update(customerQuotes).set({ bookingId }).where(eq(customerQuotes.id, quote.id));
    const [booking] = await customerBookingsByIds(tx, [bookingId], new Map([[company.id, company]]));
    if (!booking) throw new Error('The booking just written was not found.');
    return booking;
  });
}
