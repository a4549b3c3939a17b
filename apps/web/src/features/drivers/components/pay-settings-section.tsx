import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useReportUnsaved } from '@/ui/unsaved-changes.tsx';
import { typedDecimal } from '@courier/domain/common/input-checks';
import { PAY_FREQUENCIES, type PayFrequency } from '@courier/domain/drivers/enums';
import { INVALID_PAY_SETTINGS_MESSAGE, paySettingsProblems } from '@courier/domain/drivers/rules';
import { DRIVER_TEXTS, PAY_FREQUENCY_LABELS } from '@courier/domain/drivers/labels';
import { paySettingsBodySchema, type PaySettings, type PaySettingsBody } from '@courier/domain/drivers/schemas';
import { ApiRequestError } from '@/api/client.ts';
import { NOT_SAVED_TOAST } from '@/api/error-messages.ts';
import { usePaySettings, useSavePaySettings } from '@/api/drivers.ts';
import { getPlace } from '@/api/places.ts';
import { AddressSelector, type SelectedAddress } from '@/ui/address-selector.tsx';
import { EuroInput } from '@/ui/euro-input.tsx';
import { DateText } from '@/ui/format.tsx';
import { ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { textLimitOf } from '@/ui/text-limit.ts';
import { toast } from '@/ui/toast.ts';

const FREQUENCY_OPTIONS = PAY_FREQUENCIES.map((value) => ({ value, label: PAY_FREQUENCY_LABELS[value] }));

type AmountField =
  | 'minPay'
  | 'maxBoost'
  | 'cargoBonusRate'
  | 'helmetBonusRate'
  | 'backBoxBonusRate'
  | 'cargoRentalDeduction'
  | 'equipmentRentalDeduction';
type PercentField =
  | 'attendanceBonusOneDay'
  | 'attendanceBonusTwoDay'
  | 'attendanceBonusThreeDay'
  | 'attendanceBonusFourDay'
  | 'attendanceBonusFiveDay';
type TextField = 'driverType' | 'tripsheetEmail' | 'taxNumber' | 'groupedAccount' | 'debtorsLedger' | 'creditorsLedger';
type FlagField = 'applyFuelSurcharge' | 'vatRegistered' | 'sendInformation';

const AMOUNTS: readonly { field: AmountField; label: string }[] = [
  { field: 'minPay', label: 'Minimum pay' },
  { field: 'maxBoost', label: 'Maximum boost' },
  { field: 'cargoBonusRate', label: 'Cargo bonus per day' },
  { field: 'helmetBonusRate', label: 'Helmet bonus per day' },
  { field: 'backBoxBonusRate', label: 'Back-box bonus per day' },
  { field: 'cargoRentalDeduction', label: 'Cargo rental per day' },
  { field: 'equipmentRentalDeduction', label: 'Equipment rental per day' },
];
const PERCENTS: readonly { field: PercentField; label: string }[] = [
  { field: 'attendanceBonusOneDay', label: '1 day' },
  { field: 'attendanceBonusTwoDay', label: '2 days' },
  { field: 'attendanceBonusThreeDay', label: '3 days' },
  { field: 'attendanceBonusFourDay', label: '4 days' },
  { field: 'attendanceBonusFiveDay', label: '5 days or more' },
];
const TEXTS: readonly { field: TextField; label: string }[] = [
  { field: 'tripsheetEmail', label: 'Correspondence email' },
  { field: 'taxNumber', label: 'Tax number' },
  { field: 'driverType', label: 'Driver type' },
  { field: 'groupedAccount', label: 'Grouped account' },
  { field: 'debtorsLedger', label: 'Debtors ledger' },
  { field: 'creditorsLedger', label: 'Creditors ledger' },
];
const FLAGS: readonly { field: FlagField; label: string }[] = [
  { field: 'applyFuelSurcharge', label: 'Apply fuel surcharge' },
  { field: 'vatRegistered', label: 'VAT registered' },
  { field: 'sendInformation', label: 'Send information' },
];

/**
 * The form's values: an amount or percent is kept as the input gives it, a number or, while typed, its
 * text ('350.', ''), never dropped; the form reads it as a number when it is sent.
 */
type Form = Omit<PaySettingsBody, AmountField | PercentField> & Record<AmountField | PercentField, number | string>;

/** The first amount or percent that is empty or not a number, as the message to show; undefined when all read. */
function unreadableField(form: Form): string | undefined {
  for (const { field, label } of [...AMOUNTS, ...PERCENTS]) {
    const value = form[field];
    if (typeof value === 'number') continue;
    if (value.trim() === '') return `${label}: enter an amount (0 when none).`;
    if (typedDecimal(value.trim()) === undefined) return `${label}: enter a number, such as 350.75.`;
  }
  return undefined;
}

/**
 * Each field the schema refuses in the body as it would be sent, with the server's message: '-1.234' or
 * '1.234' in a percent is refused here, not sent as 1.23. Empty when the body may be sent.
 */
function schemaProblems(body: PaySettingsBody): Partial<Record<keyof PaySettingsBody, string>> {
  const problems: Partial<Record<keyof PaySettingsBody, string>> = {};
  for (const issue of paySettingsBodySchema.safeParse(body).error?.issues ?? []) {
    const field = String(issue.path[0] ?? '') as keyof PaySettingsBody;
    problems[field] ??= issue.message;
  }
  // The fields a save requires (spec 2 §5), as the server checks them after its schema.
  for (const { field, message } of paySettingsProblems(body)) problems[field as keyof PaySettingsBody] ??= message;
  return problems;
}

/** Spec 2 §5: a required field missing makes the save's message the spec's, whatever else is marked. */
const missesRequired = (body: PaySettingsBody) => paySettingsProblems(body).length > 0;

/** The body to send: every amount and percent as the number its text reads as. */
function bodyOf(form: Form): PaySettingsBody {
  const body: Record<string, unknown> = { ...form };
  for (const { field } of [...AMOUNTS, ...PERCENTS]) {
    const value = form[field];
    body[field] = typeof value === 'number' ? value : typedDecimal(value.trim());
  }
  return body as PaySettingsBody;
}

const formOf = (settings: PaySettings): Form => {
  const { driverId: _driverId, saved: _saved, address: _address, updatedAt: _updatedAt, ...fields } = settings;
  return fields;
};

const addressOf = (settings: PaySettings): SelectedAddress | null =>
  settings.address
    ? {
        placeId: settings.address.placeId,
        name: settings.address.name,
        detail: [settings.address.addressLineOne, settings.address.city, settings.address.postCode]
          .filter(Boolean)
          .join(', '),
      }
    : null;

/** A driver's pay settings, for accounts only (spec 2 §2, §3 'Driver pay settings', §5, §6). */
export function PaySettingsSection({ driverId }: { driverId: number }) {
  const settings = usePaySettings(driverId);
  // Held here: the form starts again from each saved answer, and the save's toast must outlive it.
  const save = useSavePaySettings(driverId);
  if (settings.isPending) return <LoadingState text="Loading Pay Settings..." />;
  if (settings.isError) return <ErrorState onRetry={() => void settings.refetch()} />;
  return <PaySettingsForm key={settings.dataUpdatedAt} save={save} settings={settings.data} />;
}

function PaySettingsForm({ save, settings }: { save: ReturnType<typeof useSavePaySettings>; settings: PaySettings }) {
  const [form, setForm] = useState(() => formOf(settings));
  const [address, setAddress] = useState(() => addressOf(settings));
  const [empty, setEmpty] = useState<string | undefined>();
  // What the form's own check found on Save (the server's schema and messages), every field at once.
  const [problems, setProblems] = useState<Partial<Record<keyof PaySettingsBody, string>>>({});
  const [requiredMissing, setRequiredMissing] = useState(false);
  useReportUnsaved(JSON.stringify(form) !== JSON.stringify(formOf(settings)));
  const failure = save.error instanceof ApiRequestError ? save.error : undefined;
  const fieldError = (field: keyof PaySettingsBody) => problems[field] ?? failure?.fieldMessage(field);
  const marked = Object.keys(problems).length > 0;
  const set = <K extends keyof Form>(field: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    // A field being corrected stops saying what was wrong with it.
    setProblems((current) => {
      if (!(field in current)) return current;
      const { [field]: _corrected, ...rest } = current;
      return rest;
    });
  };

  const chooseAddress = async (chosen: SelectedAddress | null) => {
    setAddress(chosen);
    if (!chosen) return set('addressId', null);
    try {
      // The settings name the address book's place by its number; the selector gives its placeId.
      set('addressId', (await getPlace(chosen.placeId)).id);
    } catch (error) {
      setAddress(null);
      set('addressId', null);
      toast({ title: 'Error', message: error instanceof Error ? error.message : String(error), type: 'error' });
    }
  };

  const submit = () => {
    const unreadable = unreadableField(form);
    setEmpty(unreadable);
    if (unreadable) return;
    // Nothing is sent while a field is wrong; each wrong field says so (the server checks the same).
    const body = bodyOf(form);
    const found = schemaProblems(body);
    setProblems(found);
    setRequiredMissing(missesRequired(body));
    // Refused here, nothing was sent: the message above Save says so. The spec's 'Failed to update pay
    // settings' (spec 2 §8) is the outcome of a save that was sent, so only a failed request toasts it.
    if (Object.keys(found).length > 0) return;
    save.mutate(body, {
      onSuccess: () => toast({ message: DRIVER_TEXTS.paySettingsUpdated, type: 'success' }),
      onError: () => toast({ title: 'Error', message: DRIVER_TEXTS.failedToUpdatePaySettings, type: 'error' }),
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        {!settings.saved && (
          <Text size="sm" c="gray.8">
            No pay settings saved for this driver yet.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Pay frequency"
            required
            data={FREQUENCY_OPTIONS}
            value={form.payFrequency}
            error={fieldError('payFrequency')}
            onChange={(value) => set('payFrequency', (value as PayFrequency | null) ?? null)}
          />
          {TEXTS.map(({ field, label }) => {
            // Text past the server's limit is kept and marked at once, never cut by a maxlength; Save's
            // schema check refuses it, so nothing is sent until it is shortened.
            const { count, overLimit } = textLimitOf(paySettingsBodySchema.shape[field], form[field]);
            return (
              <TextInput
                key={field}
                label={label}
                required={field === 'tripsheetEmail' || field === 'taxNumber'}
                type={field === 'tripsheetEmail' ? 'email' : 'text'}
                value={form[field]}
                description={count}
                error={overLimit ?? fieldError(field)}
                onChange={(event) => set(field, event.currentTarget.value)}
              />
            );
          })}
        </SimpleGrid>
        <Stack gap={2}>
          <AddressSelector label="Driver address" value={address} onChange={(chosen) => void chooseAddress(chosen)} />
          {fieldError('addressId') && (
            <Text size="xs" c="red.9">
              {fieldError('addressId')}
            </Text>
          )}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {AMOUNTS.map(({ field, label }) => (
            <EuroInput
              key={field}
              label={label}
              value={form[field]}
              error={fieldError(field)}
              onChange={(value) => set(field, value)}
            />
          ))}
        </SimpleGrid>
        <Text fw={600} size="sm">
          Attendance bonus (percent of base pay, by days worked)
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          {PERCENTS.map(({ field, label }) => (
            <NumberInput
              key={field}
              label={label}
              min={0}
              max={100}
              // What is typed stays as typed (a minus or a third decimal is not dropped as it is typed:
              // -1.234 was kept as 1.23); Save marks a percent the schema refuses, in its words.
              clampBehavior="none"
              hideControls
              rightSection="%"
              value={form[field]}
              error={fieldError(field)}
              onChange={(value) => set(field, value)}
            />
          ))}
        </SimpleGrid>
        <Group>
          {FLAGS.map(({ field, label }) => (
            <Switch
              key={field}
              label={label}
              checked={form[field]}
              onChange={(event) => set(field, event.currentTarget.checked)}
            />
          ))}
        </Group>
        {(empty !== undefined || marked || failure !== undefined) && (
          <Alert color="red" variant="light" title="Not saved" role="alert">
            {/* Spec 2 §5's message for the required fields; for any other refusal, that the marked fields say why
                (not the server's summary with its field paths). */}
            {empty ??
              (marked && requiredMissing
                ? INVALID_PAY_SETTINGS_MESSAGE
                : marked
                  ? NOT_SAVED_TOAST.message
                  : failure?.message === INVALID_PAY_SETTINGS_MESSAGE
                    ? failure.message
                    : failure?.formMessage)}
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="sm" c="gray.8">
            {settings.updatedAt && (
              <>
                Last saved <DateText value={settings.updatedAt} withTime />
              </>
            )}
          </Text>
          <Button type="submit" loading={save.isPending}>
            Save pay settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
