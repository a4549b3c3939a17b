import { Badge, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDay } from '@courier/domain/common/calendar-days';
import { invoicePeriodStatusLabel, type InvoicePeriodStatus } from '@courier/domain/invoicing/enums';
import type { InvoicePeriodListItem } from '@courier/domain/invoicing/list-schemas';
import { Money } from '@/ui/format.tsx';

// Shade 9 (8 for gray) keeps white badge text at WCAG AA contrast.
const STATUS_COLOURS: Record<InvoicePeriodStatus, string> = {
  ACTIVE: 'gray.8',
  IN_REVIEW: 'blue.9',
  FINALISED: 'violet.9',
  INVOICED: 'teal.9',
};

const jobsText = (count: number) => (count === 1 ? '1 job' : `${count} jobs`);

/**
 * The invoice list's rows (spec 1 §2 'Invoice list'): Status, Timeframe, Identifier (opens the
 * period), Jobs, Additionals and Total, money in euro to the cent. Downloads, selection and the
 * Find Invoice search come with finalising and documents.
 */
export function InvoicePeriodTable({ periods, busy }: { periods: InvoicePeriodListItem[]; busy: boolean }) {
  return (
    <Table highlightOnHover verticalSpacing="sm" aria-busy={busy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Status</Table.Th>
          <Table.Th>Timeframe</Table.Th>
          <Table.Th>Identifier</Table.Th>
          <Table.Th ta="right">Jobs</Table.Th>
          <Table.Th ta="right">Additionals</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {periods.map((period) => (
          <Table.Tr key={period.id} data-period-id={period.id} data-status={period.status}>
            <Table.Td>
              <Badge color={STATUS_COLOURS[period.status]} variant="filled" size="sm" tt="none">
                {invoicePeriodStatusLabel(period.status)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm" span>
                {formatDay(period.start)} – {formatDay(period.end)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Link to="/invoicing/invoices/$invoiceId" params={{ invoiceId: String(period.id) }}>
                {period.identifier}
              </Link>
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
        ))}
      </Table.Tbody>
    </Table>
  );
}
