import { Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DateText } from '@/ui/format.tsx';
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
          <Table striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Field</Table.Th>
                <Table.Th>Before</Table.Th>
                <Table.Th>After</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data?.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <DateText value={row.createdAt} withTime />
                  </Table.Td>
                  <Table.Td>{row.userName ?? '–'}</Table.Td>
                  <Table.Td>{settingsFieldLabel(row.field)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{settingsChangeText(row.field, row.before)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{settingsChangeText(row.field, row.after)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
