import { Button } from '@mantine/core';
import { useState } from 'react';
import { QUEUE_LOG_TEXTS, runKindLabel } from '@courier/domain/background/queue-groups';
import type { BackgroundRun } from '@courier/domain/background/schemas';
import { ApiRequestError } from '@/api/client.ts';
import { useRetryRun } from '@/api/background-runs.ts';
import { ConfirmDialog } from '@/ui/dialog.tsx';
import { toast } from '@/ui/toast.ts';

/** Retry of a failed run: a confirm dialog, then a toast saying it is queued again (or why not). */
export function RetryRunButton({ run, size = 'xs' }: { run: BackgroundRun; size?: 'xs' | 'sm' }) {
  const [confirming, setConfirming] = useState(false);
  const retry = useRetryRun();
  const label = runKindLabel(run.kind).toLowerCase();

  const confirm = () =>
    retry.mutate(run.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Success', message: QUEUE_LOG_TEXTS.retried(run.id), type: 'success' });
      },
      onError: (error) => {
        setConfirming(false);
        // A 409 says why (someone retried it already); anything else gets the general text.
        const message =
          error instanceof ApiRequestError && error.status === 409 ? error.message : QUEUE_LOG_TEXTS.retryFailed;
        toast({ title: 'Sorry', message, type: 'error' });
      },
    });

  // React carries events from the dialog's portal up to the table row: they stop here, so clicking
  // in the dialog does not also open the run.
  return (
    <span onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <Button size={size} variant="default" aria-label={`Retry run ${run.id}`} onClick={() => setConfirming(true)}>
        Retry
      </Button>
      <ConfirmDialog
        opened={confirming}
        onCancel={() => setConfirming(false)}
        title={QUEUE_LOG_TEXTS.retryTitle}
        confirm={{ label: 'Retry', kind: 'CONFIRM', loading: retry.isPending, onClick: confirm }}
      >
        {QUEUE_LOG_TEXTS.retryQuestion(label, run.id)}
      </ConfirmDialog>
    </span>
  );
}
