import { MultiSelect, NumberInput, Paper, PasswordInput, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CARRIER_INCREASE_CARRIER_IDS, TARIFF_SERVICE_CODES, type IncreaseRun } from '@courier/domain/pricing/schemas';
import { ApiRequestError } from '@/api/client.ts';
import { useCarriers } from '@/api/carriers.ts';
import { useStartCarrierIncrease } from '@/api/increase-runs.ts';
import { IncreaseFormActions } from './components/increase-form-actions.tsx';
import { IncreaseProgress } from './components/increase-progress.tsx';

/** Carrier increase (spec 2 §2): a carrier's tariffs for some service codes; form, running, completed. */
export function CarrierIncreaseScreen() {
  const carriers = useCarriers();
  const start = useStartCarrierIncrease();
  const [run, setRun] = useState<IncreaseRun | null>(null);
  const [secret, setSecret] = useState('');
  const [percent, setPercent] = useState<number | string>('');
  const [serviceCodes, setServiceCodes] = useState<string[]>([]);
  const [carrierId, setCarrierId] = useState<string | null>(null);
  const [reset, setReset] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [missing, setMissing] = useState<string | null>(null);
  const error = start.error instanceof ApiRequestError ? start.error : null;
  // Spec 2 §3: carriers 1 and 2 feed the carrier increase dropdown.
  const choices = (carriers.data ?? []).filter((carrier) =>
    (CARRIER_INCREASE_CARRIER_IDS as readonly number[]).includes(carrier.id),
  );
  const carrierName = choices.find((carrier) => String(carrier.id) === carrierId)?.name ?? '';

  const review = () => {
    if (!secret) return setMissing('Enter the authorisation code.');
    if (typeof percent !== 'number' || percent <= 0) return setMissing('Enter the increase as a percentage above 0.');
    if (serviceCodes.length === 0) return setMissing('Choose at least one service code.');
    if (!carrierId) return setMissing('Choose a carrier.');
    setMissing(null);
    setConfirming(true);
  };
  const submit = () =>
    start.mutate(
      {
        serviceCodes: serviceCodes.join(','),
        carrierId: Number(carrierId),
        sharedSecret: secret,
        percentIncrease: Number(percent),
        resetIncreaeRanStatus: reset,
      },
      { onSuccess: (started) => setRun(started), onSettled: () => setConfirming(false) },
    );

  return (
    <Paper withBorder p="md" maw={900}>
      <Title order={2} size="h4" mb="md">
        Carrier Increase
      </Title>
      {run ? (
        <IncreaseProgress run={run} title="Carrier increase" />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Raises the carrier’s tariffs for the chosen service codes by the percentage, rounded to the cent. Tariffs
            increased before are skipped unless their increase status is reset.
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
            <MultiSelect
              label="Service codes"
              required
              data={[...TARIFF_SERVICE_CODES]}
              value={serviceCodes}
              onChange={setServiceCodes}
              error={error?.fieldMessage('serviceCodes')}
              searchable
            />
            <Select
              label="Carrier"
              required
              data={choices.map((carrier) => ({ value: String(carrier.id), label: carrier.name }))}
              value={carrierId}
              onChange={setCarrierId}
              placeholder={
                carriers.isPending
                  ? 'Loading carriers...'
                  : carriers.isError
                    ? 'Could not load the carriers'
                    : 'Choose a carrier'
              }
              error={
                error?.fieldMessage('carrierId') ??
                (carriers.isError ? 'There was an error loading the carriers.' : undefined)
              }
            />
          </SimpleGrid>
          <IncreaseFormActions
            name="Carrier Increase"
            reset={reset}
            onResetChange={setReset}
            problem={missing ?? start.error?.message}
            pending={start.isPending}
            onReview={review}
            confirming={confirming}
            onCancel={() => setConfirming(false)}
            onConfirm={submit}
            summary={`${carrierName} tariffs for ${serviceCodes.join(', ')} rise by ${percent} %`}
          />
        </Stack>
      )}
    </Paper>
  );
}
