import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { BookingDetails } from '@courier/domain/bookings/schemas';
import type { CompanyReference } from '@courier/domain/companies/references';
import { useUpdateClientReferences } from '@/api/bookings.ts';
import { useCompanyReferences } from '@/api/company-references.ts';
import { LoadingState } from '@/ui/list-states.tsx';
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

/** 'Edit Client References for {reference}' (spec 2 §2): every value is required (spec 2 §5). */
/** A reference name of up to 100 characters wraps rather than widening the dialog. */
const WRAP_LABEL = { label: { overflowWrap: 'anywhere' as const } };

export function EditClientReferencesModal({
  booking,
  opened,
  onClose,
}: {
  booking: BookingDetails;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          Edit Client References for {booking.reference}
        </Text>
      }
      centered
    >
      {/* Mounted afresh on each opening, so the form starts from the booking's saved values. */}
      {opened && <ReferencesForm booking={booking} onClose={onClose} />}
    </Modal>
  );
}

function ReferencesForm({ booking, onClose }: { booking: BookingDetails; onClose: () => void }) {
  const definitions = useCompanyReferences(booking.companyId);
  const update = useUpdateClientReferences();
  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries(booking.companyReferences.map((reference) => [reference.id, reference.value])),
  );
  const [submitted, setSubmitted] = useState(false);
  const fields = definitions.data ? fieldsOf(booking, definitions.data) : [];

  const missing = (id: number) => !(values[id] ?? '').trim();
  const save = () => {
    setSubmitted(true);
    if (fields.length === 0 || fields.some((field) => missing(field.id))) return;
    update.mutate(
      {
        bookingId: booking.id,
        companyReferences: fields.map((field) => ({ id: field.id, value: (values[field.id] ?? '').trim() })),
      },
      {
        onSuccess: () => {
          toast({ type: 'success', title: 'Booking Reference Updated', message: 'Your changes have been saved.' });
          onClose();
        },
        onError: () => toast({ type: 'error', title: 'Sorry', message: 'Something went wrong. Please try again.' }),
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
                onChange={(value) => setValues((current) => ({ ...current, [field.id]: value ?? '' }))}
                error={submitted && missing(field.id) ? 'Please enter a value.' : undefined}
                withAsterisk
              />
            ) : (
              <TextInput
                key={field.id}
                label={field.name}
                styles={WRAP_LABEL}
                description={field.header}
                value={values[field.id] ?? ''}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  setValues((current) => ({ ...current, [field.id]: text }));
                }}
                error={submitted && missing(field.id) ? 'Please enter a value.' : undefined}
                withAsterisk
              />
            ),
          )}
        </Stack>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save} loading={update.isPending} disabled={fields.length === 0}>
          Save
        </Button>
      </Group>
    </>
  );
}
