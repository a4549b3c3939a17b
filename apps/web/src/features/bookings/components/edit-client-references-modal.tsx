import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { clientReferenceInputSchema, type BookingDetails } from '@courier/domain/bookings/schemas';
import type { CompanyReference } from '@courier/domain/companies/references';
import { useUpdateClientReferences } from '@/api/bookings.ts';
import { ApiRequestError, isRefusal } from '@/api/client.ts';
import { useCompanyReferences } from '@/api/company-references.ts';
import { NOT_SAVED_TOAST } from '@/api/error-messages.ts';
import { useGuardedEditor } from '@/ui/discard-changes-dialog.tsx';
import { LoadingState } from '@/ui/list-states.tsx';
import { hintWithCount, textLimitOf, TOO_LONG_NOT_SAVED } from '@/ui/text-limit.ts';
import { toast } from '@/ui/toast.ts';

interface Field {
  id: number;
  name: string;
  header: string;
  options: string[];
}

/** The company's definitions, then any reference the booking carries whose definition has gone. */
function fieldsOf(booking: BookingDetails, definitions: CompanyReference[]): Field[] {
  const fields: Field[] = definitions.map((definition) => ({
    id: definition.id,
    name: definition.name,
    header: definition.header,
    options: definition.values,
  }));
  for (const reference of booking.companyReferences) {
    if (!fields.some((field) => field.id === reference.id))
      fields.push({ id: reference.id, name: reference.name, header: reference.header, options: [] });
  }
  return fields;
}

/** A reference name of up to 100 characters wraps rather than widening the dialog. */
const WRAP_LABEL = { label: { overflowWrap: 'anywhere' as const } };
/**
 * A typed value's limit, from the server's schema: a long paste is kept whole, counted and marked at
 * once, never cut by a maxlength; Save sends nothing while one is past it.
 */
const limitOf = (value: string) => textLimitOf(clientReferenceInputSchema.shape.value, value);

/**
 * The server's message for each reference it refused (a 400 names 'body.companyReferences.{index}.value'),
 * by the reference's id, as sent in that order.
 */
function refusedValues(error: unknown, sent: { id: number }[]): Record<number, string> {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return {};
  const refused: Record<number, string> = {};
  for (const detail of error.body?.details ?? []) {
    const index = /companyReferences\.(\d+)/.exec(detail.field)?.[1];
    const id = index === undefined ? undefined : sent[Number(index)]?.id;
    if (id !== undefined) refused[id] ??= detail.message;
  }
  return refused;
}

/** 'Edit Client References for {reference}' (spec 2 §2): every value is required (spec 2 §5). */

export function EditClientReferencesModal({
  booking,
  opened,
  onClose,
}: {
  booking: BookingDetails;
  opened: boolean;
  onClose: () => void;
}) {
  // Escape, ✕, a click outside and Cancel ask before throwing typed values away.
  const { requestClose, closeNow, question, reportUnsaved } = useGuardedEditor({
    close: onClose,
    subject: 'The client references have changes that are not saved.',
  });
  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            Edit Client References for {booking.reference}
          </Text>
        }
        centered
      >
        {/* Mounted afresh on each opening, so the form starts from the booking's saved values. */}
        {opened && (
          <ReferencesForm booking={booking} onCancel={requestClose} onSaved={closeNow} onEditedChange={reportUnsaved} />
        )}
      </Modal>
      {question}
    </>
  );
}

