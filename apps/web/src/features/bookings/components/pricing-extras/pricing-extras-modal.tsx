import { Alert, Container, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { formatDate } from '@courier/domain/common/dates';
import { invoicePeriodStatusLabel } from '@courier/domain/invoicing/enums';
import { bookingLoadFailure, useBooking } from '@/api/bookings.ts';
import { invoicePeriodQuery } from '@/api/invoice-periods.ts';
import { useInvoiceAndPayStatus } from '@/api/pricing-extras.ts';
import { UnsavedChangesScope, useDiscardGuard } from '@/ui/unsaved-changes.tsx';
import { MiniLoading } from '@/ui/list-states.tsx';
import { INVOICE_PERIOD_LOAD_ERROR } from '../job-invoice-period.tsx';
import { ChargeDocketsSection, PriceAdjustmentsSection } from './adjustment-sections.tsx';
import { DriverPaySection } from './driver-pay-section.tsx';
import { Section, useLoadErrorToast, type PricingExtrasJob } from './shared.tsx';

export type { PricingExtrasJob } from './shared.tsx';

/**
 * The Pricing Extras modal of spec 2 §2 (issue 11), full screen: the job's invoice period, its driver
 * pay per task (Save Pay, Mgn%), its related charge dockets, its price adjustments and its internal
 * notes. With a disabled reason (price changes pending in the list, spec 2 §5) it shows that reason and
 * only lets the user look.
 */
export function PricingExtrasModal({
  job,
  onClose,
  disabledReason,
}: {
  job: PricingExtrasJob | null;
  onClose: () => void;
  disabledReason: string | null;
}) {
  // An inner dialog open: Escape and the focus belong to it, not to this modal.
  const [innerOpen, setInnerOpen] = useState(false);
  // Driver pay typed and not saved (the section reports it): closing asks before it is thrown away.
  const { requestClose, report, question } = useDiscardGuard({
    onClose: () => {
      setInnerOpen(false);
      onClose();
    },
    subject: `The driver pay of ${job?.reference ?? 'this job'}`,
  });
  return (
    <>
      <Modal
        opened={job !== null}
        onClose={requestClose}
        fullScreen
        closeOnEscape={!innerOpen}
        trapFocus={!innerOpen}
        title={
          <Text fw={700} size="lg">
            Pricing Extras for {job?.reference}
          </Text>
        }
      >
        {job && (
          <UnsavedChangesScope report={report}>
            <PricingExtras key={job.id} job={job} disabledReason={disabledReason} onInnerOpenChange={setInnerOpen} />
          </UnsavedChangesScope>
        )}
      </Modal>
      {/* Beside the modal, not in it: Escape on the question must not reach the modal's own. */}
      {question}
    </>
  );
}

function PricingExtras({
  job,
  disabledReason,
  onInnerOpenChange,
}: {
  job: PricingExtrasJob;
  disabledReason: string | null;
  onInnerOpenChange: (open: boolean) => void;
}) {
  const disabled = disabledReason !== null;
  // The booking the job belongs to (asked for by the job's reference): its charge, its internal notes
  // and the booking's other jobs for the Add Pricing Adjustment modal.
  const booking = useBooking(job.reference);
  const bookingFailure = booking.isError ? bookingLoadFailure(booking.error, job.reference) : '';
  useLoadErrorToast(booking.isError, 'Error', bookingFailure);
  const bookingJob = booking.data?.jobs.find((candidate) => candidate.id === job.id);
  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        {disabledReason !== null && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm" c="red.9">
              {disabledReason}
            </Text>
          </Alert>
        )}
        <InvoiceBanner job={job} />
        <DriverPaySection job={job} charge={bookingJob?.customerCharge} disabled={disabled} />
        <ChargeDocketsSection jobId={job.id} />
        <PriceAdjustmentsSection
          job={job}
          jobs={booking.data?.jobs ?? [{ id: job.id, reference: job.reference }]}
          disabled={disabled}
          onInnerOpenChange={onInnerOpenChange}
        />
        <Section title="Internal Notes">
          {booking.isPending ? (
            <MiniLoading label="Loading internal notes" />
          ) : booking.isError ? (
            <Text size="sm" c="red.8">
              {bookingFailure}
            </Text>
          ) : bookingJob?.internalNotes ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {bookingJob.internalNotes}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              No internal notes
            </Text>
          )}
        </Section>
      </Stack>
    </Container>
  );
}

/** Spec 2 §2 'Invoice info banner': the period's days, identifier and status, or that there is none yet. */
function InvoiceBanner({ job }: { job: PricingExtrasJob }) {
  const period = useQuery({ ...invoicePeriodQuery(job.invoicePeriodId ?? 0), enabled: job.invoicePeriodId !== null });
  // The same request the driver pay section makes: it still names the invoice's status when the period fails.
  const invoiceStatus = useInvoiceAndPayStatus(job.id).data?.invoiceStatus ?? null;
  useLoadErrorToast(period.isError, 'Error Loading Invoice Period', INVOICE_PERIOD_LOAD_ERROR);
  let text: ReactNode;
  if (job.invoicePeriodId === null) text = 'Not in an invoice period yet';
  else if (period.isPending) text = <MiniLoading label="Loading Invoice Period" />;
  else if (period.isError)
    text = `${INVOICE_PERIOD_LOAD_ERROR}${invoiceStatus ? ` Invoice status: ${invoicePeriodStatusLabel(invoiceStatus)}.` : ''}`;
  else {
    const { identifier, start, end, status } = period.data;
    text = (
      <>
        Invoice period {formatDate(start)} – {formatDate(end)} · {identifier} ·{' '}
        <Text span fw={700} size="sm">
          {invoicePeriodStatusLabel(status)}
        </Text>
      </>
    );
  }
  return (
    <Alert color="blue" variant="light" aria-label="Invoice" role="status">
      <Text size="sm" c="blue.9">
        {text}
      </Text>
    </Alert>
  );
}
