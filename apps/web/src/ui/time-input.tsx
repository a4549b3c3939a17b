import { Group, Input, NumberInput } from '@mantine/core';
import { useEffect, useRef, useState, type Ref } from 'react';

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
  /** With the input's text as it is now: a blur caused by the jump to the minutes comes before React re-renders. */
  onBlur: (text: string) => void;
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
      // In the focus event itself: the number input calls its onFocus a timer later, and a key
      // typed before that timer (a busy or background tab) would be lost by the late clear.
      onFocusCapture={onFocus}
      onBlur={(event) => onBlur(event.currentTarget.value)}
      onChange={(next) => onChange(String(next))}
    />
  );
}

/** A part's text is acceptable: empty while being typed (it clears on focus), else 1–2 digits up to `max`. */
const partValid = (text: string, max: number) => text === '' || (/^\d{1,2}$/.test(text) && Number(text) <= max);

/**
 * 24-hour time as hour and minute inputs (spec 1 §2 date/time input, type TIME; §5): an invalid hour
 * or minute marks the input invalid and nothing is emitted; after two hour digits focus jumps to the
 * minutes; an input clears on focus. A part is emitted once it has two digits or loses focus, so the
 * '2' of '25' is never taken for 02:00. `onValidityChange` tells the form when the input turns
 * invalid or valid again, so it can hold its saves meanwhile.
 */
export function TimeInput({
  label,
  value,
  onChange,
  onValidityChange,
}: {
  label: string;
  value: TimeValue;
  onChange: (value: TimeValue) => void;
  onValidityChange?: (valid: boolean) => void;
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
  const hourValid = partValid(hour, 23);
  const minuteValid = partValid(minute, 59);
  const valid = hourValid && minuteValid;
  const reportValidity = useRef(onValidityChange);
  useEffect(() => {
    reportValidity.current = onValidityChange;
  });
  useEffect(() => reportValidity.current?.(valid), [valid]);

  const emit = (nextHour: string, nextMinute: string) => {
    if (nextHour === '' || nextMinute === '' || !partValid(nextHour, 23) || !partValid(nextMinute, 59)) return;
    const h = Number(nextHour);
    const m = Number(nextMinute);
    if (h !== value.hour || m !== value.minute) onChange({ hour: h, minute: m });
  };

  return (
    <Input.Wrapper label={label} error={valid ? undefined : 'Enter a time from 00:00 to 23:59.'}>
      <Group gap={4} wrap="nowrap" align="center">
        <TimePart
          label={`${label} hour`}
          text={hour}
          valid={hourValid}
          onFocus={() => setHour('')}
          onBlur={(text) => {
            if (text === '') setHour(two(value.hour));
            else emit(text, minute);
          }}
          onChange={(text) => {
            setHour(text);
            if (text.length < 2) return;
            emit(text, minute);
            // After React has rendered the new text: a blur inside this change makes the number input
            // re-emit its previous value ('2' of '25'), which would then be taken as the hour.
            setTimeout(() => minuteRef.current?.focus());
          }}
        />
        <span aria-hidden="true">:</span>
        <TimePart
          ref={minuteRef}
          label={`${label} minute`}
          text={minute}
          valid={minuteValid}
          onFocus={() => setMinute('')}
          onBlur={(text) => {
            if (text === '') setMinute(two(value.minute));
            else emit(hour, text);
          }}
          onChange={(text) => {
            setMinute(text);
            if (text.length === 2) emit(hour, text);
          }}
        />
      </Group>
    </Input.Wrapper>
  );
}
