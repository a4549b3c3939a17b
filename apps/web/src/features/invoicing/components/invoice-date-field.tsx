import { formatFieldDay, parseTypedDay } from '@courier/domain/common/calendar-days';
import { DayInput } from '@/ui/day-input.tsx';

/** What was typed in the Invoice Date field while the URL held `end`. */
export interface TypedInvoiceDate {
  end: string;
  text: string;
  /** Emptied since `end` was taken, and no day taken since: the field shows its text, not `end`. */
  cleared?: boolean;
}

/**
 * The day the Invoice Date field shows: the URL's day while nothing was typed since it was taken,
 * else the day its text names, or undefined while the text is empty or not a date. Text typed
 * against an earlier day is stale once the URL moves on (a link, back): the field shows the new day.
 */
export function shownInvoiceDate(end: string, typed: TypedInvoiceDate | null): string | undefined {
  if (!typed || typed.end !== end) return end;
  const day = parseTypedDay(typed.text);
  return day.ok ? day.day : undefined;
}

/**
 * The non-classic view's Invoice Date (spec 1 §2). The day input emits only a readable day, so while
 * its text is empty or not a date the URL keeps the last day taken; its text is handed up as it is
 * typed, so the screen never finalises for a day the field no longer shows.
 */
export function InvoiceDateField({
  end,
  typed,
  onTyped,
  onChange,
}: {
  end: string;
  typed: TypedInvoiceDate | null;
  onTyped: (typed: TypedInvoiceDate | null) => void;
  onChange: (day: string) => void;
}) {
  const cleared = typed !== null && typed.end === end && typed.cleared === true;
  return (
    <DayInput
      label="Invoice Date"
      // Cleared, the input holds what is typed since, not the day the URL still holds: handed that day
      // back at the first key, it replaced the typing with it.
      value={cleared ? undefined : end}
      onTextChange={(text) => onTyped({ end, text, cleared })}
      onChange={(day) => {
        // A day taken shows as it is until the URL holds it: till then nothing is finalised for it.
        onTyped({ end, text: day === undefined ? '' : formatFieldDay(day), cleared: day === undefined });
        if (day !== undefined) onChange(day);
      }}
    />
  );
}
