import { Group, Input, Select } from '@mantine/core';
import { useState } from 'react';
import {
  dateDropdownDays,
  dublinTimeOf,
  dublinToday,
  formatDay,
  instantOfDublinTime,
  type WallTime,
} from '@courier/domain/common/calendar-days';
import { DayInput } from './day-input.tsx';
import { TimeInput, type TimeValue } from './time-input.tsx';

/** The date/time input's types (spec 1 §2 'Shared widgets'). */
export type DateTimeInputType = 'TIME' | 'DATE' | 'DATE_FULL' | 'DATE_AND_TIME';

const two = (value: number) => String(value).padStart(2, '0');
const timeText = ({ hour, minute }: TimeValue) => `${two(hour)}:${two(minute)}`;
function timeOf(text: string | undefined): TimeValue {
  const [hour, minute] = (text ?? '00:00').split(':').map(Number);
  return { hour: hour ?? 0, minute: minute ?? 0 };
}

const EARLIER_THAN_NOW = 'Choose a time from now on.';

interface DateTimeInputProps {
  type: DateTimeInputType;
  label: string;
  /**
   * TIME: HH:mm. DATE_FULL: yyyy-MM-dd. DATE and DATE_AND_TIME: an ISO instant, a day and time in
   * Dublin. Undefined when empty.
   */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** DATE: the dropdown goes back from today (Today, Yesterday, ...) and earlier times are allowed. */
  backwards?: boolean;
  /** DATE_FULL and DATE_AND_TIME: a further rule for a readable day, its message or undefined. */
  check?: (day: string) => string | undefined;
  /** DATE_FULL: told the text the field refuses while its message shows, then undefined (DayInput). */
  onRefusedChange?: (typed: string | undefined) => void;
  /** The clock, for tests of the earlier-than-now rule. */
  now?: () => Date;
}

/**
 * The date/time input of spec 1 §2 and spec 2 §2: TIME is hour and minute; DATE a dropdown of 8
 * days (Today, Tomorrow or Yesterday, then 'Wed 25') with hour and minute; DATE_FULL a typed
 * dd/MM/yy day with a 'Choose date' modal; DATE_AND_TIME the typed day with hour and minute. An
 * invalid value is never emitted (spec 2 §5): hours 0–23, minutes 0–59, and with DATE a time
 * earlier than now unless backwards. Every type but TIME has a clear button when set.
 */
export function DateTimeInput(props: DateTimeInputProps) {
  const { type, label, value, onChange, check, onRefusedChange } = props;
  if (type === 'DATE_FULL')
    return <DayInput label={label} value={value} onChange={onChange} check={check} onRefusedChange={onRefusedChange} />;
  if (type === 'TIME')
    return <TimeInput label={label} value={timeOf(value)} onChange={(time) => onChange(timeText(time))} />;
  return <DayAndTimeInput {...props} />;
}

/** DATE and DATE_AND_TIME: a day (dropdown or typed) and a time, emitted together as one instant. */
function DayAndTimeInput({
  type,
  label,
  value,
  onChange,
  backwards = false,
  check,
  now = () => new Date(),
}: DateTimeInputProps) {
  const fromValue = (): Partial<WallTime> => (value ? dublinTimeOf(new Date(value)) : {});
  const [draft, setDraft] = useState(fromValue);
  const [error, setError] = useState<string | undefined>();
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(fromValue());
    setError(undefined);
  }

  const take = (next: Partial<WallTime>) => {
    setDraft(next);
    if (next.day === undefined) {
      setError(undefined);
      if (value !== undefined) onChange(undefined);
      return;
    }
    const instant = instantOfDublinTime({ day: next.day, hour: next.hour ?? 0, minute: next.minute ?? 0 });
    // spec 2 §5: with DATE an earlier-than-now value is not emitted unless backwards mode is on.
    if (type === 'DATE' && !backwards && instant.getTime() < now().getTime()) {
      setError(EARLIER_THAN_NOW);
      return;
    }
    setError(undefined);
    if (instant.toISOString() !== value) onChange(instant.toISOString());
  };
  const time = { hour: draft.hour ?? 0, minute: draft.minute ?? 0 };
  const today = dublinToday(now());
  const days = dateDropdownDays({ today, backwards });
  if (draft.day && !days.some((option) => option.day === draft.day))
    days.unshift({ day: draft.day, label: formatDay(draft.day) });

  return (
    <Input.Wrapper label={label} error={error}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        {type === 'DATE' ? (
          <Select
            aria-label={`${label} day`}
            placeholder="Day"
            w={140}
            data={days.map((option) => ({ value: option.day, label: option.label }))}
            value={draft.day ?? null}
            onChange={(day) => take({ ...time, day: day ?? undefined })}
            clearable
            clearButtonProps={{ 'aria-label': `Clear ${label}` }}
          />
        ) : (
          <DayInput
            label={`${label} day`}
            value={draft.day}
            check={check}
            today={today}
            onChange={(day) => take({ ...time, day })}
          />
        )}
        <TimeInput label={`${label} time`} value={time} onChange={(next) => take({ ...draft, ...next })} />
      </Group>
    </Input.Wrapper>
  );
}
