import { Button, Center, Divider, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { AREAS, canAccessArea, hasAccess, parseRoles } from '@courier/domain/auth/roles';
import { bookingStatusLabel } from '@courier/domain/bookings/enums';
import { canTagJobs } from '@courier/domain/bookings/labels';
import type { PriceField } from '@courier/domain/bookings/price-visibility';
import type { BookingDetails, BookingJob, PlaceSummary } from '@courier/domain/bookings/schemas';
import { formatDateTime, formatTime } from '@courier/domain/common/dates';
import type { InvoicePeriod } from '@courier/domain/invoicing/schemas';
import { PENDING_CHANGES_MESSAGE, PRICING_EXTRAS_DISABLED_MESSAGE } from '@courier/domain/pricing/price-edits';
import { tariffServiceName } from '@courier/domain/pricing/tariff-services';
import { useInvoicePeriods } from '@/api/invoice-periods.ts';
import { usePublicConfig } from '@/api/public-config.ts';
import { DateText, Money } from '@/ui/format.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { SlideIn } from '@/ui/slide-in.tsx';
import { toast } from '@/ui/toast.ts';
import { bookingLoadFailure, useBooking } from '@/api/bookings.ts';
import { useSession } from '@/session/session-store.ts';
import { ChooseCompanyModal } from './choose-company-modal.tsx';
import { EditClientReferencesModal } from './edit-client-references-modal.tsx';
import { INVOICE_PERIOD_LOAD_ERROR, JobInvoicePeriod } from './job-invoice-period.tsx';
import { JobPriceHistory } from './job-price-history.tsx';
import { JobTimeline } from './job-timeline.tsx';
import { JobTariffActions } from './job-tariff-actions.tsx';
import { JobTagChips, JobTagsEditor } from './job-tags-editor.tsx';
import { PricingExtrasModal } from './pricing-extras/pricing-extras-modal.tsx';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children === null || children === undefined || children === '' ? '–' : children}
      </Text>
    </>
  );
}

/**
 * A price row, named by its field in the domain's price list: shown to roles that see prices, and
 * only when the server sent the price (it leaves every listed field out for the others, spec 2 §6).
 */
function PriceItem<T extends Partial<Record<PriceField, unknown>>>({
  label,
  of,
  field,
  seePrices,
}: {
  label: string;
  of: T;
  field: PriceField & keyof T;
  seePrices: boolean;
}) {
  const value = of[field];
  if (!seePrices || typeof value !== 'number') return null;
  return (
    <Item label={label}>
      <Money value={value} />
    </Item>
  );
}

/**
 * Labels and values side by side. A value may be one long word (a client reference of 200 characters,
 * a pasted address): its column may shrink below that word (minmax(0, ...); a plain 1fr grows to fit
 * it and widens the panel) and the details column breaks the word to wrap it (DETAILS_COLUMN).
 */
const dl = {
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: 16,
  rowGap: 4,
  margin: 0,
} as const;
/**
 * Everything shown here is as long as someone typed it, or another system sent it (names, addresses,
 * notes, references, tracking details): a word too long for the column breaks anywhere, so nothing
 * widens the panel or makes it scroll sideways. A label, a button, a date keeps its one line.
 */
const DETAILS_COLUMN = { overflowWrap: 'anywhere' } as const;
/** A place on one line; a name that is just its first address line (a street address) is not repeated. */
const address = (place: PlaceSummary | null) =>
  place
    ? [
        place.name === place.addressLineOne ? '' : place.name,
        place.addressLineOne,
        place.addressLineTwo,
        place.city,
        place.postCode,
        place.country,
      ]
        .filter(Boolean)
        .join(', ')
    : null;
const windowText = (start: string | null, end: string | null) => {
  if (!start || !end) return null;
  // The end's date is shown only when the window runs into another day.
  const sameDay = formatDateTime(start).slice(0, 8) === formatDateTime(end).slice(0, 8);
  return `${formatDateTime(start)} – ${sameDay ? formatTime(end) : formatDateTime(end)}`;
};
const check = (value: boolean | null) => (value === null ? 'No window' : value ? 'Yes' : 'No');

