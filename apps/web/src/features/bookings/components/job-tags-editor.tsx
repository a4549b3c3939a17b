import { Alert, Badge, Button, CloseButton, Group, Select, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { JOB_TAGS, type JobTag } from '@courier/domain/bookings/enums';
import { jobTagLabel } from '@courier/domain/bookings/labels';
import type { BookingJob } from '@courier/domain/bookings/schemas';
import { useSetJobTags } from '@/api/bookings.ts';
import { ApiRequestError } from '@/api/client.ts';
import { PICKER_SELECT } from '@/ui/picker-select.ts';

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t) => b.includes(t));

/** A job's tags as chips, read only (roles that may not tag). */
export function JobTagChips({ tags }: { tags: readonly string[] }) {
  return (
    <Group gap={4}>
      {tags.map((tag) => (
        <Badge key={tag} size="sm" variant="default" tt="none">
          {jobTagLabel(tag)}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * Adds and removes a job's tags (PUT /bookings/tag, the whole list each time). The list's Tags
 * column and the summary's counts reload after a change (useSetJobTags). A refused change keeps
 * the tags the user asked for on screen, marked 'Not saved' with the server's message, to try again
 * or undo: nothing the user did is lost and nothing is saved half.
 *
 * The focus stays in the editor, so the slide-in's Escape and focus trap keep working: while a change
 * saves, the add field is read only and the remove buttons aria-disabled, not disabled (a disabled
 * control drops the focus to the page), and a control that goes away hands the focus on first.
 */
export function JobTagsEditor({ job }: { job: BookingJob }) {
  const save = useSetJobTags();
  const [wanted, setWanted] = useState<string[] | null>(null);
  // The add field's typed search, emptied as it adds a tag: Mantine keeps it while the field's value stays null.
  const [search, setSearch] = useState('');
  const addField = useRef<HTMLInputElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const tags = wanted ?? job.tags;
  const unsaved = wanted !== null && !sameTags(wanted, job.tags);

  const change = (next: string[]) => {
    // One save at a time: each sends the whole list, and two in flight could land in either order.
    if (save.isPending) return;
    setWanted(next);
    save.mutate(
      { jobId: job.id, tags: next.filter((tag): tag is JobTag => (JOB_TAGS as readonly string[]).includes(tag)) },
      // After the booking queries have reloaded (the hook's onSuccess waits for them), the saved tags show.
      { onSuccess: () => setWanted(null) },
    );
  };
  const failure = save.isError
    ? save.error instanceof ApiRequestError
      ? save.error.message
      : 'The tags could not be saved. Check the connection and try again.'
    : null;
  const remove = (tag: string) => {
    if (save.isPending) return;
    // The chip's button goes with it: the focus moves on to what follows it, the next chip's button or the add field.
    const next = tags[tags.indexOf(tag) + 1];
    (next === undefined ? addField.current : removeButtons.current.get(next))?.focus();
    change(tags.filter((other) => other !== tag));
  };

  return (
    <Stack gap={6}>
      <Group gap={6} role="group" aria-label={`Tags of ${job.reference}`}>
        {tags.length === 0 && (
          <Text size="sm" c="dimmed">
            No tags
          </Text>
        )}
        {tags.map((tag) => (
          <Badge
            key={tag}
            size="md"
            variant="default"
            tt="none"
            rightSection={
              <CloseButton
                ref={(button) => {
                  if (!button) return;
                  removeButtons.current.set(tag, button);
                  return () => void removeButtons.current.delete(tag);
                }}
                size="xs"
                aria-label={`Remove tag ${jobTagLabel(tag)}`}
                aria-disabled={save.isPending || undefined}
                data-disabled={save.isPending || undefined}
                onClick={() => remove(tag)}
              />
            }
          >
            {jobTagLabel(tag)}
          </Badge>
        ))}
      </Group>
      <Select
        {...PICKER_SELECT}
        ref={addField}
        aria-label={`Add a tag to ${job.reference}`}
        placeholder="Add a tag..."
        size="xs"
        maw={260}
        searchable
        // Opened by typing, ArrowDown or a click. The focus is put here after a remove: a list popping
        // open then is noise, and would take the next Escape meant for the panel.
        openOnFocus={false}
        searchValue={search}
        onSearchChange={setSearch}
        readOnly={save.isPending}
        data={JOB_TAGS.filter((tag) => !tags.includes(tag)).map((tag) => ({ value: tag, label: jobTagLabel(tag) }))}
        onChange={(tag) => {
          if (!tag || save.isPending) return;
          setSearch('');
          change([...tags, tag]);
        }}
        nothingFoundMessage="No other tags"
      />
      {save.isPending && (
        <Text size="xs" c="dimmed" role="status">
          Saving tags...
        </Text>
      )}
      {failure && unsaved && !save.isPending && (
        <Alert color="red" variant="light" p="xs" role="alert" title="Tags not saved">
          <Text size="sm">{failure}</Text>
          <Group gap="xs" mt={6}>
            {/* The alert goes as either is pressed: the focus goes back to the add field first. */}
            <Button
              size="compact-xs"
              onClick={() => {
                addField.current?.focus();
                change(tags);
              }}
            >
              Try again
            </Button>
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => {
                addField.current?.focus();
                setWanted(null);
                save.reset();
              }}
            >
              Undo
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
