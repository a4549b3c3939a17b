import { Group, Input, NumberInput } from '@mantine/core';
import { useRef, useState, type Ref } from 'react';

export interface TimeValue {
  hour: number;
  minute: number;
}

const two = (value: number) => String(value).padStart(2, '0');

interface TimePartProps {
  label: string;
  text: string;
  valid: boolean;
  onFocus: () => void;
  onBlur: () => void;
  onChange: (text: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/** One two-digit part (hour or minute) of the time input. */
function TimePart({ label, text, valid, onFocus, onBlur, onChange, ref }: TimePartProps) {
  return (
    <NumberInput
      ref={ref}
      aria-label={label}
      w={64}
      hideControls
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      maxLength={2}
      value={text}
      error={!valid}
      onFocus={onFocus}
      onBlur={onBlur}
      onChange={(next) => onChange(String(next))}
    />
  );
}

/**
 * 24-hour time as hour and minute inputs (spec 1 §2 date/time input, type TIME; §5): an invalid hour
 * or minute marks the input invalid and nothing is emitted; after two hour digits focus jumps to the
 * minutes; an input clears on focus.
 */
export function TimeInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: TimeValue;
  onChange: (value: TimeValue) => void;
}) {
  const [hour, setHour] = useState(two(value.hour));
  const [minute, setMinute] = useState(two(value.minute));
  const minuteRef = useRef<HTMLInputElement>(null);
  // A value from outside (a saved schedule) replaces the texts; one this input emitted already matches
  // them, so typing is never interrupted ('adjust state when a prop changes', no remount).
  const [seen, setSeen] = useState(value);
  if (seen.hour !== value.hour || seen.minute !== value.minute) {
    setSeen(value);
    if (Number(hour) !== value.hour || Number(minute) !== value.minute) {
      setHour(two(value.hour));
      setMinute(two(value.minute));
    }
  }
  const hourValid = /^\d{1,2}$/.test(hour) && Number(hour) <= 23;
  const minuteValid = /^\d{1,2}$/.test(minute) && Number(minute) <= 59;

  const emit = (nextHour: string, nextMinute: string) => {
    const h = /^\d{1,2}$/.test(nextHour) ? Number(nextHour) : NaN;
    const m = /^\d{1,2}$/.test(nextMinute) ? Number(nextMinute) : NaN;
    if (h >= 0 && h <= 23 && m >= 0 && m <= 59 && (h !== value.hour || m !== value.minute))
      onChange({ hour: h, minute: m });
  };

  return (
    <Input.Wrapper label={label} error={!hourValid || !minuteValid ? 'Enter a time from 00:00 to 23:59.' : undefined}>
      <Group gap={4} wrap="nowrap" align="center">
        <TimePart
          label={`${label} hour`}
          text={hour}
          valid={hourValid}
          onFocus={() => setHour('')}
          onBlur={() => hour === '' && setHour(two(value.hour))}
          onChange={(text) => {
            setHour(text);
            emit(text, minute);
            if (text.length === 2) minuteRef.current?.focus();
          }}
        />
        <span aria-hidden="true">:</span>
        <TimePart
          ref={minuteRef}
          label={`${label} minute`}
          text={minute}
          valid={minuteValid}
          onFocus={() => setMinute('')}
          onBlur={() => minute === '' && setMinute(two(value.minute))}
          onChange={(text) => {
            setMinute(text);
            emit(hour, text);
          }}
        />
      </Group>
    </Input.Wrapper>
  );
}
