import { Paper, Table, Text, Title } from '@mantine/core';
import { ChangeHistoryTable } from '@/ui/change-history-table.tsx';
import { useQuery } from '@tanstack/react-query';
import { ErrorState, MiniLoading } from '@/ui/list-states.tsx';
import { settingsHistoryQuery } from '@/api/company-settings.ts';
import { settingsChangeText, settingsFieldLabel } from '@courier/domain/companies/settings-labels';

/** Every saved settings change: who, when, field, before and after, newest first. */
export function SettingsHistory({ companyId }: { companyId: number }) {
  const history = useQuery(settingsHistoryQuery(companyId));
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="sm">
        History {history.isFetching && <MiniLoading label="Loading history" />}
      </Title>
      {history.isError ? (
        <ErrorState onRetry={() => void history.refetch()} />
      ) : history.data && history.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes recorded yet
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={600} mah={320}>
          <ChangeHistoryTable
            label="Settings history"
            rows={(history.data ?? []).map((row) => ({
              id: row.id,
              at: row.createdAt,
              who: row.userName ?? '–',
              what: settingsFieldLabel(row.field),
              before: settingsChangeText(row.field, row.before),
              after: settingsChangeText(row.field, row.after),
            }))}
          />
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
