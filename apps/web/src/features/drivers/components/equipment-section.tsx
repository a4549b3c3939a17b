import { Alert, Autocomplete, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useReportUnsaved } from '@/ui/unsaved-changes.tsx';
import { dublinToday } from '@courier/domain/common/calendar-days';
import { EQUIPMENT_SUGGESTIONS } from '@courier/domain/drivers/enums';
import {
  equipmentEntryProblems,
  equipmentGivenDateRefusal,
  isEquipmentOutstanding,
  newEquipmentEntry,
  returnEquipment,
  type DriverProblem,
  type EquipmentEntryInput,
} from '@courier/domain/drivers/rules';
import { equipmentEntryBodySchema, MAX_EQUIPMENT_ENTRIES, type EquipmentEntry } from '@courier/domain/drivers/schemas';
import { ApiRequestError } from '@/api/client.ts';
import { useEquipment, useSaveEquipment } from '@/api/drivers.ts';
import { ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { ReportedDayField, useRefusedDays } from '@/ui/refused-days.tsx';
import { textLimitOf, TOO_LONG_NOT_SAVED } from '@/ui/text-limit.ts';
import { toast } from '@/ui/toast.ts';

/** An entry as edited here: the server's id when it has one, a local key for React. */
interface EditedEntry extends EquipmentEntryInput {
  key: string;
  id: number | null;
}

type EntryField = keyof EquipmentEntryInput;
type TextField = 'type' | 'serialNumber' | 'givenBy' | 'notes';
const TEXT_FIELDS: readonly TextField[] = ['type', 'serialNumber', 'givenBy', 'notes'];

/**
 * A text's limit, from the server's schema: a long paste is kept whole, counted and marked at once,
 * never cut by a maxlength; Save sends nothing while one is past it.
 */
const limitOf = (entry: EquipmentEntryInput, field: TextField) =>
  textLimitOf(equipmentEntryBodySchema.shape[field], entry[field] ?? '');
const isOverLimit = (entry: EquipmentEntryInput) =>
  TEXT_FIELDS.some((field) => limitOf(entry, field).overLimit !== undefined);

let nextKey = 0;
const editedOf = (entry: EquipmentEntry): EditedEntry => ({
  key: `saved-${entry.id}`,
  id: entry.id,
  type: entry.type,
  serialNumber: entry.serialNumber,
  givenDate: entry.givenDate,
  givenBy: entry.givenBy,
  returnedDate: entry.returnedDate,
  notes: entry.notes,
});

/** The body of PUT /drivers/{id}/equipment: only the fields the server takes (its body is strict). */
const bodyOf = (entries: EditedEntry[]) =>
  entries.map((entry) => ({
    id: entry.id,
    type: entry.type.trim(),
    serialNumber: entry.serialNumber.trim(),
    givenDate: entry.givenDate,
    givenBy: entry.givenBy.trim(),
    returnedDate: entry.returnedDate ?? null,
    notes: (entry.notes ?? '').trim(),
  }));

/** The equipment register of one driver (spec 2 §3 'Driver equipment', §4, §5). */
export function EquipmentSection({ driverId }: { driverId: number }) {
  const equipment = useEquipment(driverId);
  // Held here: the editor starts again from each saved register, and the save's toast must outlive it.
  const save = useSaveEquipment(driverId);
  if (equipment.isPending) return <LoadingState text="Loading Equipment..." />;
  if (equipment.isError) return <ErrorState onRetry={() => void equipment.refetch()} />;
  return <EquipmentEditor key={equipment.dataUpdatedAt} save={save} saved={equipment.data} />;
}

function EquipmentEditor({ save, saved }: { save: ReturnType<typeof useSaveEquipment>; saved: EquipmentEntry[] }) {
  const [entries, setEntries] = useState(() => saved.map(editedOf));
  const [problems, setProblems] = useState<Map<string, DriverProblem[]>>(new Map());
  const [changed, setChanged] = useState(false);
  useReportUnsaved(changed);
  // The day fields refusing a text, by entry key and field ('3.givenDate').
  const refusedDays = useRefusedDays(setChanged);
  const registerRef = useRef<HTMLDivElement>(null);
  // Save was refused for a text past its limit: said beside Save until none is.
  const [saveRefused, setSaveRefused] = useState(false);
  const overLimit = entries.some(isOverLimit);
  const failure = save.error instanceof ApiRequestError ? save.error : undefined;

  const change = (key: string, update: (entry: EditedEntry) => EditedEntry) => {
    setEntries((current) => current.map((entry) => (entry.key === key ? update(entry) : entry)));
    setChanged(true);
  };
  const messageOf = (entry: EditedEntry, index: number, field: EntryField) =>
    problems.get(entry.key)?.find((problem) => problem.field === field)?.message ??
    failure?.fieldMessage(`${index}.${field}`);

  const submit = () => {
    const found = new Map<string, DriverProblem[]>();
    for (const entry of entries) {
      const entryProblems = equipmentEntryProblems(entry);
      if (entryProblems.length > 0) found.set(entry.key, entryProblems);
    }
    setProblems(found);
    setSaveRefused(overLimit);
    // Nothing is sent while a day field refuses what was typed: the entry still holds the last day it
    // took (or none). The focus goes to the first such field, its message beside it, the text kept.
    if (refusedDays.focusFirst(registerRef.current)) return;
    if (found.size > 0 || overLimit) return;
    save.mutate(bodyOf(entries), {
      onSuccess: () => toast({ title: 'Equipment saved', message: 'The equipment register has been saved.' }),
      onError: (error) => toast({ title: 'Equipment not saved', message: error.message, type: 'error' }),
    });
  };

  return (
    <Stack gap="sm" ref={registerRef}>
      {entries.length === 0 && <Text c="gray.8">No equipment given to this driver.</Text>}
      {entries.map((entry, index) => {
        const text = (field: TextField) => {
          const { count, overLimit: tooLong } = limitOf(entry, field);
          return { value: entry[field] ?? '', description: count, error: tooLong ?? messageOf(entry, index, field) };
        };
        const outstanding = isEquipmentOutstanding({ returnedDate: entry.returnedDate ?? null });
        const name = entry.type.trim() || 'New equipment';
        return (
          <Paper
            key={entry.key}
            withBorder
            p="sm"
            role="group"
            aria-label={`Equipment ${index + 1}: ${name}`}
            data-equipment-entry
          >
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{name}</Text>
              {outstanding ? (
                <Badge color="blue.9" variant="filled" size="sm" tt="none">
                  On loan
                </Badge>
              ) : (
                <Badge color="gray.7" variant="filled" size="sm" tt="none">
                  Returned
                </Badge>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Autocomplete
                label="Type"
                required
                data={[...EQUIPMENT_SUGGESTIONS]}
                {...text('type')}
                onChange={(value) => change(entry.key, (current) => ({ ...current, type: value }))}
              />
              <TextInput
                label="Serial number"
                required
                {...text('serialNumber')}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  change(entry.key, (current) => ({ ...current, serialNumber: value }));
                }}
              />
              <TextInput
                label="Given by"
                required
                {...text('givenBy')}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  change(entry.key, (current) => ({ ...current, givenBy: value }));
                }}
              />
              <ReportedDayField
                fieldKey={`${entry.key}.givenDate`}
                label="Date given"
                check={(day) => equipmentGivenDateRefusal(day)}
                value={entry.givenDate ?? undefined}
                message={messageOf(entry, index, 'givenDate')}
                onChange={(day) => change(entry.key, (current) => ({ ...current, givenDate: day ?? null }))}
                onRefusedChange={refusedDays.report}
              />
              <ReportedDayField
                fieldKey={`${entry.key}.returnedDate`}
                label="Returned"
                value={entry.returnedDate ?? undefined}
                message={messageOf(entry, index, 'returnedDate')}
                onChange={(day) => change(entry.key, (current) => ({ ...current, returnedDate: day ?? null }))}
                onRefusedChange={refusedDays.report}
              />
              <TextInput
                label="Notes"
                {...text('notes')}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  change(entry.key, (current) => ({ ...current, notes: value }));
                }}
              />
            </SimpleGrid>
            <Group justify="flex-end" mt="xs" gap="xs">
              {outstanding && (
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Return ${name}`}
                  onClick={() => change(entry.key, (current) => returnEquipment(current, dublinToday()))}
                >
                  Return
                </Button>
              )}
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                aria-label={`Delete ${name}`}
                onClick={() => {
                  setEntries((current) => current.filter((candidate) => candidate.key !== entry.key));
                  setChanged(true);
                }}
              >
                Delete
              </Button>
            </Group>
          </Paper>
        );
      })}
      {failure && (
        <Alert color="red" variant="light" title="Not saved" role="alert">
          {failure.message}
        </Alert>
      )}
      {overLimit && saveRefused && (
        <Text size="sm" c="red.9" role="alert">
          {TOO_LONG_NOT_SAVED}
        </Text>
      )}
      <Group justify="space-between">
        <Button
          variant="default"
          disabled={entries.length >= MAX_EQUIPMENT_ENTRIES}
          onClick={() => {
            nextKey += 1;
            setEntries((current) => [
              ...current,
              { key: `new-${nextKey}`, id: null, ...newEquipmentEntry(dublinToday()) },
            ]);
            setChanged(true);
          }}
        >
          Add equipment
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={!changed}>
          Save equipment
        </Button>
      </Group>
    </Stack>
  );
}
