import { NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** Settings text inputs wait this long after the last key before saving (spec 1 §9). */
export const TEXT_SAVE_DELAY_MS = 1000;

/** Calls `save` 1000 ms after the last change; flushes at once on blur and on unmount. */
function useDelayedSave<T>(save: (value: T) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<{ value: T } | null>(null);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (pending.current) {
      const { value } = pending.current;
      pending.current = null;
      saveRef.current(value);
    }
  };
  useEffect(() => flush, []);
  const schedule = (value: T) => {
    pending.current = { value };
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, TEXT_SAVE_DELAY_MS);
  };
  return { schedule, flush };
}

interface FieldProps<T> {
  label: string;
  value: T;
  onSave: (value: T) => void;
  error?: string;
  description?: string;
}

/** Free text; blank saves as not set (null). */
export function AutoText({
  label,
  value,
  onSave,
  error,
  description,
  multiline = false,
  maxLength,
}: FieldProps<string | null> & { multiline?: boolean; maxLength?: number }) {
  const [text, setText] = useState(value ?? '');
  const { schedule, flush } = useDelayedSave<string | null>(onSave);
  const props = {
    label,
    description,
    error,
    value: text,
    maxLength,
    onBlur: flush,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = event.currentTarget.value;
      setText(next);
      schedule(next.trim() === '' ? null : next);
    },
  };
  return multiline ? <Textarea autosize minRows={2} maxRows={8} {...props} /> : <TextInput {...props} />;
}

/** A number (percent, euro); empty saves as null when allowed. */
export function AutoNumber({
  label,
  value,
  onSave,
  error,
  nullable = false,
  suffix,
  prefix,
}: FieldProps<number | null> & { nullable?: boolean; suffix?: string; prefix?: string }) {
  const [number, setNumber] = useState<string | number>(value ?? '');
  const { schedule, flush } = useDelayedSave<number | null>(onSave);
  return (
    <NumberInput
      label={label}
      error={error}
      value={number}
      min={0}
      decimalScale={2}
      suffix={suffix}
      prefix={prefix}
      onBlur={flush}
      onChange={(next) => {
        setNumber(next);
        if (next === '' || next === undefined) {
          if (nullable) schedule(null);
          return;
        }
        const parsed = typeof next === 'number' ? next : Number(next);
        if (Number.isFinite(parsed)) schedule(parsed);
      }}
    />
  );
}

/** A toggle: saves at once. */
export function AutoSwitch({ label, value, onSave, error, description }: FieldProps<boolean>) {
  return (
    <Switch
      label={label}
      description={description}
      error={error}
      checked={value}
      onChange={(event) => onSave(event.currentTarget.checked)}
    />
  );
}

/** A choice: saves at once. */
export function AutoSelect<T extends string>({
  label,
  value,
  onSave,
  error,
  data,
}: FieldProps<T> & { data: { value: T; label: string; disabled?: boolean }[] }) {
  return (
    <Select
      label={label}
      error={error}
      data={data}
      value={value}
      allowDeselect={false}
      onChange={(next) => next !== null && next !== value && onSave(next as T)}
    />
  );
}
