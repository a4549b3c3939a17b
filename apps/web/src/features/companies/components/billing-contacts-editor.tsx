import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { billingContactSchema, type BillingContact } from '@courier/domain/companies/settings';
import { textLimitOf } from '@/ui/text-limit.ts';
import { useHeldField } from './autosave-fields.tsx';
import { useDelayedSave } from './use-delayed-save.ts';

/** The contact's texts with a limit in the server's schema. */
type LimitedField = 'name' | 'phone';
const limitOf = (contact: BillingContact, field: LimitedField) =>
  textLimitOf(billingContactSchema.shape[field], contact[field]);
const isOverLimit = (contacts: readonly BillingContact[]) =>
  contacts.some((contact) =>
    (['name', 'phone'] as const).some((field) => limitOf(contact, field).overLimit !== undefined),
  );

/** The inputs of a contact the server may name in a refusal ('0.email'). */
type ContactField = 'name' | 'phone' | 'email';

/**
 * Billing contacts, saved 1000 ms after the last change (spec 1 §9), or at once as the page goes. A
 * contact without an e-mail is kept on screen but not saved (spec 1 §5). A name or phone past its
 * limit is kept as typed and marked; the list is then not sent at all (it is saved whole), and leaving
 * the tab asks first, as for the other fields. `errors` holds the server's
 * messages by the path it named inside the list ('0.email' marks that contact's Email; '' is about the
 * whole list).
 */
export function BillingContactsEditor({
  value,
  onSave,
  errors,
}: {
  value: BillingContact[];
  onSave: (contacts: BillingContact[]) => void;
  errors: Record<string, string>;
}) {
  const fieldError = (index: number, field: ContactField) => errors[`${index}.${field}`];
  // Anything not named on an input (the list's length, a whole contact) shows below the list.
  const listError = Object.entries(errors).find(([path]) => !/^\d+\.(name|phone|email)$/.test(path))?.[1];
  const [contacts, setContacts] = useState<BillingContact[]>(value);
  const { schedule, flush } = useDelayedSave(onSave);
  // Leaving the tab sends a contact typed just before, like the other fields; the server judges it.
  useHeldField({ flush, refused: () => isOverLimit(contacts) });
  const change = (next: BillingContact[]) => {
    setContacts(next);
    if (!isOverLimit(next)) schedule(next);
  };
  /** A limited text's props: its count near and past the limit, and past it the schema's message. */
  const limited = (contact: BillingContact, index: number, field: LimitedField) => {
    const { count, overLimit } = limitOf(contact, field);
    return { description: count, error: overLimit ?? fieldError(index, field) };
  };
  const update = (index: number, patch: Partial<BillingContact>) =>
    change(contacts.map((contact, i) => (i === index ? { ...contact, ...patch } : contact)));

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Billing contacts
      </Text>
      {contacts.length === 0 && (
        <Text size="sm" c="dimmed">
          No billing contacts
        </Text>
      )}
      {contacts.map((contact, index) => (
        <Paper withBorder p="xs" key={index}>
          <Stack gap={6}>
            <Group grow gap="xs" align="flex-start">
              <TextInput
                label="Name"
                size="xs"
                {...limited(contact, index, 'name')}
                value={contact.name}
                onChange={(event) => update(index, { name: event.currentTarget.value })}
              />
              <TextInput
                label="Phone"
                size="xs"
                {...limited(contact, index, 'phone')}
                value={contact.phone}
                onChange={(event) => update(index, { phone: event.currentTarget.value })}
              />
            </Group>
            <TextInput
              label="Email"
              size="xs"
              type="email"
              error={fieldError(index, 'email')}
              value={contact.email}
              description={contact.email.trim() ? undefined : 'A contact without an email is not saved.'}
              onChange={(event) => update(index, { email: event.currentTarget.value })}
            />
            <Group justify="space-between">
              <Group gap="md">
                <Checkbox
                  size="xs"
                  label="Ground invoices"
                  checked={contact.groundInvoices}
                  onChange={(event) => update(index, { groundInvoices: event.currentTarget.checked })}
                />
                <Checkbox
                  size="xs"
                  label="Overnight invoices"
                  checked={contact.overnightInvoices}
                  onChange={(event) => update(index, { overnightInvoices: event.currentTarget.checked })}
                />
              </Group>
              <ActionIcon
                variant="subtle"
                color="red.9"
                aria-label={`Remove contact ${contact.name || index + 1}`}
                onClick={() => change(contacts.filter((_, i) => i !== index))}
              >
                ✕
              </ActionIcon>
            </Group>
          </Stack>
        </Paper>
      ))}
      {listError && (
        <Text size="sm" c="red.9" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button
          size="xs"
          variant="light"
          onClick={() =>
            change([...contacts, { name: '', email: '', phone: '', groundInvoices: true, overnightInvoices: true }])
          }
        >
          Add billing contact
        </Button>
      </Group>
    </Stack>
  );
}
