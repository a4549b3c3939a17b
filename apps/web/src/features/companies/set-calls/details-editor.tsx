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
import { useEffect, useRef, useState } from 'react';
import { textLimits } from '@courier/domain/common/field-limits';
import {
  driverCodeIsNumber,
  parseDriverCode,
  SET_CALL_MESSAGES,
  setCallDetailsProblems,
  setCallEditSchema,
  type PopulatedSetCall,
  type SetCallEdit,
} from '@courier/domain/companies/set-calls';
import type { ApiRequestError } from '@/api/client.ts';
import { SlideIn } from '@/ui/slide-in.tsx';
import { setCallChoicesQuery, toSetCallEdit } from '@/api/set-calls.ts';
import { useGuardedClose } from '@/ui/discard-changes-dialog.tsx';

type Problems = Partial<Record<keyof SetCallEdit, string>>;
type KeysOf<T> = { [K in keyof SetCallEdit]: SetCallEdit[K] extends T ? K : never }[keyof SetCallEdit];
type TextKey = KeysOf<string>;
type FlagKey = KeysOf<boolean>;

/** The server's text limits, on the inputs. */
const LIMITS = textLimits(setCallEditSchema);

/** The fields this form shows; a problem with any other (the schedule, an address) is listed below them. */
const SHOWN_FIELDS: ReadonlySet<string> = new Set<keyof SetCallEdit>([
  'service',
  'collectionName',
  'collectionPhone',
  'deliveryName',
  'deliveryPhone',
  'reference',
  'quantumRef',
  'driver',
  'goodsDescription',
  'weightOfPackages',
  'numberOfPackages',
  'isDocuments',
  'return',
  'emailConfirmation',
  'pushHolidays',
  'pricing',
  'notes',
]);

/**
 * The driver code as typed must be what is saved: '-5' or '1.5' would be saved as no driver or as 1
 * (parseDriverCode), so the form asks for a whole number instead of changing it.
 */
const DRIVER_CODE_NOT_WHOLE = 'The driver code must be a whole number (leave it empty or 0 for no fixed driver).';

/** Each field's first problem in the set call as it would be sent, checked by the server's own schema. */
function schemaProblems(setCall: SetCallEdit): Problems {
  const parsed = setCallEditSchema.safeParse(setCall);
  const problems: Problems = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '') as keyof SetCallEdit;
    problems[field] ??= issue.message;
  }
  return problems;
}

/** Details editor (spec 1 §2, §5): service and both phones required; driver code a number (≤ 0 means none); standard or fixed pricing. */
export function SetCallDetailsEditor({
  setCall,
  onClose,
  onSave,
  saving,
  refusal,
}: {
  setCall: PopulatedSetCall | null;
  onClose: () => void;
  onSave: (setCall: SetCallEdit) => void;
  saving: boolean;
  /** The server's 400 for the last save, its fields marked on the form. */
  refusal: ApiRequestError | null;
}) {
  // The form saves only on Save, so typing not saved yet would be lost on closing: closing asks first.
  const dirty = useRef(false);
  // Closing with unsaved changes (Escape, the close button, a click outside, Cancel) asks first.
  const { requestClose, question } = useGuardedClose({
    unsaved: () => dirty.current,
    close: () => {
      dirty.current = false;
      onClose();
    },
    subject: 'The set call details have changes that are not saved.',
  });
  const setDirty = (value: boolean) => {
    dirty.current = value;
  };
  return (
    <>
      <SlideIn opened={setCall !== null} onClose={requestClose} title={setCall ? `Set call ${setCall.id} details` : ''}>
        {setCall && (
          <DetailsForm
            key={setCall.id}
            setCall={setCall}
            onCancel={requestClose}
            onDirtyChange={setDirty}
            onSave={onSave}
            saving={saving}
            refusal={refusal}
          />
        )}
      </SlideIn>
      {question}
    </>
  );
}

