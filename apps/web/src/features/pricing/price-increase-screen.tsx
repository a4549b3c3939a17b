import { NumberInput, Paper, PasswordInput, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { IncreaseRun, PriceIncreaseBody } from '@courier/domain/pricing/schemas';
import { ApiRequestError } from '@/api/client.ts';
import { useStartPriceIncrease } from '@/api/increase-runs.ts';
import { IncreaseFormActions } from './components/increase-form-actions.tsx';
import { IncreaseProgress } from './components/increase-progress.tsx';

type Lists = Pick<
  PriceIncreaseBody,
  'includeAccounts' | 'excludeAccounts' | 'lowTurnoverAccounts' | 'excludeSetCallAccounts'
>;
const LISTS: { key: keyof Lists; label: string; description: string }[] = [
  {
    key: 'includeAccounts',
    label: 'Include accounts',
    description: 'Only these accounts’ special tariffs; empty for every base and special tariff',
  },
  { key: 'excludeAccounts', label: 'Exclude accounts', description: 'These accounts keep their prices' },
  { key: 'lowTurnoverAccounts', label: 'Low turnover accounts', description: 'These accounts keep their prices' },
  {
    key: 'excludeSetCallAccounts',
    label: 'Exclude set call accounts',
    description: 'These accounts keep their prices',
  },
];

/** Price increase (spec 2 §2): form, then running with progress, then the completion message and the log. */
export function PriceIncreaseScreen() {
  const start = useStartPriceIncrease();
  const [run, setRun] = useState<IncreaseRun | null>(null);
  const [secret, setSecret] = useState('');
  const [percent, setPercent] = useState<number | string>('');
  const [lists, setLists] = useState<Lists>({
    includeAccounts: '',
    excludeAccounts: '',
    lowTurnoverAccounts: '',
    excludeSetCallAccounts: '',
  });
  const [reset, setReset] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [missing, setMissing] = useState<string | null>(null);
  const error = start.error instanceof ApiRequestError ? start.error : null;

  const review = () => {
    if (!secret) return setMissing('Enter the authorisation code.');
    if (typeof percent !== 'number' || percent <= 0) return setMissing('Enter the increase as a percentage above 0.');
    setMissing(null);
    setConfirming(true);
  };
  const submit = () =>
    start.mutate(
      { ...lists, sharedSecret: secret, percentIncrease: Number(percent), resetIncreaeRanStatus: reset },
      { onSuccess: (started) => setRun(started), onSettled: () => setConfirming(false) },
    );

  return (
    <Paper withBorder p="md" maw={900}>
      <Title order={2} size="h4" mb="md">
        Price Increase
      </Title>
      {run ? (
        <IncreaseProgress run={run} title="Price increase" />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Raises every price of the customer tariffs in scope by the percentage, rounded to the cent. Tariffs
            increased before are skipped unless their increase status is reset. Account lists are account codes
            separated by commas.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label="Authorisation code"
              required
              value={secret}
              onChange={(event) => setSecret(event.currentTarget.value)}
              error={error?.fieldMessage('sharedSecret')}
              autoComplete="off"
            />
            <NumberInput
              label="Increase"
              required
              suffix=" %"
              min={0.01}
              max={100}
              decimalScale={2}
              value={percent}
              onChange={setPercent}
              error={error?.fieldMessage('percentIncrease')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {LISTS.map((list) => (
              <Textarea
                key={list.key}
                label={list.label}
                description={list.description}
                placeholder="e.g. ABCD001, EFGH002"
                autosize
                minRows={2}
                value={lists[list.key]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setLists((current) => ({ ...current, [list.key]: value }));
                }}
                error={error?.fieldMessage(list.key)}
              />
            ))}
          </SimpleGrid>
          <IncreaseFormActions
            name="Price Increase"
            reset={reset}
            onResetChange={setReset}
            problem={missing ?? start.error?.message}
            pending={start.isPending}
            onReview={review}
            confirming={confirming}
            onCancel={() => setConfirming(false)}
            onConfirm={submit}
            summary={`Prices of the tariffs in scope rise by ${percent} %`}
          />
        </Stack>
      )}
    </Paper>
  );
}
