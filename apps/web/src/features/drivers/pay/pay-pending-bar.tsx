import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { leavesForSignIn } from '@/session/session-ended.ts';
import { ConfirmDialog } from '@/ui/dialog.tsx';

/** How many driver numbers the bar names before it says how many more. */
const NAMES_SHOWN = 8;

const weekOf = (search: unknown) => (search as { week?: string } | undefined)?.week;

/**
 * Unsaved pay changes (spec 2 §2 'Warns on leaving the page'): how many periods changed and whose,
 * Discard and Save; leaving the page or the week asks first, closing the tab warns (beforeunload).
 */
export function PayPendingBar({
  driverNumbers,
  problems,
  saving,
  onDiscard,
  onSave,
}: {
  /** Driver numbers of the periods with unsaved changes. */
  driverNumbers: readonly number[];
  /** Cells holding a text that is not a valid value: each line says what is wrong, and Save waits for them. */
  problems: readonly { id: string; text: string }[];
  saving: boolean;
  onDiscard: () => void;
  onSave: () => void;
}) {
  const count = driverNumbers.length;
  const pending = useRef(count);
  useEffect(() => {
    pending.current = count;
  }, [count]);
  // What the held move leaves, for the question: set as the move is held, so the text stays as asked
  // while the dialog closes.
  const [leaves, setLeaves] = useState<'page' | 'week'>('page');
  const blocker = useBlocker({
    // Display Zero Totals changes the search of the same week: only leaving the page or the week asks.
    shouldBlockFn: ({ current, next }) => {
      if (pending.current === 0 || leavesForSignIn(next)) return false;
      const leaving =
        current.pathname !== next.pathname ? 'page' : weekOf(current.search) !== weekOf(next.search) ? 'week' : null;
      if (leaving) setLeaves(leaving);
      return leaving !== null;
    },
    enableBeforeUnload: () => pending.current > 0,
    withResolver: true,
  });
  const shown = driverNumbers.slice(0, NAMES_SHOWN);
  const more = count - shown.length;
  return (
    <>
      {count > 0 && (
        <Paper
          withBorder
          shadow="sm"
          p="xs"
          role="region"
          aria-label="Unsaved pay changes"
          style={{ position: 'sticky', bottom: 0, zIndex: 3, background: 'var(--mantine-color-yellow-0)' }}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <b>{count === 1 ? '1 pay period changed' : `${count} pay periods changed`}</b>
              {count === 1 ? ': driver ' : ': drivers '}
              {shown.join(', ')}
              {more > 0 ? ` and ${more} more` : ''}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button variant="default" onClick={onDiscard} disabled={saving}>
                Discard
              </Button>
              <Button onClick={onSave} loading={saving} disabled={problems.length > 0}>
                Save
              </Button>
            </Group>
          </Group>
          {problems.length > 0 && (
            <Stack gap={2} mt={6} role="alert" aria-label="Not saved until corrected">
              <Text size="sm" fw={700} c="red.9">
                Not saved until corrected:
              </Text>
              {problems.map((problem) => (
                <Text key={problem.id} id={problem.id} size="sm" c="red.9">
                  {problem.text}
                </Text>
              ))}
            </Stack>
          )}
        </Paper>
      )}
      <ConfirmDialog
        opened={blocker.status === 'blocked'}
        onCancel={() => blocker.reset?.()}
        cancelLabel="Stay on this page"
        title="Unsaved Changes"
        confirm={{ label: 'Leave without saving', kind: 'DESTRUCTIVE', onClick: () => blocker.proceed?.() }}
      >
        {count === 1 ? '1 pay period has' : `${count} pay periods have`} changes that are not saved. Leave this {leaves}{' '}
        and lose them?
      </ConfirmDialog>
    </>
  );
}
