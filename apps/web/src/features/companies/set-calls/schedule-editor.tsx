import { Checkbox, Chip, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  DAY_NAMES,
  SCHEDULE_DAYS,
  WEEK_LABELS,
  WEEKS_OF_MONTH,
  describeScheduleEntry,
  toggleScheduleDay,
  toggleScheduleWeek,
  withScheduleType,
  type ScheduleEntry,
} from '@courier/domain/companies/set-call-schedule';
import { TimeInput } from '@/ui/time-input.tsx';

/** Schedule time changes wait 1000 ms before saving (spec 1 §9). */
const TIME_SAVE_DELAY_MS = 1000;

/**
 * Schedule editor (spec 1 §3, §4): Monday to Friday; each day nth (weeks 1st–5th) or last, at a
 * 24-hour time. A newly ticked day is nth, all five weeks, 09:00.
 */
export function ScheduleEditor({
  setCallId,
  schedule,
  onSave,
  disabled,
}: {
  setCallId: number;
  schedule: ScheduleEntry[];
  onSave: (schedule: ScheduleEntry[]) => void;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState(schedule);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The schedule not saved yet: waiting for its delay, or held while a time is invalid.
  const unsaved = useRef<ScheduleEntry[] | null>(null);
  const [invalidDays, setInvalidDays] = useState<ReadonlySet<number>>(new Set());
  // A saved schedule from the server replaces the draft (React's 'adjust state when a prop changes'),
  // unless an edit is still unsaved: an answer to an earlier save must not undo it.
  const [saved, setSaved] = useState(schedule);
  const [pending, setPending] = useState(false);
  if (saved !== schedule) {
    setSaved(schedule);
    if (!pending) setDraft(schedule);
  }
  const save = useRef(onSave);
  useEffect(() => {
    save.current = onSave;
  });
  // Closing the editor (leaving the tab or the company) saves a time still waiting for its delay.
  useEffect(
    () => () => {
      if (!timer.current) return;
      clearTimeout(timer.current);
      if (unsaved.current) save.current(unsaved.current);
    },
    [],
  );

  const stopTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const saveNow = (next: ScheduleEntry[]) => {
    stopTimer();
    unsaved.current = null;
    setPending(false);
    onSave(next);
  };
  const hasInvalidTime = (entries: ScheduleEntry[], invalid: ReadonlySet<number>) =>
    entries.some((entry) => invalid.has(entry.dayOfWeek));

  /** Nothing is saved while a time is invalid: the edit waits until every time is valid again. */
  const commit = (next: ScheduleEntry[], delayed = false, invalid = invalidDays) => {
    setDraft(next);
    stopTimer();
    unsaved.current = next;
    setPending(true);
    if (hasInvalidTime(next, invalid)) return;
    if (!delayed) return saveNow(next);
    timer.current = setTimeout(() => saveNow(next), TIME_SAVE_DELAY_MS);
  };
  const updateEntry = (dayOfWeek: number, change: (entry: ScheduleEntry) => ScheduleEntry, delayed = false) =>
    commit(
      draft.map((entry) => (entry.dayOfWeek === dayOfWeek ? change(entry) : entry)),
      delayed,
    );
  const setTimeValid = (dayOfWeek: number, valid: boolean) => {
    if (valid === !invalidDays.has(dayOfWeek)) return;
    const next = new Set(invalidDays);
    if (valid) next.delete(dayOfWeek);
    else next.add(dayOfWeek);
    setInvalidDays(next);
    if (!valid) stopTimer();
    else if (unsaved.current) commit(unsaved.current, true, next);
  };

  return (
    <Stack gap="xs" aria-label={`Schedule of set call ${setCallId}`} role="group">
      <Text size="sm" fw={600}>
        Schedule
      </Text>
      {SCHEDULE_DAYS.map((day) => {
        const entry = draft.find((candidate) => candidate.dayOfWeek === day);
        return (
          <Group key={day} gap="md" align="center" wrap="wrap" mih={36}>
            <Checkbox
              w={110}
              label={DAY_NAMES[day]}
              checked={Boolean(entry)}
              disabled={disabled}
              onChange={() => commit(toggleScheduleDay(draft, day))}
            />
            {entry && (
              <>
                <SegmentedControl
                  size="xs"
                  disabled={disabled}
                  aria-label={`${DAY_NAMES[day]} weeks or last`}
                  value={entry.type === 'last' ? 'last' : 'nth'}
                  data={[
                    { value: 'nth', label: 'Weeks' },
                    { value: 'last', label: 'Last' },
                  ]}
                  onChange={(type) => updateEntry(day, (current) => withScheduleType(current, type as 'nth' | 'last'))}
                />
                {entry.type === 'nth' && (
                  <Group gap={4} role="group" aria-label={`${DAY_NAMES[day]} weeks of the month`}>
                    {WEEKS_OF_MONTH.map((week) => (
                      <Chip
                        key={week}
                        size="xs"
                        disabled={disabled}
                        checked={entry.options.includes(week)}
                        onChange={() => updateEntry(day, (current) => toggleScheduleWeek(current, week))}
                      >
                        {WEEK_LABELS[week]}
                      </Chip>
                    ))}
                  </Group>
                )}
                <TimeInput
                  label={`${DAY_NAMES[day]} collection time`}
                  value={entry.collectionTime}
                  onChange={(collectionTime) => updateEntry(day, (current) => ({ ...current, collectionTime }), true)}
                  onValidityChange={(valid) => setTimeValid(day, valid)}
                />
                <Text size="xs" c="dimmed">
                  {describeScheduleEntry(entry)}
                </Text>
              </>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
