import { Stack } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
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
  return (
    <Stack gap={0}>
      <InvoicePeriodHeader periodId={invoiceId} />
      {invoiceId > 0 && <BookingList invoiceId={invoiceId} />}
    </Stack>
  );
}
