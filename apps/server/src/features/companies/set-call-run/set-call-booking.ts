import type { Place } from '@courier/domain/addresses/schemas';
import { formatDay } from '@courier/domain/common/calendar-days';
import {
  bookingTypeOf,
  bookingVehicleOf,
  chooseSetCallTariff,
  SET_CALL_TAG,
  setCallBookingReference,
  setCallPrice,
  tariffServiceOf,
} from '@courier/domain/companies/set-call-bookings';
import type { SetCallRun } from '@courier/domain/companies/set-call-runs';
import { setCallPricingSchema } from '@courier/domain/companies/set-calls';
import { splitEqually } from '@courier/domain/pricing/price-edits';
import type { NewBooking, NewTaskValues } from '../../../core/booking-writes.ts';
import type { SetCallBookingContext, SetCallRow } from './queries.ts';

export type SetCallBooking = { ok: true; booking: NewBooking; priced: string } | { ok: false; message: string };

/** The zone a delivery country is priced in: the first zone listing it, else IRELAND (the tariffs' default). */
function zoneOf(context: SetCallBookingContext, place: Place): string {
  return context.zones.find((zone) => zone.countries.includes(place.countryCode))?.name ?? 'IRELAND';
}

/**
 * The booking one run of a set call makes (issue 14): the set call's places, service and vehicle,
 * contacts on its stops, reference, notes, goods and packages, its driver, its fixed price or the
 * tariff engine's, a return-to-base stop when it has a return leg, and the SET_CALL tag. Not ok, with
 * the reason, when it cannot be booked (no service or address, a price the tariffs cannot give).
 */
export function setCallBooking(setCall: SetCallRow, run: SetCallRun, context: SetCallBookingContext): SetCallBooking {
  const company = context.companies.get(setCall.companyId);
  if (!company) return { ok: false, message: 'its company is gone.' };
  const service = setCall.serviceId === null ? undefined : context.services.get(setCall.serviceId);
  if (!service) return { ok: false, message: 'it has no service: choose one in its details.' };
  const collection = setCall.collectionPlaceId ? context.places.get(setCall.collectionPlaceId) : undefined;
  const delivery = setCall.deliveryPlaceId ? context.places.get(setCall.deliveryPlaceId) : undefined;
  if (!collection || !delivery)
    return { ok: false, message: `it has no ${collection ? 'delivery' : 'collection'} address: choose one.` };
  const pricing = setCallPricingSchema.safeParse(setCall.pricing);
  if (!pricing.success) return { ok: false, message: 'its pricing is not valid: save it again in its details.' };

  const tariffService = tariffServiceOf(service.service);
  const tariffCodeId = company.tariffCode ?? context.tariffCodeIds.get(tariffService);
  const tariff =
    tariffCodeId === undefined
      ? undefined
      : chooseSetCallTariff(context.tariffs, {
          accountCode: company.accountCode,
          tariffCodeId,
          service: tariffService,
          zone: zoneOf(context, delivery),
        });
  const weight = setCall.weightOfPackages ?? 0;
  const price = setCallPrice({ pricing: pricing.data, tariff, weightKg: weight });
  if (!price.ok) return { ok: false, message: price.message };

  const reference = setCallBookingReference(setCall.id, run.scheduledDay);
  const driverId = setCall.driver === null ? null : (context.driverIds.get(setCall.driver) ?? null);
  const stop = (type: NewTaskValues['type'], name: string, phone: string): NewTaskValues => ({
    type,
    status: 'PENDING',
    driverId,
    contactName: name,
    contactPhone: phone,
  });
  const stops = [
    stop('COLLECTION', setCall.collectionName, setCall.collectionPhone),
    stop('DELIVERY', setCall.deliveryName, setCall.deliveryPhone),
    // The return leg brings the goods back to where they were collected (spec 2 §3 stop RTB).
    ...(setCall.return ? [stop('RETURN_TO_BASE', setCall.collectionName, setCall.collectionPhone)] : []),
  ];
  const pays = splitEqually(price.driverPay, stops.length);
  stops.forEach((task, index) => (task.driverPay = pays[index] ?? 0));
  const clientReference = context.referenceOf.get(company.id);
  const priceDetails = { charge: price.charge, driverExtras: 0 };

  const booking: NewBooking = {
    booking: {
      reference,
      companyId: company.id,
      companyReferences: setCall.reference.trim()
        ? [
            {
              // The company's 'Reference' field when it has one; else a free reference (id 0: no definition).
              id: clientReference?.id ?? 0,
              name: clientReference?.name ?? 'Reference',
              header: clientReference?.header ?? 'Reference',
              value: setCall.reference.trim(),
            },
          ]
        : [],
      duration: 0, // confirmed as it is made
      serviceId: service.id,
      type: bookingTypeOf(service.service),
      vehicle: bookingVehicleOf(service.type),
      collectionTime: run.collectionAt,
      return: setCall.return,
      setCallId: setCall.id,
      setCallDate: run.scheduledDay,
      numberOfPackages: setCall.numberOfPackages ?? 1,
      weightOfPackages: weight,
      packageType: setCall.isDocuments ? 'Documents' : null,
      status: 'confirmed',
      notes: setCall.notes,
      goodsDescription: setCall.goodsDescription,
      priceDetails,
    },
    jobs: [
      {
        job: {
          status: 'confirmed',
          tariffId: price.tariffId,
          tariffCodeId: tariff?.tariffCodeId ?? tariffCodeId ?? null,
          customerCharge: price.charge,
          driverPrice: price.driverPay,
          driverNumber: setCall.driver,
          tags: [SET_CALL_TAG, ...(setCall.return ? ['RETURN'] : [])],
          internalNotes: run.pushedFrom
            ? `Set call ${setCall.id}: moved from ${run.pushedFrom.name} (${formatDay(run.scheduledDay)}).`
            : '',
          collectionPlaceId: collection.id,
          deliveryPlaceId: delivery.id,
          collectionEta: run.collectionAt,
          windows: {
            collectionStart: run.collectionAt.toISOString(),
            collectionEnd: null,
            deliveryStart: null,
            deliveryEnd: null,
          },
          priceDetails,
        },
        tasks: stops,
      },
    ],
  };
  return {
    ok: true,
    booking,
    priced: price.source === 'fixed' ? 'its fixed price' : `tariff ${price.tariffId} for ${weight} kg`,
  };
}
