import { Group, Paper, Select, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { withoutNulCharacters } from '@courier/domain/common/input-checks';
import { BACKGROUND_RUN_STATUSES, RUN_STATUS_LABELS, type BackgroundRunStatus } from '@courier/domain/background/enums';
import {
  kindsOfGroup,
  QUEUE_GROUP_LABELS,
  runDuration,
  runKindLabel,
  type QueueGroup,
} from '@courier/domain/background/queue-groups';
import { useRunList } from '@/api/background-runs.ts';
import { isRefusal } from '@/api/client.ts';
import { DateText } from '@/ui/format.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { ListPagination, useValueOnScreen } from '@/ui/pagination.tsx';
import { SlideIn } from '@/ui/slide-in.tsx';
import { LOG_SEARCH_MAX_LENGTH, RUN_PAGE_SIZE, runListFilterOf, type LoggingSearch } from '../logging-search.ts';
import { RetryRunButton } from './retry-run-button.tsx';
import { RunDetails } from './run-details.tsx';
import { RunStateBadge } from './run-state-badge.tsx';

/** Spec 1 §9: search input debounced 500 ms. */
const SEARCH_DEBOUNCE_MS = 500;

const STATE_OPTIONS = BACKGROUND_RUN_STATUSES.map((status) => ({ value: status, label: RUN_STATUS_LABELS[status] }));

/** The Text filter: typed text reaches the URL (and the list) 500 ms after the last key. */
function SearchInput({ value, onChange }: { value: string; onChange: (text: string | undefined) => void }) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [applied, setApplied] = useState(value);
  // The URL changed from elsewhere (the tab switched, back button): show its text.
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  useEffect(() => {
    if (debounced !== value) onChange(debounced || undefined);
  }, [debounced, value, onChange]);
  return (
    <TextInput
      label="Search"
      placeholder="Run number, customer, error..."
      w={260}
      value={text}
      // Longer text would be dropped from the URL, and the box with it; a NUL could only be refused.
      maxLength={LOG_SEARCH_MAX_LENGTH}
      onChange={(event) => setText(withoutNulCharacters(event.currentTarget.value))}
      onKeyDown={(event) => event.key === 'Escape' && setText('')}
    />
  );
}

/**
 * Our own queue-log page of one group (spec 1 §2 '/logging', shown when no external page is
 * configured): runs newest first with Kind, State and Search filters, paged; a run opens its log in
 * a slide-in; failed runs can be retried. The list refreshes itself while a run is at work.
 */
export function QueueLog({
  group,
  search,
  onSearch,
}: {
  group: QueueGroup;
  search: LoggingSearch;
  onSearch: (change: Partial<LoggingSearch>, options?: { replace?: boolean }) => void;
}) {
  const filter = runListFilterOf({ ...search, tab: group });
  const list = useRunList(filter);
  const page = search.page ?? 0;
  const pageOnScreen = useValueOnScreen(page, list.isPlaceholderData);
  const kinds = kindsOfGroup(group).map((info) => ({ value: info.kind, label: info.label }));
  // A kind in the URL that is not listed (a run of a kind nobody named yet) is still a choice.
  if (search.kind && !kinds.some((option) => option.value === search.kind))
    kinds.push({ value: search.kind, label: runKindLabel(search.kind) });
  const filtered = Boolean(search.kind || search.status || search.text);
  const name = QUEUE_GROUP_LABELS[group];
  return (
    <Paper withBorder p="md">
      <Group align="flex-end" mb="md" wrap="wrap">
        <Select
          label="Kind"
          placeholder="Every kind"
          w={220}
          clearable
          data={kinds}
          value={search.kind ?? null}
          onChange={(kind) => onSearch({ kind: kind ?? undefined, page: undefined }, { replace: true })}
        />
        <Select
          label="State"
          placeholder="Every state"
          w={170}
          clearable
          data={STATE_OPTIONS}
          value={search.status ?? null}
          onChange={(status) =>
            onSearch(
              { status: (status as BackgroundRunStatus | null) ?? undefined, page: undefined },
              { replace: true },
            )
          }
        />
        <SearchInput
          value={search.text ?? ''}
          onChange={(text) => onSearch({ text, page: undefined }, { replace: true })}
        />
      </Group>
      {list.isPending ? (
        <LoadingState text="Loading Runs..." />
      ) : list.isError ? (
        <ErrorState
          subtitle={list.error.message}
          onRetry={isRefusal(list.error) ? undefined : () => void list.refetch()}
        />
      ) : list.data.runs.length === 0 && list.data.count > 0 ? (
        // A page past the end (an old link, or fewer runs since): the runs are there, on an earlier
        // page. The pagination below says which is the last, and Previous goes to it.
        <EmptyState title="No Runs" subtitle="This page is past the end of the results." />
      ) : list.data.runs.length === 0 ? (
        <EmptyState
          title="No Runs"
          subtitle={filtered ? 'No runs match these filters' : `Nothing has run in the ${name} queue yet`}
        />
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table highlightOnHover verticalSpacing="xs" aria-label={`${name} queue log`} aria-busy={list.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Run</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Progress</Table.Th>
                <Table.Th>Started</Table.Th>
                <Table.Th>Finished</Table.Th>
                <Table.Th>Duration</Table.Th>
                <Table.Th>Error</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.runs.map((run) => {
                const open = () => onSearch({ run: run.id });
                return (
                  <Table.Tr
                    key={run.id}
                    className="clickable-row"
                    tabIndex={0}
                    aria-label={`${runKindLabel(run.kind)} run ${run.id}`}
                    onClick={open}
                    onKeyDown={(event) =>
                      (event.key === 'Enter' || event.key === ' ') && (event.preventDefault(), open())
                    }
                  >
                    <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{run.id}</Table.Td>
                    <Table.Td miw={110}>{runKindLabel(run.kind)}</Table.Td>
                    <Table.Td miw={100}>
                      <RunStateBadge status={run.status} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {run.attempts} of {run.maxAttempts}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {run.total > 0 ? `${run.done} / ${run.total}` : run.done}
                      {run.errors > 0 && (
                        <Text span size="sm" c="red.9">
                          {` (${run.errors} errors)`}
                        </Text>
                      )}
                    </Table.Td>
                    {/* Day and time may wrap onto two lines, so the error keeps room at 1280 px. */}
                    <Table.Td>
                      <DateText value={run.startedAt} withTime />
                    </Table.Td>
                    <Table.Td>
                      <DateText value={run.finishedAt} withTime />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{runDuration(run) ?? '–'}</Table.Td>
                    <Table.Td miw={160} maw={300}>
                      <Text size="sm" c="red.9" lineClamp={2} title={run.failure ?? undefined}>
                        {run.failure ?? ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>{run.status === 'failed' && <RetryRunButton run={run} />}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.count > 0 && (
        <ListPagination
          label={`${name} runs`}
          page={pageOnScreen}
          size={RUN_PAGE_SIZE}
          count={list.data.count}
          onPageChange={(next) => onSearch({ page: next || undefined })}
        />
      )}
      <SlideIn
        opened={search.run !== undefined}
        onClose={() => onSearch({ run: undefined }, { replace: true })}
        title={search.run ? `Run ${search.run}` : ''}
        size="xl"
      >
        {search.run !== undefined && <RunDetails runId={search.run} />}
      </SlideIn>
    </Paper>
  );
}
