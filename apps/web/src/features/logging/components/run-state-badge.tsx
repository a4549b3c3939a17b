import { Badge } from '@mantine/core';
import { RUN_STATUS_LABELS, type BackgroundRunStatus } from '@courier/domain/background/enums';

// Filled, dark shades: white text keeps WCAG AA contrast on each.
const COLOURS: Record<BackgroundRunStatus, string> = {
  queued: 'gray.7',
  running: 'blue.8',
  completed: 'teal.9',
  failed: 'red.9',
};

/**
 * A badge is never cut (issue 10): Mantine's label may shrink to an ellipsis, so its table column
 * could squeeze 'Completed' to 'Complet…'. At its full width it holds the column open instead.
 */
export const WHOLE_BADGE = { minWidth: 'max-content' } as const;

/** A run's state as a coloured tag: Queued, Running, Completed, Failed. */
export function RunStateBadge({ status }: { status: BackgroundRunStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="filled" size="sm" tt="none" style={WHOLE_BADGE}>
      {RUN_STATUS_LABELS[status]}
    </Badge>
  );
}
