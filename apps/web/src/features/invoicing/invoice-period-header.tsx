import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDay } from '@courier/domain/common/calendar-days';
import { ApiRequestError } from '@/api/client.ts';
import { invoicePeriodListQuery, invoicePeriodQuery } from '@/api/invoice-periods.ts';
import { Money } from '@/ui/format.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { InvoiceDownloads } from './components/invoice-downloads.tsx';
import { PeriodStatusBadge } from './components/period-status-badge.tsx';

/**
 * The head of one invoice's page (spec 1 §2 /invoicing/invoices/{invoiceId}): the period, its
 * company, status, days and money, and its downloads. The booking list below it is the app's
 * (routes/invoice-details.tsx composes both).
 */
export function InvoicePeriodHeader({ periodId }: { periodId: number }) {
  // 0: the path's id is not a period's (routes.tsx), so there is nothing to ask the server.
  const period = useQuery({ ...invoicePeriodQuery(periodId), enabled: periodId > 0 });
  // The list row carries the money, the company and the downloads of the period.
  const row = useQuery({
    ...invoicePeriodListQuery(
      period.data ? { companyId: period.data.companyId, end: period.data.end, size: 100 } : { size: 1 },
    ),
    enabled: period.isSuccess,
    select: (list) => list.invoicePeriods.find((candidate) => candidate.id === periodId),
  });

  if (periodId < 1) return <EmptyState title="No Invoice" subtitle="That is not an invoice period number." />;
  if (period.isPending) return <LoadingState text="Loading Invoice..." />;
  if (period.isError)
    return period.error instanceof ApiRequestError && [400, 404].includes(period.error.status) ? (
      <EmptyState title="No Invoice" subtitle={`There is no invoice period with id ${periodId}.`} />
    ) : (
      <ErrorState onRetry={() => void period.refetch()} />
    );
  const item = row.data;
  return (
    <Paper withBorder p="md" mb="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2} size="h3">
              {period.data.identifier}
            </Title>
            <PeriodStatusBadge status={period.data.status} size="md" />
          </Group>
          <Text size="sm">
            {item ? (
              <Link
                to="/companies/$companyId/{-$tab}"
                params={{ companyId: item.company.id, tab: 'invoices' }}
                style={{ color: 'var(--mantine-color-blue-8)' }}
              >
                {item.company.name}
              </Link>
            ) : null}{' '}
            {formatDay(period.data.start)} – {formatDay(period.data.end)}
          </Text>
          {item && item.invoiceNumbers.length > 0 && (
            <Text size="sm" c="dimmed">
              Invoice numbers: {item.invoiceNumbers.join(', ')}
            </Text>
          )}
        </Stack>
        {item && (
          <Group gap="xl">
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                Jobs ({item.jobCount})
              </Text>
              <Money value={item.jobsTotal} />
            </Stack>
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                Additionals
              </Text>
              <Money value={item.adjustmentsTotal} />
            </Stack>
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                Total ex VAT
              </Text>
              <Text fw={700}>
                <Money value={item.total} />
              </Text>
            </Stack>
            <InvoiceDownloads period={item} />
          </Group>
        )}
      </Group>
    </Paper>
  );
}
