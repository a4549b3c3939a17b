import { Badge, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { BACKGROUND_LOG_DEFAULT_PAGE_SIZE } from '@courier/domain/background/enums';
import { runDuration, runKindLabel } from '@courier/domain/background/queue-groups';
import { type BackgroundRun, type BackgroundRunLogLine } from '@courier/domain/background/schemas';
import { useRunDetails, useRunLog } from '@/api/background-runs.ts';
import { ApiRequestError, isRefusal } from '@/api/client.ts';
import { DateText } from '@/ui/format.tsx';
import { LabelledValue } from '@/ui/labelled-value.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { ListPagination, useValueOnScreen } from '@/ui/pagination.tsx';
import { RetryRunButton } from './retry-run-button.tsx';
import { RunStateBadge, WHOLE_BADGE } from './run-state-badge.tsx';

const LEVELS: Record<BackgroundRunLogLine['level'], { label: string; colour: string }> = {
  info: { label: 'Info', colour: 'gray.7' },
  change: { label: 'Changed', colour: 'blue.8' },
  // Darker than Mantine's orange.9, which gives white text less than 4.5:1.
  skip: { label: 'Skipped', colour: '#a84300' },
  error: { label: 'Error', colour: 'red.9' },
};

/** Before and after of a changed entity, as short JSON. */
function Change({ line }: { line: BackgroundRunLogLine }) {
  if (line.before == null && line.after == null) return null;
  return (
    <Code block fz="xs" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {line.before != null && `Before: ${JSON.stringify(line.before)}\n`}
      {line.after != null && `After: ${JSON.stringify(line.after)}`}
    </Code>
  );
}

/** What a run is and how far it got. */
function RunSummary({ run }: { run: BackgroundRun }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
      <LabelledValue label="Kind">{runKindLabel(run.kind)}</LabelledValue>
      <LabelledValue label="State">
        <RunStateBadge status={run.status} />
      </LabelledValue>
      <LabelledValue label="Attempts">
        {run.attempts} of {run.maxAttempts}
      </LabelledValue>
      <LabelledValue label="Progress">
        {run.total > 0 ? `${run.done} of ${run.total}` : run.done}
        {run.errors > 0 ? `, ${run.errors} with errors` : ''}
      </LabelledValue>
      <LabelledValue label="Queued">
        <DateText value={run.createdAt} withTime />
      </LabelledValue>
      <LabelledValue label="Started">
        <DateText value={run.startedAt} withTime />
      </LabelledValue>
      <LabelledValue label="Finished">
        <DateText value={run.finishedAt} withTime />
      </LabelledValue>
      <LabelledValue label="Duration">{runDuration(run) ?? '–'}</LabelledValue>
      {run.slot && (
        <LabelledValue label="Scheduled For">
          <DateText value={run.slot} withTime />
        </LabelledValue>
      )}
    </SimpleGrid>
  );
}

/** One run in the slide-in: its summary, its error and Retry when failed, and its log page by page. */
export function RunDetails({ runId }: { runId: number }) {
  const details = useRunDetails(runId);
  const [page, setPage] = useState(0);
  const size = BACKGROUND_LOG_DEFAULT_PAGE_SIZE;
  const run = details.data?.run;
  const active = run?.status === 'queued' || run?.status === 'running';
  const log = useRunLog(runId, { size, skip: page * size }, active);
  const pageOnScreen = useValueOnScreen(page, log.isPlaceholderData);

  if (details.isPending) return <LoadingState text="Loading Run..." />;
  if (details.isError || !run) {
    const status = details.error instanceof ApiRequestError ? details.error.status : undefined;
    // A run that does not exist (or an id the server refuses) will not appear on a second try.
    if (status === 404 || status === 400)
      return <EmptyState title="No Run" subtitle={`There is no run with id ${runId}.`} />;
    return (
      <ErrorState
        subtitle={details.error?.message ?? 'Please try again later'}
        onRetry={isRefusal(details.error) ? undefined : () => void details.refetch()}
      />
    );
  }

  return (
    <Stack>
      <RunSummary run={run} />
      {run.failure && (
        <Paper withBorder p="sm" bg="red.0">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="sm" fw={700} c="red.9">
                Error
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {run.failure}
              </Text>
            </div>
            {run.status === 'failed' && <RetryRunButton run={run} size="sm" />}
          </Group>
        </Paper>
      )}
      <Title order={3} size="h5">
        Log
      </Title>
      {log.isPending ? (
        <LoadingState text="Loading Log..." />
      ) : log.isError ? (
        <ErrorState onRetry={() => void log.refetch()} />
      ) : log.data.lines.length === 0 ? (
        <EmptyState title="No Log Lines" subtitle="The run has not written anything yet" />
      ) : (
        <Table verticalSpacing="xs" aria-label={`Log of run ${run.id}`} aria-busy={log.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>Level</Table.Th>
              <Table.Th>Item</Table.Th>
              <Table.Th>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <DateText value={line.at} withTime />
                </Table.Td>
                <Table.Td>
                  <Badge color={LEVELS[line.level].colour} variant="filled" size="sm" tt="none" style={WHOLE_BADGE}>
                    {LEVELS[line.level].label}
                  </Badge>
                </Table.Td>
                <Table.Td>{line.entityId ?? '–'}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {line.message}
                  <Change line={line} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {log.data && log.data.count > size && (
        <ListPagination
          label="log lines"
          page={pageOnScreen}
          size={size}
          count={log.data.count}
          onPageChange={setPage}
        />
      )}
    </Stack>
  );
}
