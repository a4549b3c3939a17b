import { Select, Switch, Textarea, TextInput } from '@mantine/core';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { maxLengthOf } from '@courier/domain/common/field-limits';
import { typedDecimal } from '@courier/domain/common/input-checks';
import { nearLimitCount } from '@/ui/limit-count.ts';
import { useDelayedSave } from './use-delayed-save.ts';

interface FieldProps<T> {
  label: string;
  value: T;
  onSave: (value: T) => void;
  error?: string;
  description?: string;
}

/** What the Settings form asks of a text or number field as the user leaves the tab. */
export interface HeldField {
  /** Sends the text still waiting for its 1000 ms save. */
  flush: () => void;
  /** The field refuses its own text (past the limit, not a number): it will not be saved. */
  refused: () => boolean;
}

/** Where the fields register with the form's leave guard; outside one they register nowhere. */
const HeldFieldsContext = createContext<((field: HeldField) => () => void) | undefined>(undefined);
export const HeldFieldsScope = HeldFieldsContext.Provider;

export function useHeldField(field: HeldField) {
  const register = useContext(HeldFieldsContext);
  const latest = useRef(field);
  useEffect(() => {
    latest.current = field;
  });
  useEffect(
    () => register?.({ flush: () => latest.current.flush(), refused: () => latest.current.refused() }),
    [register],
  );
}

/** The domain schema's first message for a value, or undefined when it accepts the value. */
const refusalOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

/**
 * Free text; blank saves as not set (null). The limit comes from the field's domain schema and is shown
 * ('N of M characters': always under a long text, near the limit under a short one). Text past the limit
 * is kept as typed, never cut: the field is marked with the schema's message and the save goes to the
 * server, which refuses it, so nothing is saved until the text is shortened.
 */
export function AutoText({
  label,
  value,
  onSave,
  error,
  description,
  schema,
  multiline = false,
}: FieldProps<string | null> & { schema: z.ZodType; multiline?: boolean }) {
  const [text, setText] = useState(value ?? '');
  const { schedule, flush } = useDelayedSave<string | null>(onSave);
  const limit = maxLengthOf(schema);
  const count =
    multiline && limit !== undefined ? `${text.length} of ${limit} characters` : nearLimitCount(text, limit);
  const overLimit = limit !== undefined && text.length > limit ? refusalOf(schema, text) : undefined;
  useHeldField({ flush, refused: () => overLimit !== undefined });
  const props = {
    label,
    description: count ?? description,
    error: overLimit ?? error,
    value: text,
    onBlur: flush,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = event.currentTarget.value;
      setText(next);
      schedule(next.trim() === '' ? null : next);
    },
  };
  return multiline ? <Textarea autosize minRows={2} maxRows={8} {...props} /> : <TextInput {...props} />;
}

/**
 * What a number field's text stands for: null when empty, the number when it reads as one, else the
 * text itself, so the server names the field ('… must be a number.') rather than the field going quiet.
 */
function numberOf(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return typedDecimal(trimmed) ?? trimmed;
}

/**
 * A number (percent, euro) kept exactly as typed: never clamped to a range, cut or cleared. Its domain
 * schema gives the message for a value out of range or not a number, shown at once; the save still goes
 * to the server, which refuses it the same way, so nothing is saved while the message shows.
 */
export function AutoNumber({
  label,
  value,
  onSave,
  error,
  schema,
  suffix,
}: Omit<FieldProps<number | null>, 'onSave'> & {
  /** Given the text itself when it is not a number, for the server to refuse by name. */
  onSave: (value: number | string | null) => void;
  schema: z.ZodType;
  suffix?: string;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const { schedule, flush } = useDelayedSave<number | string | null>(onSave);
  const refusal = refusalOf(schema, numberOf(text));
  useHeldField({ flush, refused: () => refusal !== undefined });
  return (
    <TextInput
      label={label}
      inputMode="decimal"
      autoComplete="off"
      error={refusal ?? error}
      value={text}
      rightSection={suffix}
      // What the field holds is selected on entry, as in the app's other number fields (price and pay
      // cells): typing replaces it, so 15 typed over a Discount of 0 is 15, not 015.
      onFocus={(event) => event.currentTarget.select()}
      onBlur={flush}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        schedule(numberOf(next));
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

/** A choice: saves at once. A value not yet chosen (null) shows `placeholder`. */
export function AutoSelect<T extends string>({
  label,
  value,
  onSave,
  error,
  data,
  placeholder,
}: Omit<FieldProps<T>, 'value'> & {
  value: T | null;
  data: { value: T; label: string; disabled?: boolean }[];
  placeholder?: string;
}) {
  return (
    <Select
      label={label}
      error={error}
      data={data}
      value={value}
      placeholder={placeholder}
      allowDeselect={false}
      onChange={(next) => next !== null && next !== value && onSave(next as T)}
    />
  );
}
