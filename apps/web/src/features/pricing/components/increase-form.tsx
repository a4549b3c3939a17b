import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { priceIncreaseBodySchema, type IncreaseRun } from '@courier/domain/pricing/schemas';
import { ApiRequestError } from '@/api/client.ts';
import { usePublicConfig } from '@/api/public-config.ts';
import { ConfirmDialog } from '@/ui/dialog.tsx';
import { IncreaseProgress } from './increase-progress.tsx';

/** The fields both increases send. */
interface IncreaseCommon {
  sharedSecret: string;
  percentIncrease: number;
  resetIncreaeRanStatus: boolean;
}

interface IncreaseFormProps<TBody> {
  /** 'Price Increase' or 'Carrier Increase'. */
  name: string;
  /** What the run does, above the form. */
  description: string;
  start: UseMutationResult<IncreaseRun, Error, TBody>;
  /**
   * Checks the screen's own fields and marks each invalid one at the field; true when all are valid.
   * Called with the common fields' check, so one click marks every problem of the form at once.
   */
  checkOwnFields?: () => boolean;
  /** The request: the common fields and the screen's own. */
  body: (common: IncreaseCommon) => TBody;
  /** The confirmation's text: what rises, by how much. */
  summary: (percent: number | string) => string;
  /** The screen's own fields, beside the authorisation code and the increase. */
  fields?: ReactNode;
  /** More of the screen's own fields, below those. */
  children?: ReactNode;
}

/**
 * Both increases (spec 2 §2): the form with its authorisation code, percentage, reset option and
 * confirmation; then the run's progress, completion message and log.
 */
export function IncreaseForm<TBody>({
  name,
  description,
  start,
  checkOwnFields,
  body,
  summary,
  fields,
  children,
}: IncreaseFormProps<TBody>) {
  const [run, setRun] = useState<IncreaseRun | null>(null);
  const [secret, setSecret] = useState('');
  const [percent, setPercent] = useState<number | string>('');
  const [reset, setReset] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [checked, setChecked] = useState<{ sharedSecret?: string; percentIncrease?: string }>({});
  const [ownFieldsValid, setOwnFieldsValid] = useState(true);
  const error = start.error instanceof ApiRequestError ? start.error : null;
  // Said before anyone fills the form in: without an authorisation code on the server, no increase runs.
  const switchedOff = usePublicConfig().data?.priceIncreasesEnabled === false;
  // Fields marked by this check speak for themselves; the server's last refusal is said only when none is.
  const problem =
    checked.sharedSecret || checked.percentIncrease || !ownFieldsValid
      ? null
      : (error?.formMessage ?? start.error?.message);

  /** Every problem at once, each at its field, with the server's own rules (a percent above 100 is refused, not capped). */
  const review = () => {
    const rules = priceIncreaseBodySchema.shape;
    const problems = {
      sharedSecret: rules.sharedSecret.safeParse(secret).error?.issues[0]?.message,
      percentIncrease: rules.percentIncrease.safeParse(typeof percent === 'number' ? percent : undefined).error
        ?.issues[0]?.message,
    };
    const ownValid = checkOwnFields?.() ?? true;
    setChecked(problems);
    setOwnFieldsValid(ownValid);
    if (problems.sharedSecret || problems.percentIncrease || !ownValid) return;
    setConfirming(true);
  };
  const submit = () =>
    start.mutate(body({ sharedSecret: secret, percentIncrease: Number(percent), resetIncreaeRanStatus: reset }), {
      onSuccess: (started) => setRun(started),
      onSettled: () => setConfirming(false),
    });
  const cancel = () => setConfirming(false);

  return (
    <Paper withBorder p="md" maw={900}>
      <Title order={2} size="h4" mb="md">
        {name}
      </Title>
      {run ? (
        // The progress names the run in sentence case: 'Price increase'.
        <IncreaseProgress run={run} title={name.charAt(0) + name.slice(1).toLowerCase()} />
      ) : (
        <Stack gap="sm">
          {switchedOff && (
            <Alert
              color="orange"
              // The light variant's coloured title fails AA contrast on its tinted background: use the text colour.
              styles={{ title: { color: 'var(--mantine-color-text)' } }}
              title="Increases are switched off on this server"
              role="status"
            >
              <Text size="sm">
                No authorisation code is set up here, so no price or carrier increase can run. Ask the administrator to
                set one up.
              </Text>
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {description}
          </Text>
          <fieldset disabled={switchedOff} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PasswordInput
                  label="Authorisation code"
                  required
                  value={secret}
                  onChange={(event) => setSecret(event.currentTarget.value)}
                  error={checked.sharedSecret ?? error?.fieldMessage('sharedSecret')}
                  autoComplete="off"
                />
                <NumberInput
                  label="Increase"
                  required
                  suffix=" %"
                  // Kept as typed: 2.555 is refused by the rules below, never run as 2.55.
                  clampBehavior="none"
                  value={percent}
                  onChange={setPercent}
                  error={checked.percentIncrease ?? error?.fieldMessage('percentIncrease')}
                />
                {fields}
              </SimpleGrid>
              {children}
              <Checkbox
                label="Reset the increase status first (increase tariffs again that a previous increase reached)"
                checked={reset}
                onChange={(event) => setReset(event.currentTarget.checked)}
              />
              {problem && (
                <Alert color="red" title={`The ${name.toLowerCase()} was not started`} role="alert">
                  {problem}
                </Alert>
              )}
              <Group>
                <Button onClick={review} loading={start.isPending} disabled={switchedOff}>
                  Run {name}
                </Button>
              </Group>
            </Stack>
          </fieldset>
          <ConfirmDialog
            opened={confirming}
            onCancel={cancel}
            title={`Run the ${name.toLowerCase()}?`}
            confirm={{ label: `Run ${name}`, kind: 'CONFIRM', onClick: submit, loading: start.isPending }}
          >
            {`${summary(percent)}${reset ? ', including tariffs increased before' : ''}. This cannot be undone from here.`}
          </ConfirmDialog>
        </Stack>
      )}
    </Paper>
  );
}
