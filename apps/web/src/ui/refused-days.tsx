import { Stack, Text } from '@mantine/core';
import { useCallback, useRef } from 'react';
import type { TwoDigitYearCentury } from '@courier/domain/common/calendar-days';
import { DayInput } from './day-input.tsx';

type RefusedReport = (key: string, typed: string | undefined) => void;

/**
 * The day fields of a form that refuse what was typed, by a key of the form's choosing: nothing is sent
 * while one does, and Save takes the focus to the first. Kept in a ref and read by Save rather than
 * drawn: a Save clicked straight after leaving such a field can come before the re-render a state
 * update would wait for. `markChanged` (a state setter, so stable) is told the form holds an edit:
 * typed over a saved day, the field holds one even though no day was taken, and Save is there to say why.
 */
export function useRefusedDays(markChanged: (changed: boolean) => void): {
  report: RefusedReport;
  /**
   * Focuses the first refused day field inside `container`, in screen order (of those `among` takes,
   * when given); true when there was one.
   */
  focusFirst: (container: HTMLElement | null, among?: (key: string) => boolean) => boolean;
} {
  const refused = useRef(new Set<string>());
  const report = useCallback<RefusedReport>(
    (key, typed) => {
      if (typed === undefined) {
        refused.current.delete(key);
        return;
      }
      refused.current.add(key);
      markChanged(true);
    },
    [markChanged],
  );
  const focusFirst = useCallback((container: HTMLElement | null, among: (key: string) => boolean = () => true) => {
    const field = [...(container?.querySelectorAll<HTMLElement>('[data-day-field]') ?? [])].find((day) => {
      const key = day.dataset.dayField ?? '';
      return refused.current.has(key) && among(key);
    });
    field?.querySelector('input')?.focus();
    return field !== undefined;
  }, []);
  return { report, focusFirst };
}

/**
 * A day field of such a form, with the message the form gives it; it reports, under `fieldKey`, the
 * text it refuses while its own message shows.
 */
export function ReportedDayField({
  fieldKey,
  label,
  century,
  check,
  value,
  message,
  onChange,
  onRefusedChange,
}: {
  fieldKey: string;
  label: string;
  century?: TwoDigitYearCentury;
  /** A further rule for a readable day, refused as typed like an impossible one (DayInput's `check`). */
  check?: (day: string) => string | undefined;
  value: string | undefined;
  message: string | undefined;
  onChange: (day: string | undefined) => void;
  onRefusedChange: RefusedReport;
}) {
  // Stable: the day input reports from an effect that runs again whenever this changes.
  const reportRefused = useCallback(
    (typed: string | undefined) => onRefusedChange(fieldKey, typed),
    [fieldKey, onRefusedChange],
  );
  return (
    <Stack gap={2} data-day-field={fieldKey}>
      <DayInput
        label={label}
        century={century}
        check={check}
        value={value}
        onChange={onChange}
        onRefusedChange={reportRefused}
      />
      {message && (
        <Text size="xs" c="red.9" role="alert">
          {message}
        </Text>
      )}
    </Stack>
  );
}
