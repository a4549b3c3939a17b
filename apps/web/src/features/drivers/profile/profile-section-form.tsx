import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import {
  driverProfileSectionSchemas,
  type DriverProfileSection,
  type DriverProfileSections,
} from '@courier/domain/drivers/profile';
import type { z } from 'zod';
import { ApiRequestError } from '@/api/client.ts';
import type { useSaveDriverProfile } from '@/api/drivers.ts';
import { NOT_SAVED_TOAST } from '@/api/error-messages.ts';
import { ReportedDayField, useRefusedDays } from '@/ui/refused-days.tsx';
import { toast } from '@/ui/toast.ts';
import { textLimitOf } from '@/ui/text-limit.ts';
import { useReportUnsaved } from '@/ui/unsaved-changes.tsx';
import { PROFILE_SECTIONS, type ProfileField } from './profile-fields.ts';

type FieldValue = string | boolean | null;

/** The count and over-limit message of a section's text field, from the domain schema (the server's own). */
function limitOf(section: DriverProfileSection, key: string, text: string): ReturnType<typeof textLimitOf> {
  const shape = driverProfileSectionSchemas[section].shape as Record<string, z.ZodType>;
  const field = shape[key];
  return field ? textLimitOf(field, text) : {};
}

/** The first message of each field the section's schema refuses, by field key. */
function problemsOf(section: DriverProfileSection, values: unknown): Map<string, string> {
  const parsed = driverProfileSectionSchemas[section].safeParse(values);
  const problems = new Map<string, string>();
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!problems.has(key)) problems.set(key, issue.message);
  }
  return problems;
}

/**
 * One section of a driver's profile with its own Save (as the equipment and pay settings sections
 * have): the section's schema checks the fields before anything is sent, and a refused save (400)
 * marks the fields the server named with its messages. A day field showing a text it refuses holds
 * back the Save too: the value here is still the last day it took (or none), not what it shows.
 */
export function ProfileSectionForm<S extends DriverProfileSection>({
  section,
  saved,
  save,
}: {
  section: S;
  saved: DriverProfileSections[S];
  save: ReturnType<typeof useSaveDriverProfile>;
}) {
  const { title, fields } = PROFILE_SECTIONS[section];
  const [values, setValues] = useState<DriverProfileSections[S]>(saved);
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const [changed, setChanged] = useState(false);
  useReportUnsaved(changed);
  const refusedDays = useRefusedDays(setChanged);
  const formRef = useRef<HTMLFormElement>(null);
  // The mutation is shared by the eight sections: only this section's call is shown here.
  const ownCall = save.variables !== undefined && section in save.variables;
  const failure = save.error instanceof ApiRequestError && ownCall ? save.error : undefined;
  const valueOf = (key: string): FieldValue => (values as Record<string, FieldValue>)[key] ?? null;
  const messageOf = (key: string) => problems.get(key) ?? failure?.fieldMessage(`${section}.${key}`);
  const set = (key: string, value: FieldValue) => {
    setValues((current) => ({ ...current, [key]: value }));
    setChanged(true);
    setProblems((current) => {
      if (!current.has(key)) return current;
      const next = new Map(current);
      next.delete(key);
      return next;
    });
  };

  const submit = () => {
    const found = problemsOf(section, values);
    setProblems(found);
    // Nothing is sent while a day field refuses what was typed: the focus goes to the first such field,
    // its message beside it, and the text stays for the user to correct.
    if (refusedDays.focusFirst(formRef.current)) return;
    if (found.size > 0) return;
    save.mutate(
      { [section]: driverProfileSectionSchemas[section].parse(values) },
      {
        onSuccess: () => toast({ title: 'Profile saved', message: `${title} has been saved.`, type: 'success' }),
        onError: (error) =>
          error instanceof ApiRequestError && error.status === 400
            ? toast({ ...NOT_SAVED_TOAST, type: 'error' })
            : toast({ title: 'Profile not saved', message: error.message, type: 'error' }),
      },
    );
  };

  const input = (field: ProfileField<S>) => {
    const value = valueOf(field.key);
    if (field.kind === 'flag')
      return (
        <Checkbox
          key={field.key}
          label={field.label}
          checked={value === true}
          error={messageOf(field.key)}
          onChange={(event) => set(field.key, event.currentTarget.checked)}
        />
      );
    if (field.kind === 'day')
      return (
        <ReportedDayField
          key={field.key}
          fieldKey={field.key}
          label={field.label}
          century={field.century}
          value={typeof value === 'string' ? value : undefined}
          message={messageOf(field.key)}
          onChange={(day) => set(field.key, day ?? null)}
          onRefusedChange={refusedDays.report}
        />
      );
    const text = typeof value === 'string' ? value : '';
    // Text past the limit is kept and refused at the field, never cut by a maxlength.
    const { count, overLimit } = limitOf(section, field.key, text);
    return (
      <TextInput
        key={field.key}
        label={field.label}
        type={field.kind === 'phone' ? 'tel' : 'text'}
        placeholder={field.placeholder}
        value={text}
        description={count}
        error={overLimit ?? messageOf(field.key)}
        onChange={(event) => set(field.key, event.currentTarget.value)}
      />
    );
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {fields.filter((field) => field.kind !== 'flag').map(input)}
        </SimpleGrid>
        {fields.some((field) => field.kind === 'flag') && (
          <Stack gap="xs">{fields.filter((field) => field.kind === 'flag').map(input)}</Stack>
        )}
        {failure && !fields.some((field) => failure.fieldMessage(`${section}.${field.key}`)) && (
          <Alert color="red" variant="light" title="Not saved" role="alert">
            {failure.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending && ownCall} disabled={!changed}>
            Save {title.toLowerCase()}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
