import { Button, Group, List, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { BookingListItem } from '@courier/domain/bookings/schemas';
import { formatEuro } from '@courier/domain/common/money';
import { PRICE_INPUT_LABELS, priceUpdateBody } from '@courier/domain/pricing/pending-changes';
import type { PricedJob } from '@courier/domain/pricing/price-review-schemas';
import { ApiRequestError, isRefusal } from '@/api/client.ts';
import { useUpdatePrices } from '@/api/price-updates.ts';
import { leavesForSignIn } from '@/session/session-ended.ts';
import { toast } from '@/ui/toast.ts';
import { usePendingSummary, type PendingPriceChanges } from './pending-store.ts';

/** How many references the bar names before it says how many more. */
const REFERENCES_SHOWN = 8;

interface Confirmation {
  updated: PricedJob[];
  /** References sent and not answered (spec 2 §8 'Failed to update'). */
  failed: string[];
}

/** The Error dialog of spec 2 §8: the server's message for a refused save, or the cells that cannot be read. */
function ErrorDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal opened={message !== null} onClose={onClose} title={<Text fw={700}>Error</Text>} centered>
      <Stack>
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {message}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ConfirmationModal({ confirmation, onClose }: { confirmation: Confirmation | null; onClose: () => void }) {
  return (
    <Modal
      opened={confirmation !== null}
      onClose={onClose}
      size="lg"
      centered
      title={<Text fw={700}>Price Update Confirmation</Text>}
    >
      {confirmation && (
        <Stack>
          <Text size="sm">
            {confirmation.updated.length === 1
              ? '1 job was updated.'
              : `${confirmation.updated.length} jobs were updated.`}
          </Text>
          <Table.ScrollContainer minWidth={420} mah={360}>
            <Table striped stickyHeader aria-label="Updated jobs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Job</Table.Th>
                  <Table.Th ta="right">Charge</Table.Th>
                  <Table.Th ta="right">Driver Pay</Table.Th>
                  <Table.Th ta="right">Carrier Cost</Table.Th>
                  <Table.Th ta="right">Kg</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {confirmation.updated.map((job) => (
                  <Table.Tr key={job.id}>
                    <Table.Td>{job.reference}</Table.Td>
                    <Table.Td ta="right">{formatEuro(job.customerCharge)}</Table.Td>
                    <Table.Td ta="right">{formatEuro(job.driverPrice)}</Table.Td>
                    <Table.Td ta="right">{formatEuro(job.carrierPrice)}</Table.Td>
                    <Table.Td ta="right">{job.weight.toFixed(2)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {confirmation.failed.length > 0 && (
            <Stack gap={4}>
              <Text fw={700} c="red.8">
                Failed to update
              </Text>
              <List size="sm">
                {confirmation.failed.map((reference) => (
                  <List.Item key={reference}>{reference}</List.Item>
                ))}
              </List>
            </Stack>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * The pending changes bar of spec 2 §2: how many jobs have price changes and which, with Discard
 * and Save. Save sends them in one call (all or nothing) and shows the Price Update Confirmation;
 * a 400 (or a locked job) opens the Error dialog with the server's message and keeps every change;
 * a 409 STALE_EDIT reloads the page: the jobs someone else changed lose their pending changes, the
 * others keep theirs. Leaving the page (a route or closing the tab) asks first while changes wait.
 */
export function PendingPriceBar({
  store,
  bookings,
}: {
  store: PendingPriceChanges;
  /** The page as loaded now: a reload after someone else's change is checked against it. */
  bookings: readonly BookingListItem[] | undefined;
}) {
  const summary = usePendingSummary(store);
  const update = useUpdatePrices();
  const [error, setError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const pending = summary.count > 0;

  // A reloaded page (after a 409, or any reload) meets the pending jobs' versions: changes made on a
  // version someone else has replaced go, and the dialog below says which.
  useEffect(() => {
    if (bookings && pending) store.reconcile(bookings);
  }, [bookings, pending, store]);
  const dropped = summary.dropped;
  const droppedMessage =
    dropped.length === 0
      ? null
      : `Someone else changed ${dropped.join(', ')} after you loaded the page. Their change is kept and ` +
        `yours to ${dropped.length === 1 ? 'that job was' : 'those jobs were'} not saved: make it again if it is still needed.` +
        (pending ? ' Your other changes are still waiting to be saved.' : '');

  const blocker = useBlocker({
    // Filters and pages change the search of the same page: only leaving the page asks.
    shouldBlockFn: ({ current, next }) =>
      store.getSummary().count > 0 && current.pathname !== next.pathname && !leavesForSignIn(next),
    enableBeforeUnload: () => store.getSummary().count > 0,
    withResolver: true,
  });

  const save = () => {
    const { cells, jobs: pendingJobs, bookingReferences } = store.snapshot();
    const built = priceUpdateBody(cells, pendingJobs, bookingReferences);
    if (!built.ok) {
      setError(
        `Nothing was saved. Correct these prices first:\n${built.problems
          .map((problem) => `${problem.reference} ${PRICE_INPUT_LABELS[problem.input]}: ${problem.message}`)
          .join('\n')}`,
      );
      return;
    }
    if (built.body.length === 0) {
      store.clear();
      return;
    }
    const references = new Map(pendingJobs.map((job) => [job.jobId, job.reference]));
    update.mutate(built.body, {
      onSettled: () => update.reloadBookings(),
      onSuccess: (jobs) => {
        const answered = new Set(jobs.map((job) => job.id));
        store.clear();
        setConfirmation({
          updated: jobs,
          failed: built.body
            .filter((change) => !answered.has(change.jobId))
            .map((change) => references.get(change.jobId) ?? String(change.jobId)),
        });
      },
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.code === 'STALE_EDIT') {
          // The answer names each stale change by its place in the body: those go (the dialog names
          // them), the rest stay pending, and the list reloads with the other person's changes.
          const stale = (failure.body?.details ?? []).flatMap((detail) => {
            const index = /^body\.(\d+)\.version$/.exec(detail.field)?.[1];
            const change = index === undefined ? undefined : built.body[Number(index)];
            return change ? [change.jobId] : [];
          });
          if (stale.length > 0) store.dropJobs(stale);
          else setError(failure.message);
          return;
        }
        if (isRefusal(failure) && failure.status !== 401) {
          setError(failure.message);
          return;
        }
        toast({ type: 'error', title: 'Error Updating Prices', message: 'There was an error updating prices.' });
      },
    });
  };

  const shown = summary.references.slice(0, REFERENCES_SHOWN);
  const more = summary.references.length - shown.length;
  return (
    <>
      {pending && (
        <Paper
          withBorder
          shadow="sm"
          p="xs"
          role="region"
          aria-label="Pending price changes"
          style={{ position: 'sticky', bottom: 0, zIndex: 3, background: 'var(--mantine-color-yellow-0)' }}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <b>{summary.count === 1 ? '1 pending price change' : `${summary.count} pending price changes`}</b>
              {': '}
              {shown.join(', ')}
              {more > 0 ? ` and ${more} more` : ''}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button variant="default" onClick={() => store.clear()} disabled={update.isPending}>
                Discard
              </Button>
              <Button onClick={save} loading={update.isPending}>
                Save
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <ErrorDialog
        message={error ?? droppedMessage}
        onClose={() => (error !== null ? setError(null) : store.acknowledgeDropped())}
      />
      <ConfirmationModal confirmation={confirmation} onClose={() => setConfirmation(null)} />
      <Modal
        opened={blocker.status === 'blocked'}
        onClose={() => blocker.reset?.()}
        centered
        title={<Text fw={700}>Unsaved Changes</Text>}
      >
        <Stack>
          <Text size="sm">
            {summary.count === 1 ? '1 job has' : `${summary.count} jobs have`} price changes that are not saved. Leave
            this page and lose them?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
              Stay on this page
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Leave without saving
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
