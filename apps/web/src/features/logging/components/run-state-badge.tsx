import { Badge } from '@mantine/core';
import { RUN_STATUS_LABELS, type BackgroundRunStatus } from '@courier/domain/background/enums';

// Filled, dark shades: white text keeps WCAG AA contrast on each.
const COLOURS: Record<BackgroundRunStatus, string> = {
  queued: 'gray.7',
  running: 'blue.8',
  completed: 'teal.9',
  failed: 'red.9',
};

/** A run's state as a coloured tag: Queued, Running, Completed, Failed. */
export function RunStateBadge({ status }: { status: BackgroundRunStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="filled" size="sm" tt="none">
      {RUN_STATUS_LABELS[status]}
    </Badge>
  );
}
