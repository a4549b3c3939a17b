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
  driverCodeIsNumber,
  parseDriverCode,
  SET_CALL_MESSAGES,
  setCallDetailsProblems,
  type PopulatedSetCall,
  type SetCallEdit,
} from '@courier/domain/companies/set-calls';
import { SlideIn } from '@/ui/slide-in.tsx';
import { setCallChoicesQuery, toSetCallEdit } from '@/api/set-calls.ts';

type Errors = Record<string, string>;
type KeysOf<T> = { [K in keyof SetCallEdit]: SetCallEdit[K] extends T ? K : never }[keyof SetCallEdit];
type TextKey = KeysOf<string>;
type FlagKey = KeysOf<boolean>;

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
  /** A text field of the set call; a required one shows its problem. */
  const textField = (key: TextKey, label: string, maxLength: number, required = false) => (
    <TextInput
      label={label}
      required={required}
      value={draft[key]}
      maxLength={maxLength}
      onChange={(event) => set(key, event.currentTarget.value)}
      error={required ? error(key) : undefined}
    />
  );
  const flag = (key: FlagKey, label: string) => (
    <Switch label={label} checked={draft[key]} onChange={(event) => set(key, event.currentTarget.checked)} />
  );

  const submit = () => {
    const problems = Object.fromEntries(
      setCallDetailsProblems(draft).map((problem) => [problem.field, problem.message]),
    );
    if (fixed && (pricing.charge === '' || pricing.driver === ''))
      problems.pricing = 'Enter the charge and the driver pay, or choose standard pricing.';
    if (!driverCodeIsNumber(driverText)) problems.driver = SET_CALL_MESSAGES.driverNotNumber;
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
        {textField('collectionName', 'Collection name', 100)}
        {textField('collectionPhone', 'Collection phone', 50, true)}
        {textField('deliveryName', 'Delivery name', 100)}
        {textField('deliveryPhone', 'Delivery phone', 50, true)}
        {textField('reference', 'Reference', 100)}
        {textField('quantumRef', 'Accounting reference', 100)}
        <TextInput
          label="Driver code"
          description="Blank or 0: no fixed driver"
          inputMode="numeric"
          value={driverText}
          onChange={(event) => setDriverText(event.currentTarget.value)}
          error={error('driver')}
        />
        {textField('goodsDescription', 'Goods description', 255)}
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
        {flag('isDocuments', 'Documents')}
        {flag('return', 'Return booking')}
        {flag('emailConfirmation', 'Email confirmation')}
        {flag('pushHolidays', 'Reschedule on holidays')}
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
            {(
              [
                ['charge', 'Charge'],
                ['driver', 'Driver pay'],
              ] as const
            ).map(([key, label]) => (
              <NumberInput
                key={key}
                label={label}
                prefix="€"
                min={0}
                decimalScale={2}
                value={pricing[key]}
                onChange={(value) => setPricing((current) => ({ ...current, [key]: value }))}
              />
            ))}
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
