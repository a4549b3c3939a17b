import { Alert, Button, Checkbox, Group } from '@mantine/core';
import { Dialog } from '@/ui/dialog.tsx';

interface IncreaseFormActionsProps {
  /** 'Price Increase' or 'Carrier Increase'. */
  name: string;
  reset: boolean;
  onResetChange: (reset: boolean) => void;
  /** What stops the run: a missing field, or the server's refusal. */
  problem: string | null | undefined;
  pending: boolean;
  onReview: () => void;
  confirming: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The confirmation's text: what rises, by how much. */
  summary: string;
}

/** The end of both increase forms: reset option, what stopped the run, the run button and its confirmation. */
export function IncreaseFormActions({
  name,
  reset,
  onResetChange,
  problem,
  pending,
  onReview,
  confirming,
  onCancel,
  onConfirm,
  summary,
}: IncreaseFormActionsProps) {
  return (
    <>
      <Checkbox
        label="Reset the increase status first (increase tariffs again that a previous increase reached)"
        checked={reset}
        onChange={(event) => onResetChange(event.currentTarget.checked)}
      />
      {problem && (
        <Alert color="red" title={`The ${name.toLowerCase()} was not started`} role="alert">
          {problem}
        </Alert>
      )}
      <Group>
        <Button onClick={onReview} loading={pending}>
          Run {name}
        </Button>
      </Group>
      <Dialog
        opened={confirming}
        onClose={onCancel}
        title={`Run the ${name.toLowerCase()}?`}
        actions={[
          { label: 'Cancel', kind: 'DEFAULT', onClick: onCancel },
          { label: `Run ${name}`, kind: 'CONFIRM', onClick: onConfirm, loading: pending },
        ]}
      >
        {`${summary}${reset ? ', including tariffs increased before' : ''}. This cannot be undone from here.`}
      </Dialog>
    </>
  );
}
