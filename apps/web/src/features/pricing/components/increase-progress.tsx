import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { IncreaseRun } from '@courier/domain/pricing/schemas';
import { notifyWhenHidden } from '@/ui/browser-notifications.ts';
import { MiniLoading } from '@/ui/list-states.tsx';
import { downloadIncreaseLog } from '../api/download-increase-log.ts';
import { isFinished, useIncreaseRun } from '@/api/increase-runs.ts';

type Download = { state: 'pending' } | { state: 'done'; fallback: boolean; reason?: string };

/**
 * A started increase: running with its progress, then the completion message of spec 2 §8 and the
 * log download (which happens either way). The run cannot be started again from here.
 */
export function IncreaseProgress({ run: started, title }: { run: IncreaseRun; title: string }) {
  const polled = useIncreaseRun(started.id);
  const run = polled.data ?? started;
  const finished = isFinished(run);
  const [download, setDownload] = useState<Download | null>(null);
  const downloadedFor = useRef<number | null>(null);

  useEffect(() => {
    if (!finished || downloadedFor.current === run.id) return;
    downloadedFor.current = run.id;
    notifyWhenHidden(
      `${title} finished`,
      run.status === 'failed' ? `It stopped: ${run.failure ?? ''}` : 'Open the tab for its log.',
    );
    setDownload({ state: 'pending' });
    void downloadIncreaseLog(run).then((result) => setDownload({ state: 'done', ...result }));
  }, [finished, run, title]);

  const percent = run.total > 0 ? Math.min(100, Math.round((run.done / run.total) * 100)) : finished ? 100 : 0;
  const withErrors = run.status === 'failed' || run.errors > 0;

  if (!finished) {
    return (
      <Stack gap="sm" role="status" aria-live="polite">
        <Group gap="xs">
          <MiniLoading label={`${title} running`} />
          <Text fw={600}>{run.status === 'queued' ? `${title} is starting...` : `${title} is running...`}</Text>
        </Group>
        <Progress value={percent} size="lg" aria-label={`${title} progress`} animated />
        <Text size="sm" c="dimmed">
          {run.done} of {run.total} tariffs ({percent} %). You may leave this page: the increase carries on on the
          server.
        </Text>
        {polled.isError && (
          <Text size="sm" c="red.9">
            Could not check the progress: {polled.error.message} Retrying...
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Alert
        variant="light"
        color={withErrors ? 'orange' : 'green'}
        // The light variant's coloured title fails AA contrast on its tinted background: use the text colour.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
        title={withErrors ? `${title} has completed, but there were errors` : `${title} has completed sucessfully`}
        role="status"
      >
        <Stack gap={4}>
          <Text size="sm">
            {run.done - run.errors} of {run.total} tariffs increased by {run.percentIncrease} %
            {run.errors > 0 ? `; ${run.errors} could not be increased` : ''}.
          </Text>
          {run.failure && <Text size="sm">The run stopped: {run.failure}</Text>}
          {download?.state === 'pending' && <Text size="sm">Downloading the server logs...</Text>}
          {download?.state === 'done' &&
            (download.fallback ? (
              <Text size="sm">
                The server logs could not be downloaded ({download.reason}); a summary log has been downloaded instead.
              </Text>
            ) : (
              <Text size="sm">The server logs have been downloaded.</Text>
            ))}
        </Stack>
      </Alert>
      <Group>
        <Button variant="default" onClick={() => void downloadIncreaseLog(run)}>
          Download the log again
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        To run another increase, leave this page and come back.
      </Text>
    </Stack>
  );
}
