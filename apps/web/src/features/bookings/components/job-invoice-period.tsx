import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatDate } from '@courier/domain/common/dates';
import { invoicePeriodStatusLabel } from '@courier/domain/invoicing/enums';
import type { InvoicePeriod } from '@courier/domain/invoicing/schemas';
import { MiniLoading } from '@/ui/list-states.tsx';

export const INVOICE_PERIOD_LOAD_ERROR = 'There was an error loading the Invoice Period.';

/** A job's invoice period as 'ATL001-2026-W43 · Ready to send · 19/10/26 – 25/10/26', or 'Not invoiced'. */
export function JobInvoicePeriod({
  periodId,
  period,
}: {
  periodId: number | null;
  period: UseQueryResult<InvoicePeriod> | undefined;
}) {
  if (periodId === null) return 'Not invoiced';
  if (!period || period.isPending) return <MiniLoading label="Loading Invoice Period" />;
  if (period.isError) {
    return (
      <Text span size="sm" c="red.8">
        {INVOICE_PERIOD_LOAD_ERROR}
      </Text>
    );
  }
  const { identifier, status, start, end } = period.data;
  return `${identifier} · ${invoicePeriodStatusLabel(status)} · ${formatDate(start)} – ${formatDate(end)}`;
}