/** The dispatch docket for a job, from the configured dispatch host; an empty panel says when there is none. */
function Docket({ jobReference }: { jobReference: string | undefined }) {
  const config = usePublicConfig();
  const base = config.data?.docketBaseUrl;
  if (!jobReference) return <EmptyState title="No Jobs" />;
  if (!base) {
    return (
      <Center h="100%" p="lg" bg="gray.0">
        <Stack align="center" gap={4} maw={360}>
          <Title order={3} size="h5">
            No dispatch docket
          </Title>
          {/* Words for office staff; the README names the setting an administrator changes. */}
          <Text size="sm" c="dimmed" ta="center">
            Docket view is not set up for this office, so the docket for {jobReference} cannot be shown here.
          </Text>
        </Stack>
      </Center>
    );
  }
  const url = `${base.replace(/\/$/, '')}/admin/docket/${encodeURIComponent(jobReference)}`;
  return (
    <iframe title={`Dispatch docket ${jobReference}`} src={url} style={{ width: '100%', height: '100%', border: 0 }} />
  );
}

function JobCard({
  job,
  period,
  seePrices,
  mayTag,
  onOsPricing = false,
  pricingExtras,
}: {
  job: BookingJob;
  period: UseQueryResult<InvoicePeriod> | undefined;
  seePrices: boolean;
  mayTag: boolean;
  /** Pricing staff on an ON/OS booking: Set Cancelled and Set Failed Collection. */
  onOsPricing?: boolean;
  /** Pricing staff who see prices: the Pricing Extras button, with why its modal only shows (or null). */
  pricingExtras?: { disabledReason: string | null } | undefined;
}) {
  const delivered = job.status === 'delivered';
  const [extrasOpen, setExtrasOpen] = useState(false);
  return (
    <Paper withBorder p="sm" role="group" aria-label={`Job ${job.reference}`}>
      <Text fw={700} mb="xs">
        {job.reference}
      </Text>
      <dl style={dl}>
        <Item label="Tags">{mayTag ? <JobTagsEditor job={job} /> : <JobTagChips tags={job.tags} />}</Item>
        <Item label="Status">{bookingStatusLabel(job.status)}</Item>
        <Item label="Invoice period">
          <JobInvoicePeriod periodId={job.invoicePeriodId} period={period} />
        </Item>
        <Item label="Collection">{address(job.collection)}</Item>
        <Item label="Delivery">{address(job.delivery)}</Item>
        <Item label="Collection ETA">{formatDateTime(job.collectionEta)}</Item>
        <Item label="Delivery ETA">{formatDateTime(job.deliveryEta)}</Item>
        <Item label="Collection window">{windowText(job.windows.collectionStart, job.windows.collectionEnd)}</Item>
        <Item label="Delivery window">{windowText(job.windows.deliveryStart, job.windows.deliveryEnd)}</Item>
        {delivered && <Item label="Collected in window">{check(job.collectionInWindow)}</Item>}
        {delivered && <Item label="Delivered in window">{check(job.deliveryInWindow)}</Item>}
        <Item label="Delivery time">{formatDateTime(job.deliveryTime)}</Item>
        <Item label="Signed by">{job.signedBy}</Item>
        <Item label="Drivers">{[job.driverNumber, job.driverTwoNumber].filter((n) => n !== null).join(', ')}</Item>
        {job.carrier && (
          <Item label="Carrier">
            {`${job.carrier.name}${job.tariffService ? `, ${tariffServiceName(job.tariffService)}` : ''}`}
          </Item>
        )}
        <Item label="Internal notes">{job.internalNotes}</Item>
        {job.needsSameDayReview && (
          <Item label="Same day review">{job.needsSameDayReviewReason ?? 'No reason provided'}</Item>
        )}
        {job.needsCarrierReview && (
          <Item label="Carrier review">{job.needsCarrierReviewReason ?? 'No reason provided'}</Item>
        )}
        <PriceItem label="Charge" of={job} field="customerCharge" seePrices={seePrices} />
        <PriceItem label="Driver Pay" of={job} field="driverPrice" seePrices={seePrices} />
        {job.carrier && <PriceItem label="Carrier cost" of={job} field="carrierPrice" seePrices={seePrices} />}
      </dl>
      <JobTimeline jobReference={job.reference} />
      {onOsPricing && <JobTariffActions job={job} />}
      {pricingExtras && (
        <>
          <Button size="compact-xs" variant="light" mt="xs" onClick={() => setExtrasOpen(true)}>
            Pricing Extras
          </Button>
          <PricingExtrasModal
            job={extrasOpen ? job : null}
            onClose={() => setExtrasOpen(false)}
            disabledReason={pricingExtras.disabledReason}
          />
        </>
      )}
      {seePrices && <JobPriceHistory jobId={job.id} jobReference={job.reference} />}
    </Paper>
  );
}

