import { Anchor, Checkbox, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDay } from '@courier/domain/common/calendar-days';
import type { InvoicePeriodListItem } from '@courier/domain/invoicing/list-schemas';
import { Money } from '@/ui/format.tsx';
import { InvoiceDownloads } from './invoice-downloads.tsx';
import { PeriodStatusBadge } from './period-status-badge.tsx';

const jobsText = (count: number) => (count === 1 ? '1 job' : `${count} jobs`);

/** Rows can be chosen for finalising: only periods in review (spec 1 §2). */
export interface InvoiceSelection {
  selected: ReadonlySet<number>;
  onToggle: (periodId: number) => void;
  disabled: boolean;
}

/**
 * The invoice list's rows (spec 1 §2 'Invoice list'): Status, Timeframe, Identifier (opens the
 * period), the Find Invoice search over the Downloads, Jobs, Additionals and Total, money in euro to
 * the cent. With `selection`, periods in review can be chosen (the checkbox, or a click on the row).
 */
export function InvoicePeriodTable({
  periods,
  busy,
  selection,
  downloadsHeader = 'Downloads',
}: {
  periods: InvoicePeriodListItem[];
  busy: boolean;
  selection?: InvoiceSelection;
  /** The Downloads column's header: the Find Invoice search in the pending list. */
  downloadsHeader?: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table highlightOnHover verticalSpacing="sm" aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <VisuallyHidden>Select</VisuallyHidden>
              </Table.Th>
            )}
            <Table.Th>Status</Table.Th>
            <Table.Th>Timeframe</Table.Th>
            <Table.Th>Identifier</Table.Th>
            <Table.Th>{downloadsHeader}</Table.Th>
            <Table.Th ta="right">Jobs</Table.Th>
            <Table.Th ta="right">Additionals</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {periods.map((period) => {
            const selectable = period.status === 'IN_REVIEW';
            const selected = selection?.selected.has(period.id) ?? false;
            return (
              <Table.Tr
                key={period.id}
                data-period-id={period.id}
                data-status={period.status}
                bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
                style={selection && selectable ? { cursor: 'pointer' } : undefined}
                onClick={(event) => {
                  // A click on a link, button or the checkbox does its own thing.
                  if (!selection || !selectable || selection.disabled) return;
                  if ((event.target as HTMLElement).closest('a, button, input')) return;
                  selection.onToggle(period.id);
                }}
              >
                {selection && (
                  <Table.Td>
                    <Tooltip label="Only periods ready to send can be finalised" disabled={selectable} withArrow>
                      <Checkbox
                        aria-label={`Select ${period.identifier}`}
                        checked={selected}
                        disabled={!selectable || selection.disabled}
                        onChange={() => selection.onToggle(period.id)}
                      />
                    </Tooltip>
                  </Table.Td>
                )}
                <Table.Td miw={120}>
                  <PeriodStatusBadge status={period.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
                    {formatDay(period.start)} – {formatDay(period.end)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {/* Mantine's link style, as every other link of the app (the browser's own was blue and underlined). */}
                  <Anchor
                    renderRoot={(props) => (
                      <Link to="/invoicing/invoices/$invoiceId" params={{ invoiceId: period.id }} {...props} />
                    )}
                    size="sm"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {period.identifier}
                  </Anchor>
                  <Text size="xs" c="dimmed" lineClamp={1} title={period.company.name}>
                    {period.company.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <InvoiceDownloads period={period} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={period.jobsTotal} />
                  <Text size="xs" c="dimmed">
                    {jobsText(period.jobCount)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={period.adjustmentsTotal} />
                </Table.Td>
                <Table.Td ta="right" fw={700}>
                  <Money value={period.total} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