function DetailsForm({
  setCall,
  onCancel,
  onDirtyChange,
  onSave,
  saving,
  refusal,
}: {
  setCall: PopulatedSetCall;
  onCancel: () => void;
  /** Told whether the form holds changes not saved, as they come and go. */
  onDirtyChange: (dirty: boolean) => void;
  onSave: (setCall: SetCallEdit) => void;
  saving: boolean;
  refusal: ApiRequestError | null;
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
  const [problems, setProblems] = useState<Problems>({});
  // What the form showed as it opened: anything different is a change not saved yet.
  const [opened] = useState(() => JSON.stringify({ draft, driverText, fixed, pricing }));
  const dirty = JSON.stringify({ draft, driverText, fixed, pricing }) !== opened;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const set = <K extends keyof SetCallEdit>(key: K, value: SetCallEdit[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  // The server names a price by its part ('body.setCall.pricing.charge'); the pricing is one message.
  const serverMessage = (field: keyof SetCallEdit) =>
    field === 'pricing'
      ? (refusal?.fieldMessage('pricing') ??
        refusal?.fieldMessage('pricing.charge') ??
        refusal?.fieldMessage('pricing.driver'))
      : refusal?.fieldMessage(field);
  const error = (field: keyof SetCallEdit) => problems[field] ?? serverMessage(field);
  // Problems with fields this form does not show (the schedule, an address, active) are said below it.
  const otherProblems = [
    ...Object.entries(problems)
      .filter(([field]) => !SHOWN_FIELDS.has(field))
      .map(([, message]) => message),
    ...(refusal?.body?.details ?? [])
      .filter((detail) => !SHOWN_FIELDS.has(detail.field.replace(/^body\.setCall\./, '').split('.')[0] ?? ''))
      .map((detail) => detail.message),
  ];
  /** A text field of the set call, with the schema's limit and any problem. */
  const textField = (key: TextKey, label: string, required = false) => (
    <TextInput
      label={label}
      required={required}
      value={draft[key]}
      maxLength={LIMITS[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
      error={error(key)}
    />
  );
  const flag = (key: FlagKey, label: string) => (
    <Switch label={label} checked={draft[key]} onChange={(event) => set(key, event.currentTarget.checked)} />
  );

  const submit = () => {
    const edit: SetCallEdit = {
      ...draft,
      driver: parseDriverCode(driverText),
      pricing: fixed ? { charge: Number(pricing.charge), driver: Number(pricing.driver) } : {},
    };
    const found: Problems = {
      ...schemaProblems(edit),
      ...Object.fromEntries(setCallDetailsProblems(draft).map((problem) => [problem.field, problem.message])),
    };
    if (fixed && (pricing.charge === '' || pricing.driver === ''))
      found.pricing = 'Enter the charge and the driver pay, or choose standard pricing.';
    if (!driverCodeIsNumber(driverText)) found.driver = SET_CALL_MESSAGES.driverNotNumber;
    else if (!/^\d*$/.test(driverText.trim())) found.driver = DRIVER_CODE_NOT_WHOLE;
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    onSave(edit);
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
        {textField('collectionName', 'Collection name')}
        {textField('collectionPhone', 'Collection phone', true)}
        {textField('deliveryName', 'Delivery name')}
        {textField('deliveryPhone', 'Delivery phone', true)}
        {textField('reference', 'Reference')}
        {textField('quantumRef', 'Accounting reference')}
        <TextInput
          label="Driver code"
          description="Blank or 0: no fixed driver"
          inputMode="numeric"
          value={driverText}
          onChange={(event) => setDriverText(event.currentTarget.value)}
          error={error('driver')}
        />
        {textField('goodsDescription', 'Goods description')}
        <NumberInput
          label="Weight"
          suffix=" kg"
          min={0}
          decimalScale={2}
          // A minus sign is refused as it is typed, and nothing is clamped on blur: the value shown is the
          // value saved, and one past the schema's limit is marked on Save.
          allowNegative={false}
          clampBehavior="none"
          value={draft.weightOfPackages ?? ''}
          onChange={(value) => set('weightOfPackages', value === '' ? null : Number(value))}
          error={error('weightOfPackages')}
        />
        <NumberInput
          label="Number of packages"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
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
                allowNegative={false}
                clampBehavior="none"
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
        maxLength={LIMITS.notes}
        value={draft.notes}
        onChange={(event) => set('notes', event.currentTarget.value)}
        error={error('notes')}
      />
      {otherProblems.map((message) => (
        <Text key={message} size="sm" c="red.9">
          {message}
        </Text>
      ))}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={submit} loading={saving}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
