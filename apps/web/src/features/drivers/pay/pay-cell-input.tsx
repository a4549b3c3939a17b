import { useState, type KeyboardEvent } from 'react';
import classes from './pay-grid.module.css';

export type ParsedCell<T> = { ok: true; value: T } | { ok: false; message: string };

/** Days worked, booked off or missed: a whole number from 0 to 7 (the server's rule). */
export function parseDays(text: string): ParsedCell<number> {
  return /^[0-7]$/.test(text.trim())
    ? { ok: true, value: Number(text.trim()) }
    : { ok: false, message: 'Enter a whole number from 0 to 7.' };
}

/** A boost typed over the automatic one: euro with at most 2 decimals; empty means automatic. */
export function parseBoost(text: string): ParsedCell<number | null> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  return /^\d{1,7}(\.\d{0,2})?$/.test(trimmed)
    ? { ok: true, value: Number(trimmed) }
    : { ok: false, message: 'Enter an amount in euro, e.g. 25.00, or leave it empty for the automatic boost.' };
}

/** Moves focus along a column like a spreadsheet: Enter down, Shift+Enter up. */
export type MoveInColumn = (from: { row: number; column: string }, step: 1 | -1) => void;

/**
 * A grid input: shows the value until typed in; each valid keystroke commits at once (so totals move
 * while typing), an invalid text is marked and left out until corrected; leaving the cell shows the
 * committed value again.
 */
export function PayCellInput<T>({
  value,
  format,
  parse,
  onCommit,
  label,
  row,
  column,
  move,
  placeholder,
  title,
  inputMode,
}: {
  value: T;
  format: (value: T) => string;
  parse: (text: string) => ParsedCell<T>;
  onCommit: (value: T) => void;
  label: string;
  row: number;
  column: string;
  move: MoveInColumn;
  placeholder?: string;
  /** Shown on hover when the text is valid. */
  title?: string;
  inputMode: 'numeric' | 'decimal';
}) {
  const [text, setText] = useState<string | null>(null);
  const parsed = text === null ? null : parse(text);
  const invalid = parsed !== null && !parsed.ok;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    move({ row, column }, event.shiftKey ? -1 : 1);
  };
  return (
    <input
      className={classes.input}
      data-pay-cell={`${row}:${column}`}
      aria-label={label}
      aria-invalid={invalid || undefined}
      title={invalid && parsed && !parsed.ok ? parsed.message : title}
      inputMode={inputMode}
      autoComplete="off"
      placeholder={placeholder}
      value={text ?? format(value)}
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const result = parse(next);
        if (result.ok) onCommit(result.value);
      }}
      onBlur={() => setText(null)}
      onKeyDown={onKeyDown}
    />
  );
}