/**
 * The set call that made the booking (issue 14): a link to its company's Set Calls tab for the
 * roles that may open that tab, plain text for the others.
 */
function SetCallItem({ setCallId, companyId }: { setCallId: number | null; companyId: number }) {
  const { user } = useSession();
  if (setCallId === null) return 'No';
  if (!canAccessArea(parseRoles(user?.roles ?? '[]'), 'companyTabSetCalls')) return `Set call ${setCallId}`;
  return (
    <Link
      to="/companies/$companyId/{-$tab}"
      params={{ companyId, tab: 'set-calls' }}
      style={{ color: 'var(--mantine-color-blue-8)' }}
    >
      {`Set call ${setCallId}`}
    </Link>
  );
}

function Details({
  booking,
  seePrices,
  onEditReferences,
  onChangeCompany,
}: {
  booking: BookingDetails;
  seePrices: boolean;
  onEditReferences: () => void;
  /** Pricing staff: opens Choose Company. */
  onChangeCompany?: (() => void) | undefined;
}) {
  const confirmed =
    booking.duration !== null ? new Date(Date.parse(booking.createdAt) + booking.duration * 1000) : null;
  const customer = booking.user
    ? `${booking.user.firstName} ${booking.user.lastName}${booking.user.phone ? `, ${booking.user.phone}` : ''}`
    : null;
  return (
    <dl style={dl}>
      <Item label="Reference">{booking.reference}</Item>
      <Item label="Customer">{customer}</Item>
      <Item label="Company">
        <Link
          to="/companies/$companyId/{-$tab}"
          params={{ companyId: booking.company.id, tab: undefined }}
          style={{ color: 'var(--mantine-color-blue-8)' }}
        >
          {booking.company.accountCode ? `${booking.company.accountCode} ` : ''}
          {booking.company.name}
        </Link>
        {onChangeCompany && (
          <Button size="compact-xs" variant="light" ml="xs" onClick={onChangeCompany}>
            Change
          </Button>
        )}
      </Item>
      <Item label="Client references">
        <Group gap="xs">
          <span>
            {booking.companyReferences.map((reference) => `${reference.name}: ${reference.value}`).join('; ') || 'None'}
          </span>
          <Button size="compact-xs" variant="light" onClick={onEditReferences}>
            Edit
          </Button>
        </Group>
      </Item>
      <Item label="Placed by">
        {booking.staff ? `${booking.staff.firstName} ${booking.staff.lastName}` : 'Customer'}
      </Item>
      <Item label="Created">{<DateText value={booking.createdAt} withTime />}</Item>
      <Item label="Confirmed">{confirmed ? <DateText value={confirmed} withTime /> : null}</Item>
      <Item label="Service">{booking.service.name}</Item>
      <Item label="Distance">{booking.distance !== null ? `${(booking.distance / 1000).toFixed(1)} km` : null}</Item>
      <Item label="Collection time">
        {booking.collectionTime ? <DateText value={booking.collectionTime} withTime /> : 'ASAP'}
      </Item>
      <Item label="Return">{booking.return ? 'Yes' : 'No'}</Item>
      <Item label="Set call">
        <SetCallItem setCallId={booking.setCallId} companyId={booking.company.id} />
      </Item>
      <Item label="Packages">{booking.numberOfPackages}</Item>
      <Item label="Weight">{`${booking.weightOfPackages.toFixed(2)} kg`}</Item>
      <Item label="Package">{[booking.packageType, booking.packageSize].filter(Boolean).join(', ')}</Item>
      <Item label="Status">{bookingStatusLabel(booking.status)}</Item>
      <Item label="Notes">{booking.notes}</Item>
      <Item label="Goods">{booking.goodsDescription}</Item>
      <PriceItem label="Charge" of={booking} field="exVatPrice" seePrices={seePrices} />
      <PriceItem label="Driver Pay" of={booking} field="driverPrice" seePrices={seePrices} />
    </dl>
  );
}