function ReferencesForm({
  booking,
  onCancel,
  onSaved,
  onEditedChange,
}: {
  booking: BookingDetails;
  onCancel: () => void;
  onSaved: () => void;
  /** Whether a value differs from the booking's saved one, as it changes. */
  onEditedChange: (edited: boolean) => void;
}) {
  const definitions = useCompanyReferences(booking.companyId);
  const update = useUpdateClientReferences();
  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries(booking.companyReferences.map((reference) => [reference.id, reference.value])),
  );
  const [submitted, setSubmitted] = useState(false);
  // Save was refused for a value past its limit: said under the fields until none is.
  const [saveRefused, setSaveRefused] = useState(false);
  // The server's message for a value it refused, shown on that value until it is changed.
  const [refused, setRefused] = useState<Record<number, string>>({});
  const fields = definitions.data ? fieldsOf(booking, definitions.data) : [];
  const savedValue = (id: number) => booking.companyReferences.find((reference) => reference.id === id)?.value ?? '';
  const edited = Object.entries(values).some(([id, value]) => value !== savedValue(Number(id)));
  useEffect(() => onEditedChange(edited), [edited, onEditedChange]);

  const missing = (id: number) => !(values[id] ?? '').trim();
  // Only typed values have a limit to pass: a chosen option is one the company set up.
  const overLimitOf = (field: Field) =>
    field.options.length > 0 ? undefined : limitOf(values[field.id] ?? '').overLimit;
  const overLimit = fields.some((field) => overLimitOf(field) !== undefined);
  const errorOf = (field: Field) =>
    overLimitOf(field) ?? (submitted && missing(field.id) ? 'Please enter a value.' : refused[field.id]);
  const setValue = (id: number, value: string) => {
    setValues((current) => ({ ...current, [id]: value }));
    setRefused(({ [id]: _changed, ...rest }) => rest);
  };
  const save = () => {
    setSubmitted(true);
    setSaveRefused(overLimit);
    if (overLimit || fields.length === 0 || fields.some((field) => missing(field.id))) return;
    const companyReferences = fields.map((field) => ({ id: field.id, value: (values[field.id] ?? '').trim() }));
    update.mutate(
      { bookingId: booking.id, companyReferences },
      {
        onSuccess: () => {
          toast({ type: 'success', title: 'Booking Reference Updated', message: 'Your changes have been saved.' });
          onSaved();
        },
        onError: (error) => {
          const marked = refusedValues(error, companyReferences);
          setRefused(marked);
          // A refused value is marked on its field; any other refusal says what the server said; only a
          // failure says try again (spec 2's 'Sorry').
          if (Object.keys(marked).length > 0) toast({ ...NOT_SAVED_TOAST, type: 'warn' });
          else if (isRefusal(error)) toast({ type: 'warn', title: 'Not saved', message: error.message });
          else toast({ type: 'error', title: 'Sorry', message: 'Something went wrong. Please try again.' });
        },
      },
    );
  };

  return (
    <>
      {definitions.isPending ? (
        <LoadingState text="Loading References..." />
      ) : definitions.isError ? (
        <Text c="red.9">There was an error loading the references.</Text>
      ) : fields.length === 0 ? (
        <Text>
          {booking.company.name} has no client references to fill in. Add them on the company's References tab.
        </Text>
      ) : (
        <Stack>
          {fields.map((field) =>
            field.options.length > 0 ? (
              <Select
                key={field.id}
                label={field.name}
                styles={WRAP_LABEL}
                data={field.options}
                value={values[field.id] || null}
                onChange={(value) => setValue(field.id, value ?? '')}
                error={errorOf(field)}
                withAsterisk
              />
            ) : (
              <TextInput
                key={field.id}
                label={field.name}
                styles={WRAP_LABEL}
                description={hintWithCount(field.header, limitOf(values[field.id] ?? '').count)}
                value={values[field.id] ?? ''}
                onChange={(event) => setValue(field.id, event.currentTarget.value)}
                error={errorOf(field)}
                withAsterisk
              />
            ),
          )}
          {overLimit && saveRefused && (
            <Text size="sm" c="red.9" role="alert">
              {TOO_LONG_NOT_SAVED}
            </Text>
          )}
        </Stack>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={save} loading={update.isPending} disabled={fields.length === 0}>
          Save
        </Button>
      </Group>
    </>
  );
}
