import { Group, Paper, Progress, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { invalidateInvoicePeriodLists, useFinaliseRun } from '@/api/invoice-periods.ts';
import { toast } from '@/ui/toast.ts';

/**
 * Follows a finalise run (issue 12: a progress indicator while finalising runs, and the list updates
 * when it ends): periods done of total, then the spec's toast (spec 1 §8) and fresh lists.
 */
export function FinaliseProgress({ runId, onFinished }: { runId: number; onFinished: () => void }) {
  const queryClient = useQueryClient();
  const run = useFinaliseRun(runId);
  const reported = useRef(false);
  const status = run.data?.status;

  useEffect(() => {
    if (reported.current || (status !== 'completed' && status !== 'failed')) return;
    reported.current = true;
    // The toast also reaches the browser while the tab is in the background (spec 1 §4).
    if (status === 'completed') {
      toast({ type: 'success', title: 'Success', message: 'Invoice periods finalised successfully' });
    } else {
      const done = run.data?.done ?? 0;
      toast({
        type: 'error',
        title: 'Failed to finalise all periods',
        message: `${done} of ${run.data?.total ?? 0} were finalised. ${run.data?.error ?? ''}`.trim(),
        duration: 'LONG',
      });
    }
    void invalidateInvoicePeriodLists(queryClient);
    onFinished();
  }, [status, run.data, queryClient, onFinished]);

  const total = run.data?.total ?? 0;
  const done = run.data?.done ?? 0;
  return (
    <Paper withBorder p="sm" mb="md" role="status" aria-live="polite">
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600}>
          {status === 'queued' || !run.data
            ? 'Finalising invoices: starting…'
            : `Finalising invoices: ${done} of ${total}`}
        </Text>
        {run.isError && (
          <Text size="sm" c="red.9">
            The progress cannot be read just now; finalising goes on.
          </Text>
        )}
      </Group>
      <Progress
        value={total ? (done / total) * 100 : 0}
        animated
        striped
        aria-label={`Finalised ${done} of ${total} invoice periods`}
      />
    </Paper>
  );
}
