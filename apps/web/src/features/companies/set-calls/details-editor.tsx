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
import { useEffect, useState } from 'react';
import { readTypedNumber } from '@courier/domain/common/typed-number';
import {
  driverCodeIsNumber,
  isFixedPricing,
  parseDriverCode,
  SET_CALL_MESSAGES,
  setCallDetailsProblems,
  setCallEditSchema,
  setCallPricingSchema,
  type PopulatedSetCall,
  type SetCallEdit,
} from '@courier/domain/companies/set-calls';
import type { ApiRequestError } from '@/api/client.ts';
import { EuroInput } from '@/ui/euro-input.tsx';
import { SlideIn } from '@/ui/slide-in.tsx';
import { textLimitOf } from '@/ui/text-limit.ts';
import { setCallChoicesQuery, toSetCallEdit } from '@/api/set-calls.ts';
import { useGuardedEditor } from '@/ui/discard-changes-dialog.tsx';

type Problems = Partial<Record<keyof SetCallEdit, string>>;
type KeysOf<T> = { [K in keyof SetCallEdit]: SetCallEdit[K] extends T ? K : never }[keyof SetCallEdit];
type TextKey = KeysOf<string>;
type FlagKey = KeysOf<boolean>;
type NumberKey = 'weightOfPackages' | 'numberOfPackages';
type PriceKey = 'charge' | 'driver';
/** A number field as the input gives it: a number once its text reads as one, the text until then ('', '2.', '-'). */
type Typed = number | string;

/**
 * A text's limit, from the server's schema: a long paste is kept whole, counted and marked at once,
 * never cut by a maxlength; Save sends nothing while one is past it (the schema check on Save finds it).
 */
const limitOf = (key: TextKey, text: string) =>
  textLimitOf(setCallEditSchema.shape[key], text, { multiline: key === 'notes' });

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

const FIXED_PRICING = setCallPricingSchema.options[0].shape;

/**
 * How each number field is read: by the server's own field schema, so '-2', '2.5 packages' or a third
 * decimal is refused in its words rather than changed as it is typed.
 */
