import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { priceHistoryFieldLabel, priceHistoryValueText } from '@courier/domain/pricing/price-edits';
import { usePriceHistory } from '@/api/price-history.ts';
import { ChangeHistoryTable } from '@/ui/change-history-table.tsx';
import { ErrorState, LoadingState } from '@/ui/list-states.tsx';

/**
 * A job's price history in the booking details (issue 11): who changed which price, from what to
 * what, when and why. Asked for when opened, so opening a booking costs no request per job.
 */
export function JobPriceHistory({ jobId, jobReference }: { jobId: number; jobReference: string }) {
  const [open, setOpen] = useState(false);
  const history = usePriceHistory(jobId, open);
  return (
    <Stack gap="xs" mt="xs">
      <Button
        size="compact-xs"
        variant="default"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        style={{ alignSelf: 'flex-start' }}
      >
        {open ? 'Hide price history' : 'Show price history'}
      </Button>
      {open &&
        (history.isPending ? (
          <LoadingState text="Loading price history..." />
        ) : history.isError ? (
          <ErrorState
            title="Error Loading Price History"
            subtitle="There was an error loading the price history."
            onRetry={() => void history.refetch()}
          />
        ) : history.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No price changes yet.
          </Text>
        ) : (
          <ChangeHistoryTable
            label={`Price history of ${jobReference}`}
            whatHeader="What"
            withNote
            rows={history.data.map((entry) => ({
              id: entry.id,
              at: entry.createdAt,
              who: entry.user ? `${entry.user.firstName} ${entry.user.lastName}` : 'Unknown',
              what: `${priceHistoryFieldLabel(entry.field)}${entry.taskReference ? ` (${entry.taskReference})` : ''}`,
              before: priceHistoryValueText(entry.field, entry.before),
              after: priceHistoryValueText(entry.field, entry.after),
              note: entry.note,
            }))}
          />
        ))}
    </Stack>
  );
}