/** Spec 2 §2 'Booking details': about 80% of the width, the docket on the left, details and jobs on the right. */
export function BookingDetailsPanel({
  reference,
  onClose,
  seePrices,
  unsavedPriceChanges = false,
}: {
  reference: string | null;
  onClose: () => void;
  seePrices: boolean;
  /** The list holds price changes not yet saved: company and client references wait (spec 2 §5). */
  unsavedPriceChanges?: boolean;
}) {
  const booking = useBooking(reference);
  const { user } = useSession();
  const mayTag = canTagJobs(parseRoles(user?.roles ?? '[]'));
  const mayEditPrices = hasAccess(parseRoles(user?.roles ?? '[]'), AREAS.editPrices);
  const [chosen, setJobReference] = useState<string | undefined>();
  const [editing, setEditing] = useState(false);
  const [choosingCompany, setChoosingCompany] = useState(false);
  // The chosen job while it belongs to the booking shown, else the booking's first job.
  const jobReference = booking.data?.jobs.some((job) => job.reference === chosen)
    ? chosen
    : booking.data?.jobs[0]?.reference;
  const periods = useInvoicePeriods(booking.data?.jobs.map((job) => job.invoicePeriodId) ?? []);
  const periodFailed = [...periods.values()].some((period) => period.isError);
  useEffect(() => {
    if (periodFailed)
      toast({ title: 'Error Loading Invoice Period', message: INVOICE_PERIOD_LOAD_ERROR, type: 'error' }); // spec 2 §8
  }, [periodFailed]);

  return (
    <SlideIn opened={reference !== null} onClose={onClose} title={<Text fw={700}>Booking {reference}</Text>} size="80%">
      {booking.isPending ? (
        <LoadingState text="Loading Booking..." />
      ) : booking.isError ? (
        <ErrorState
          title="Error"
          subtitle={bookingLoadFailure(booking.error, reference ?? '')}
          onRetry={() => void booking.refetch()}
        />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="xs" h="calc(100vh - 120px)">
              {booking.data.jobs.length > 1 && (
                <Select
                  label="Job"
                  allowDeselect={false}
                  data={booking.data.jobs.map((job) => job.reference)}
                  value={jobReference ?? null}
                  onChange={(value) => setJobReference(value ?? undefined)}
                />
              )}
              <Paper withBorder style={{ flex: 1, overflow: 'hidden' }}>
                <Docket jobReference={jobReference} />
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack style={DETAILS_COLUMN}>
              <Title order={3} size="h4">
                Details
              </Title>
              <Details
                booking={booking.data}
                seePrices={seePrices}
                onEditReferences={() => {
                  // Spec 2 §5: refused while price changes are pending, with the Pending Changes toast (§8).
                  if (unsavedPriceChanges)
                    toast({ type: 'error', title: 'Pending Changes', message: PENDING_CHANGES_MESSAGE });
                  else setEditing(true);
                }}
                onChangeCompany={mayEditPrices ? () => setChoosingCompany(true) : undefined}
              />
              <Divider />
              <Title order={3} size="h4">
                Jobs
              </Title>
              {booking.data.jobs.map((job) => (
                <JobCard
                  key={job.id}
                  job={job}
                  period={job.invoicePeriodId === null ? undefined : periods.get(job.invoicePeriodId)}
                  seePrices={seePrices}
                  mayTag={mayTag}
                  onOsPricing={mayEditPrices && booking.data.type === 'other'}
                  pricingExtras={
                    mayEditPrices && seePrices
                      ? { disabledReason: unsavedPriceChanges ? PRICING_EXTRAS_DISABLED_MESSAGE : null }
                      : undefined
                  }
                />
              ))}
            </Stack>
          </Grid.Col>
          <EditClientReferencesModal booking={booking.data} opened={editing} onClose={() => setEditing(false)} />
          {mayEditPrices && (
            <ChooseCompanyModal
              booking={booking.data}
              opened={choosingCompany}
              onClose={() => setChoosingCompany(false)}
              unsavedPriceChanges={unsavedPriceChanges}
            />
          )}
        </Grid>
      )}
    </SlideIn>
  );
}
