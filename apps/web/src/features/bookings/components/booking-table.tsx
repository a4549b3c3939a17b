import { Badge, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';
import { bookingStatusLabel } from '@courier/domain/bookings/enums';
import { driverPayPercentColour, jobDriverPayPercent } from '@courier/domain/bookings/margins';
import type { BookingListItem } from '@courier/domain/bookings/schemas';
import { DateText, Money } from '../../../ui/format.tsx';
import classes from './booking-table.module.css';
import { MARGIN_TEXT_COLOURS } from './margin-colours.ts';

const ROW_HEIGHT = 44;

interface Column {
  key: string;
  header: string;
  width: number;
  align?: 'right';
  cell: (booking: BookingListItem) => ReactNode;
}

const place = (booking: BookingListItem, which: 'collection' | 'delivery') => {
  const job = which === 'collection' ? booking.jobs[0] : booking.jobs.at(-1);
  const found = job?.[which];
  return found ? `${found.name}, ${found.city}` : '';
};
const unique = <T,>(values: (T | null | undefined)[]) => [...new Set(values.filter((value): value is T => value !== null && value !== undefined))];
const sum = (values: (number | undefined)[]) => values.reduce<number>((total, value) => total + Math.round((value ?? 0) * 100), 0) / 100;

function reviewReason(booking: BookingListItem): string | null {
  for (const job of booking.jobs) {
    if (job.needsSameDayReview) return `Same day review: ${job.needsSameDayReviewReason ?? 'No reason provided'}`;
    if (job.needsCarrierReview) return `Carrier review: ${job.needsCarrierReviewReason ?? 'No reason provided'}`;
  }
  return null;
}

function columnsFor(view: 'SAME_DAY' | 'ON_OS' | undefined, seePrices: boolean, onOpen: (reference: string) => void): Column[] {
  const common: Column[] = [
    {
      key: 'reference',
      header: 'Reference',
      width: 150,
      cell: (booking) => {
        const reason = reviewReason(booking);
        return (
          <Group gap={6} wrap="nowrap">
            <UnstyledButton onClick={() => onOpen(booking.reference)} c="blue.8" fw={600} fz="sm" td="underline" aria-label={`Open booking ${booking.reference}`}>
              {booking.reference}
            </UnstyledButton>
            {reason && (
              <Tooltip label={reason}>
                <Badge size="xs" color="orange.9" variant="filled" aria-label={reason}>
                  Review
                </Badge>
              </Tooltip>
            )}
          </Group>
        );
      },
    },
    { key: 'created', header: 'Created', width: 132, cell: (booking) => <DateText value={booking.createdAt} withTime /> },
    {
      key: 'company',
      header: 'Company',
      width: 220,
      cell: (booking) => (
        <Text size="sm" truncate="end">
          <Link to="/companies/$companyId/{-$tab}" params={{ companyId: booking.company.id, tab: undefined }} style={{ color: 'var(--mantine-color-blue-8)', fontWeight: 700 }}>
            {booking.company.accountCode ?? booking.company.name}
          </Link>
          {booking.company.accountCode ? ` ${booking.company.name}` : ''}
        </Text>
      ),
    },
    { key: 'status', header: 'Status', width: 120, cell: (booking) => bookingStatusLabel(booking.status) },
    { key: 'service', header: 'Service', width: 160, cell: (booking) => <Text size="sm" truncate="end">{booking.service.name}</Text> },
  ];
  const sameDay: Column[] = [
    { key: 'vehicle', header: 'Vehicle', width: 120, cell: (booking) => booking.vehicle ?? '' },
    { key: 'route', header: 'From → To', width: 280, cell: (booking) => <Text size="sm" truncate="end">{`${place(booking, 'collection')} → ${place(booking, 'delivery')}`}</Text> },
    { key: 'drivers', header: 'Drivers', width: 90, cell: (booking) => unique(booking.jobs.flatMap((job) => [job.driverNumber, job.driverTwoNumber])).join(', ') },
    { key: 'tags', header: 'Tags', width: 170, cell: (booking) => <Text size="xs" truncate="end">{unique(booking.jobs.flatMap((job) => job.tags)).join(', ')}</Text> },
  ];
  const onOs: Column[] = [
    { key: 'carrier', header: 'Carrier', width: 130, cell: (booking) => unique(booking.jobs.map((job) => job.carrier?.name)).join(', ') },
    { key: 'tariff', header: 'Tariff', width: 70, cell: (booking) => unique(booking.jobs.map((job) => job.tariffService)).join(', ') },
    { key: 'to', header: 'To', width: 220, cell: (booking) => <Text size="sm" truncate="end">{place(booking, 'delivery')}</Text> },
  ];
  const sizes: Column[] = [
    { key: 'packages', header: 'Pkgs', width: 60, align: 'right', cell: (booking) => booking.numberOfPackages },
    { key: 'weight', header: 'Kg', width: 70, align: 'right', cell: (booking) => booking.weightOfPackages.toFixed(2) },
  ];
  const prices: Column[] = !seePrices
    ? []
    : view === 'ON_OS'
      ? [
          { key: 'charge', header: 'Charge', width: 100, align: 'right', cell: (booking) => <Money value={booking.exVatPrice} /> },
          { key: 'carrierCost', header: 'Carrier Cost', width: 110, align: 'right', cell: (booking) => <Money value={sum(booking.jobs.map((job) => job.carrierPrice))} /> },
        ]
      : [
          { key: 'charge', header: 'Charge', width: 100, align: 'right', cell: (booking) => <Money value={booking.exVatPrice} /> },
          { key: 'driverPay', header: 'Driver Pay', width: 100, align: 'right', cell: (booking) => <Money value={booking.driverPrice} /> },
          {
            key: 'percent',
            header: 'Pay %',
            width: 70,
            align: 'right',
            cell: (booking) => {
              const percent = jobDriverPayPercent(booking.driverPrice ?? 0, booking.exVatPrice ?? 0);
              return <Text size="sm" c={MARGIN_TEXT_COLOURS[driverPayPercentColour(percent)]}>{percent}%</Text>;
            },
          },
        ];
  return [...common, ...(view === 'ON_OS' ? onOs : view === 'SAME_DAY' ? sameDay : [...sameDay.slice(0, 2), ...onOs.slice(0, 1)]), ...sizes, ...prices];
}

/**
 * The rows of one page, virtualised: only the rows in view are in the DOM, so 5,000 rows render and
 * scroll smoothly (ARCHITECTURE 'web'). A plain table with spacer rows keeps table semantics.
 */
export function BookingTable({ bookings, view, seePrices, onOpen, busy }: { bookings: BookingListItem[]; view: 'SAME_DAY' | 'ON_OS' | undefined; seePrices: boolean; onOpen: (reference: string) => void; busy: boolean }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = columnsFor(view, seePrices, onOpen);
  // TanStack Virtual returns fresh values each render by design; the React compiler skips this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: bookings.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const width = columns.reduce((total, column) => total + column.width, 0);

  return (
    <div
      ref={scrollRef}
      className={classes.scroll}
      style={{ height: `min(70vh, ${(bookings.length + 1) * ROW_HEIGHT + 4}px)` }}
      tabIndex={0}
      role="region"
      aria-label="Bookings"
      aria-busy={busy}
    >
      <table className={classes.table} style={{ width, minWidth: '100%' }} aria-rowcount={bookings.length + 1}>
        <colgroup>
          {columns.map((column) => (
            <col key={column.key} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} style={{ textAlign: column.align ?? 'left' }}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {top > 0 && (
            <tr aria-hidden="true" style={{ height: top }}>
              <td colSpan={columns.length} />
            </tr>
          )}
          {items.map((item) => {
            const booking = bookings[item.index];
            if (!booking) return null;
            return (
              <tr key={booking.id} data-reference={booking.reference} style={{ height: ROW_HEIGHT }} aria-rowindex={item.index + 2}>
                {columns.map((column) => (
                  <td key={column.key} style={{ textAlign: column.align ?? 'left' }}>
                    {column.cell(booking)}
                  </td>
                ))}
              </tr>
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden="true" style={{ height: bottom }}>
              <td colSpan={columns.length} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
