import { useState, type KeyboardEvent } from 'react';
import { cellAfterKeystroke, type ParsedCell } from './pay-cell-values.ts';
import classes from './pay-grid.module.css';

/** Moves focus along a column like a spreadsheet: Enter down, Shift+Enter up. */
export type MoveInColumn = (from: { row: number; column: string }, step: 1 | -1) => void;

/**
 * A grid input: shows the value until typed in; each valid keystroke commits at once (so totals move
 * while typing). An invalid text is kept (handed up with onTyped, so it outlives the cell when the
 * virtualised row scrolls away), marked and described by its problem line, and the screen saves
 * nothing until it is corrected: a typed value is never dropped for the previous one. Meanwhile the
 * row is worked out with the value the cell held before the typing began, not a valid prefix of it.
 */
export function PayCellInput<T>({
  value,
  format,
  parse,
  onCommit,
  typed,
  onTyped,
  problemId,
  rowProblem,
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
  /** The text kept for this cell because it is not a valid value; undefined when there is none. */
  typed: string | undefined;
  /** Keeps a text that is not a valid value (null: the cell holds a valid value again). */
  onTyped: (text: string | null) => void;
  /** The id of the visible line saying what is wrong, while the text is invalid. */
  problemId: string;
  /** What is wrong with the row, marked at this cell though its text is valid (a week of 21 days). */
  rowProblem?: string | undefined;
  label: string;
  row: number;
  column: string;
  move: MoveInColumn;
  placeholder?: string;
  /** Shown on hover when the text is valid. */
  title?: string;
  inputMode: 'numeric' | 'decimal';
}) {
  /** The text being typed, and the cell's value when the typing began (what a refused text leaves the row with). */
  const [typing, setTyping] = useState<{ text: string; before: T } | null>(null);
  const shown = typing?.text ?? typed ?? null;
  const parsed = shown === null ? null : parse(shown);
  const problem = parsed !== null && !parsed.ok ? parsed.message : rowProblem;
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
      aria-invalid={problem !== undefined || undefined}
      aria-describedby={problem === undefined ? undefined : problemId}
      title={problem ?? title}
      inputMode={inputMode}
      autoComplete="off"
      placeholder={placeholder}
      value={shown ?? format(value)}
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => {
        const text = event.currentTarget.value;
        const before = typing === null ? value : typing.before;
        setTyping({ text, before });
        const { value: next, refusedText } = cellAfterKeystroke({ text, before, parse });
        onCommit(next);
        if (refusedText !== null) onTyped(refusedText);
        else if (typed !== undefined) onTyped(null);
      }}
      onBlur={() => setTyping(null)}
      onKeyDown={onKeyDown}
    />
  );
}
