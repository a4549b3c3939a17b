import { Badge } from '@mantine/core';
import { invoicePeriodStatusLabel, type InvoicePeriodStatus } from '@courier/domain/invoicing/enums';

// Shade 9 (8 for gray) keeps white badge text at WCAG AA contrast.
const STATUS_COLOURS: Record<InvoicePeriodStatus, string> = {
  ACTIVE: 'gray.8',
  IN_REVIEW: 'blue.9',
  FINALISED: 'violet.9',
  INVOICED: 'teal.9',
};

/** An invoice period's status as office staff read it (Ready to send, not IN_REVIEW), never cut short. */
export function PeriodStatusBadge({ status, size = 'sm' }: { status: InvoicePeriodStatus; size?: 'sm' | 'md' }) {
  return (
    <Badge
      color={STATUS_COLOURS[status]}
      variant="filled"
      size={size}
      tt="none"
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {invoicePeriodStatusLabel(status)}
    </Badge>
  );
}
