import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  parseDriverCode,
  setCallDetailsProblems,
  type PopulatedSetCall,
  type SetCallEdit,
} from '@courier/domain/companies/set-calls';
import { SlideIn } from '@/ui/slide-in.tsx';
import { setCallChoicesQuery, toSetCallEdit } from '@/api/set-calls.ts';

type Errors = Record<string, string>;

/** Details editor (spec 1 §2, §5): service and both phones required; driver code a number (≤ 0 means none); standard or fixed pricing. */
export function SetCallDetailsEditor({
  setCall,
  onClose,
  onSave,
  saving,
  serverErrors,
}: {
  setCall: PopulatedSetCall | null;
  onClose: () => void;
  onSave: (setCall: SetCallEdit) => void;
  saving: boolean;
  serverErrors: Errors;
}) {
  return (
    <SlideIn opened={setCall !== null} onClose={onClose} title={setCall ? `Set call ${setCall.id} details` : ''}>
      {setCall && (
        <DetailsForm
          key={setCall.id}
          setCall={setCall}
          onClose={onClose}
          onSave={onSave}
          saving={saving}
          serverErrors={serverErrors}
        />
      )}
    </SlideIn>
  );
}

function DetailsForm({
  setCall,
  onClose,
  onSave,
  saving,
  serverErrors,
}: {
  setCall: PopulatedSetCall;
  onClose: () => void;
  onSave: (setCall: SetCallEdit) => void;
  saving: boolean;
  serverErrors: Errors;
}) {
  const choices = useQuery(setCallChoicesQuery);
  const [draft, setDraft] = useState<SetCallEdit>(() => toSetCallEdit(setCall));
  const [driverText, setDriverText] = useState(setCall.driver ? String(setCall.driver) : '');
  const [fixed, setFixed] = useState('charge' in setCall.pricing);
  const [pricing, setPricing] = useState<{ charge: number | string; driver: number | string }>(() =>
    'charge' in setCall.pricing && 'driver' in setCall.pricing
      ? { charge: setCall.pricing.charge, driver: setCall.pricing.driver }
      : { charge: '', driver: '' },
  );
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof SetCallEdit>(key: K, value: SetCallEdit[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const error = (field: string) => errors[field] ?? serverErrors[field];

  const submit = () => {
    const problems = Object.fromEntries(
      setCallDetailsProblems(draft).map((problem) => [problem.field, problem.message]),
    );
    if (fixed && (pricing.charge === '' || pricing.driver === ''))
      problems.pricing = 'Enter the charge and the driver pay, or choose standard pricing.';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    onSave({
      ...draft,
      driver: parseDriverCode(driverText),
      pricing: fixed ? { charge: Number(pricing.charge), driver: Number(pricing.driver) } : {},
    });
  };

  return (
    <Stack>
      <Select
        label="Service"
        required
        placeholder={choices.isPending ? 'Loading services...' : 'Choose a service'}
        data={(choices.data?.services ?? []).map((service) => ({
          value: String(service.id),
          label: `${service.name} (${service.serviceCode})`,
        }))}
        value={draft.service === null ? null : String(draft.service)}
        onChange={(value) => set('service', value === null ? null : Number(value))}
        error={error('service')}
        searchable
      />
      <SimpleGrid cols={2}>
        <TextInput
          label="Collection name"
          value={draft.collectionName}
          maxLength={100}
          onChange={(event) => set('collectionName', event.currentTarget.value)}
        />
        <TextInput
          label="Collection phone"
          required
          value={draft.collectionPhone}
          maxLength={50}
          onChange={(event) => set('collectionPhone', event.currentTarget.value)}
          error={error('collectionPhone')}
        />
        <TextInput
          label="Delivery name"
          value={draft.deliveryName}
          maxLength={100}
          onChange={(event) => set('deliveryName', event.currentTarget.value)}
        />
        <TextInput
          label="Delivery phone"
          required
          value={draft.deliveryPhone}
          maxLength={50}
          onChange={(event) => set('deliveryPhone', event.currentTarget.value)}
          error={error('deliveryPhone')}
        />
        <TextInput
          label="Reference"
          value={draft.reference}
          maxLength={100}
          onChange={(event) => set('reference', event.currentTarget.value)}
        />
        <TextInput
          label="Accounting reference"
          value={draft.quantumRef}
          maxLength={100}
          onChange={(event) => set('quantumRef', event.currentTarget.value)}
        />
        <TextInput
          label="Driver code"
          description="Blank or 0: no fixed driver"
          inputMode="numeric"
          value={driverText}
          onChange={(event) => setDriverText(event.currentTarget.value)}
          error={error('driver')}
        />
        <TextInput
          label="Goods description"
          value={draft.goodsDescription}
          maxLength={255}
          onChange={(event) => set('goodsDescription', event.currentTarget.value)}
        />
        <NumberInput
          label="Weight"
          suffix=" kg"
          min={0}
          decimalScale={2}
          value={draft.weightOfPackages ?? ''}
          onChange={(value) => set('weightOfPackages', value === '' ? null : Number(value))}
          error={error('weightOfPackages')}
        />
        <NumberInput
          label="Number of packages"
          min={0}
          allowDecimal={false}
          value={draft.numberOfPackages ?? ''}
          onChange={(value) => set('numberOfPackages', value === '' ? null : Number(value))}
          error={error('numberOfPackages')}
        />
      </SimpleGrid>
      <Group>
        <Switch
          label="Documents"
          checked={draft.isDocuments}
          onChange={(event) => set('isDocuments', event.currentTarget.checked)}
        />
        <Switch
          label="Return booking"
          checked={draft.return}
          onChange={(event) => set('return', event.currentTarget.checked)}
        />
        <Switch
          label="Email confirmation"
          checked={draft.emailConfirmation}
          onChange={(event) => set('emailConfirmation', event.currentTarget.checked)}
        />
        <Switch
          label="Reschedule on holidays"
          checked={draft.pushHolidays}
          onChange={(event) => set('pushHolidays', event.currentTarget.checked)}
        />
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Pricing
        </Text>
        <SegmentedControl
          aria-label="Pricing"
          value={fixed ? 'fixed' : 'standard'}
          data={[
            { value: 'standard', label: 'Standard pricing' },
            { value: 'fixed', label: 'Fixed charge and driver pay' },
          ]}
          onChange={(value) => setFixed(value === 'fixed')}
        />
        {fixed && (
          <SimpleGrid cols={2}>
            <NumberInput
              label="Charge"
              prefix="€"
              min={0}
              decimalScale={2}
              value={pricing.charge}
              onChange={(charge) => setPricing((current) => ({ ...current, charge }))}
            />
            <NumberInput
              label="Driver pay"
              prefix="€"
              min={0}
              decimalScale={2}
              value={pricing.driver}
              onChange={(driver) => setPricing((current) => ({ ...current, driver }))}
            />
          </SimpleGrid>
        )}
        {error('pricing') && (
          <Text size="sm" c="red.9">
            {error('pricing')}
          </Text>
        )}
      </Stack>
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        maxLength={1000}
        value={draft.notes}
        onChange={(event) => set('notes', event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} loading={saving}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