const NUMBER_READING: Record<NumberKey, Parameters<typeof readTypedNumber>[1]> = {
  weightOfPackages: {
    schema: setCallEditSchema.shape.weightOfPackages,
    notANumber: 'The weight must be a number of kg.',
  },
  numberOfPackages: {
    schema: setCallEditSchema.shape.numberOfPackages,
    notANumber: 'The number of packages must be a whole number.',
  },
};
const readNumber = (key: NumberKey, typed: Typed) => readTypedNumber(typed, NUMBER_READING[key]);
const PRICE_LABELS: Record<PriceKey, string> = { charge: 'The charge', driver: 'The driver pay' };
const readPrice = (key: PriceKey, typed: Typed) =>
  readTypedNumber(typed, {
    schema: FIXED_PRICING[key],
    notANumber: `${PRICE_LABELS[key]} must be an amount in euro.`,
  });

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
  // Closing with unsaved changes (Escape, the close button, a click outside, Cancel) asks first.
  const { requestClose, question, reportUnsaved } = useGuardedEditor({
    close: onClose,
    subject: 'The set call details have changes that are not saved.',
  });
  return (
    <>
      <SlideIn opened={setCall !== null} onClose={requestClose} title={setCall ? `Set call ${setCall.id} details` : ''}>
        {setCall && (
          <DetailsForm
            key={setCall.id}
            setCall={setCall}
            onCancel={requestClose}
            onDirtyChange={reportUnsaved}
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
  // The weight and number of packages as typed, read into the set call on Save.
  const [numbers, setNumbers] = useState<Record<NumberKey, Typed>>(() => ({
    weightOfPackages: setCall.weightOfPackages ?? '',
    numberOfPackages: setCall.numberOfPackages ?? '',
  }));
  const [fixed, setFixed] = useState(isFixedPricing(setCall.pricing));
  const [pricing, setPricing] = useState<Record<PriceKey, Typed>>(() =>
    isFixedPricing(setCall.pricing)
      ? { charge: setCall.pricing.charge, driver: setCall.pricing.driver }
      : { charge: '', driver: '' },
  );
  const [problems, setProblems] = useState<Problems>({});
  // Kept apart from `problems`: 'driver' there is the driver code, here the driver pay.
  const [priceProblems, setPriceProblems] = useState<Partial<Record<PriceKey, string>>>({});
  // What the form showed as it opened: anything different is a change not saved yet.
  const [opened] = useState(() => JSON.stringify({ draft, driverText, numbers, fixed, pricing }));
  const dirty = JSON.stringify({ draft, driverText, numbers, fixed, pricing }) !== opened;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const set = <K extends keyof SetCallEdit>(key: K, value: SetCallEdit[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  /** A text being corrected stops showing Save's message about it: its limit is checked as it is typed. */
  const setText = (key: TextKey, value: string) => {
    set(key, value);
    setProblems((current) => {
      if (!(key in current)) return current;
      const { [key]: _corrected, ...rest } = current;
      return rest;
    });
  };
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
  /** A text field of the set call: its count near and past the schema's limit, and any problem. */
  const textField = (key: TextKey, label: string, required = false) => {
    const { count, overLimit } = limitOf(key, draft[key]);
    return (
      <TextInput
        label={label}
        required={required}
        value={draft[key]}
        description={count}
        onChange={(event) => setText(key, event.currentTarget.value)}
        error={overLimit ?? error(key)}
      />
    );
  };
  const notesLimit = limitOf('notes', draft.notes);
  const flag = (key: FlagKey, label: string) => (
    <Switch label={label} checked={draft[key]} onChange={(event) => set(key, event.currentTarget.checked)} />
  );

  const submit = () => {
    const weight = readNumber('weightOfPackages', numbers.weightOfPackages);
    const packages = readNumber('numberOfPackages', numbers.numberOfPackages);
    const charge = readPrice('charge', pricing.charge);
    const driverPay = readPrice('driver', pricing.driver);
    const edit: SetCallEdit = {
      ...draft,
      driver: parseDriverCode(driverText),
      // A field refused above is never sent: its stand-in here only lets the rest be checked.
      weightOfPackages: weight.ok ? weight.value : null,
      numberOfPackages: packages.ok ? packages.value : null,
      pricing: fixed
        ? { charge: charge.ok ? (charge.value ?? 0) : 0, driver: driverPay.ok ? (driverPay.value ?? 0) : 0 }
        : {},
    };
    const found: Problems = {
      ...schemaProblems(edit),
      ...Object.fromEntries(setCallDetailsProblems(draft).map((problem) => [problem.field, problem.message])),
    };
    if (!weight.ok) found.weightOfPackages = weight.message;
    if (!packages.ok) found.numberOfPackages = packages.message;
    const priceFound: Partial<Record<PriceKey, string>> = {};
    if (fixed) {
      if (!charge.ok) priceFound.charge = charge.message;
      if (!driverPay.ok) priceFound.driver = driverPay.message;
      if ((charge.ok && charge.value === null) || (driverPay.ok && driverPay.value === null))
        found.pricing = 'Enter the charge and the driver pay, or choose standard pricing.';
    }
    if (!driverCodeIsNumber(driverText)) found.driver = SET_CALL_MESSAGES.driverNotNumber;
    else if (!/^\d*$/.test(driverText.trim())) found.driver = DRIVER_CODE_NOT_WHOLE;
    setProblems(found);
    setPriceProblems(priceFound);
    if (Object.keys(found).length > 0 || Object.keys(priceFound).length > 0) return;
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
        {/* What is typed stays as typed, nothing clamped on blur and no minus, point or decimal dropped as
            it is typed (-2.5 was kept as 2.5, 2.5 packages as 25): a value the set call cannot take is
            marked on Save in the server's words. */}
        <NumberInput
          label="Weight"
          suffix=" kg"
          min={0}
          clampBehavior="none"
          value={numbers.weightOfPackages}
          onChange={(value) => setNumbers((current) => ({ ...current, weightOfPackages: value }))}
          error={error('weightOfPackages')}
        />
        <NumberInput
          label="Number of packages"
          min={0}
          clampBehavior="none"
          value={numbers.numberOfPackages}
          onChange={(value) => setNumbers((current) => ({ ...current, numberOfPackages: value }))}
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
              <EuroInput
                key={key}
                label={label}
                value={pricing[key]}
                onChange={(value) => setPricing((current) => ({ ...current, [key]: value }))}
                error={priceProblems[key]}
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
        description={notesLimit.count}
        value={draft.notes}
        onChange={(event) => setText('notes', event.currentTarget.value)}
        error={notesLimit.overLimit ?? error('notes')}
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
