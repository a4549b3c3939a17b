import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { ApiRequestError } from '@/api/client.ts';
import { invoicePeriodQuery } from '@/api/invoice-periods.ts';
import { BookingList } from '@/features/bookings/booking-list.tsx';
import { InvoicePeriodHeader } from '@/features/invoicing/invoice-period-header.tsx';

const route = getRouteApi('/app/invoicing/invoices/$invoiceId');

/**
 * One invoice (spec 1 §2 /invoicing/invoices/{invoiceId}, the invoice period's id): its head from the
 * invoicing area over the booking list of the bookings area, filtered to the period, list header
 * hidden and price editing off. Composed here because areas do not import each other.
 */
export function InvoiceDetailsScreen() {
  const { invoiceId } = route.useParams();
  // The head's own query (shared from the cache): an invoice that does not exist has no bookings to
  // filter, so its page says 'No Invoice' alone. The list still starts with the head, not after it.
  const period = useQuery({ ...invoicePeriodQuery(invoiceId), enabled: invoiceId > 0 });
  const missing =
    invoiceId < 1 || (period.error instanceof ApiRequestError && [400, 404].includes(period.error.status));
  return (
    <Stack gap={0}>
      <InvoicePeriodHeader periodId={invoiceId} />
      {!missing && <BookingList invoiceId={invoiceId} />}
    </Stack>
  );
}
