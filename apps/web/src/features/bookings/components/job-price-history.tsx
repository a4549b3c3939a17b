import { Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { priceHistoryFieldLabel, priceHistoryValueText } from '@courier/domain/pricing/price-edits';
import { usePriceHistory } from '@/api/price-history.ts';
import { DateText } from '@/ui/format.tsx';
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
          <Table
            striped
            withTableBorder
            fz="sm"
            aria-label={`Price history of ${jobReference}`}
            style={{ overflowWrap: 'anywhere' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Note</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <DateText value={entry.createdAt} withTime />
                  </Table.Td>
                  <Table.Td>{entry.user ? `${entry.user.firstName} ${entry.user.lastName}` : 'Unknown'}</Table.Td>
                  <Table.Td>
                    {priceHistoryFieldLabel(entry.field)}
                    {entry.taskReference ? ` (${entry.taskReference})` : ''}
                  </Table.Td>
                  <Table.Td>{priceHistoryValueText(entry.field, entry.before)}</Table.Td>
                  <Table.Td>{priceHistoryValueText(entry.field, entry.after)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.note}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
    </Stack>
  );
}
