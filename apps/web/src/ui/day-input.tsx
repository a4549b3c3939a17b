import { ActionIcon, CloseButton, Group, Modal, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import {
  dublinToday,
  formatFieldDay,
  parseTypedDay,
  type TwoDigitYearCentury,
} from '@courier/domain/common/calendar-days';
import { DatePicker } from './date-picker.tsx';

/** How long typing pauses before a readable date is taken (the spec's search debounce, spec 1 §9). */
const TYPING_DELAY_MS = 500;

function CalendarIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" aria-hidden="true">
      <rect x="1.5" y="2.5" width="13" height="12" rx="1.5" />
      <path d="M1.5 6h13M5 1v3M11 1v3" />
    </svg>
  );
}

/** The day a field's text names, when it names one. */
function shownDay(text: string, reading: { century: TwoDigitYearCentury; today: string }): string | undefined {
  const typed = parseTypedDay(text, reading);
  return typed.ok ? typed.day : undefined;
}

/**
 * A calendar day typed as dd/MM/yy (spec 2 §9) or chosen in the 'Choose date' modal: the date/time
 * input's DATE_FULL type (spec 1 §2). Reads d/M/yy, dd/MM/yyyy, 011026 and 01102026 too; never the
 * browser's date input, whose format follows the browser's locale. A readable date is taken when
 * typing pauses, on Enter and on leaving the field, and then shown as dd/MM/yy (dd/MM/yyyy for a day
 * those two digits would not name: see formatFieldDay); an unreadable or
 * impossible one, or one `check` refuses, is not emitted and its message shows at the field.
 * A two-digit year is read in 2000–2099, or with `century="past"` (a date of birth) as the latest
 * such day not after today, so the dd/MM/yy the field shows can always be typed back.
 */
export function DayInput({
  label,
  value,
  onChange,
  check,
  onTextChange,
  onRefusedChange,
  century = 'current',
  today = dublinToday(),
}: {
  label: string;
  /** yyyy-MM-dd, or undefined when empty. */
  value: string | undefined;
  onChange: (day: string | undefined) => void;
  /** A further rule for a readable date (e.g. From not after To): its message, or undefined when fine. */
  check?: (day: string) => string | undefined;
  /** The text as typed, at each key: for a screen that must not act on a day the field no longer shows. */
  onTextChange?: (text: string) => void;
  /**
   * Told the text the field refuses while its message shows, and undefined once it shows none: for a
   * screen that must not act as if the field were empty (the booking filters run no search then).
   */
  onRefusedChange?: (typed: string | undefined) => void;
  /** How a two-digit year is read: 'past' for a day that cannot be after today (a date of birth). */
  century?: TwoDigitYearCentury;
  today?: string;
}) {
  const reading = { century, today };
  const [text, setText] = useState(formatFieldDay(value, reading));
  const [error, setError] = useState<string | undefined>();
  const [choosing, setChoosing] = useState(false);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // A value from outside (a link, back, Clear filters) replaces the text; one this input emitted already matches it.
    setSeen(value);
    const typed = parseTypedDay(text, reading);
    if (!(typed.ok && typed.day === value)) {
      setText(formatFieldDay(value, reading));
      setError(undefined);
    }
  }

  const refused = error === undefined ? undefined : text;
  useEffect(() => {
    if (refused === undefined || !onRefusedChange) return;
    onRefusedChange(refused);
    return () => onRefusedChange(undefined);
  }, [refused, onRefusedChange]);

  /** Takes the day, or shows why not; true when taken. */
  const take = (day: string | undefined): boolean => {
    const refused = day === undefined ? undefined : check?.(day);
    setError(refused);
    if (refused) return false;
    if (day !== undefined) setText(formatFieldDay(day, reading));
    if (day !== value) onChange(day);
    return true;
  };
  const takeWhenTypingPauses = useDebouncedCallback((next: string) => {
    const typed = parseTypedDay(next, reading);
    if (typed.ok) take(typed.day);
  }, TYPING_DELAY_MS);
  /** Enter, leaving the field, a chosen day: the text is taken (true) or its message shown. */
  const commit = (next: string): boolean => {
    takeWhenTypingPauses.cancel();
    if (next.trim() === '') return take(undefined);
    const typed = parseTypedDay(next, reading);
    if (typed.ok) return take(typed.day);
    setError(typed.message);
    return false;
  };

  return (
    <>
      <TextInput
        label={label}
        placeholder="dd/mm/yy"
        autoComplete="off"
        inputMode="numeric"
        value={text}
        error={error}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          onTextChange?.(next);
          setError(undefined);
          if (next.trim() === '') commit('');
          else takeWhenTypingPauses(next);
        }}
        onBlur={(event) => commit(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter on a day refused is the field's own: it shows the message, and a form or list around it
          // (the booking filters run their search on Enter) does not act as if the day were taken.
          if (event.key === 'Enter' && !commit(event.currentTarget.value)) event.preventDefault();
        }}
        rightSectionWidth={text ? 64 : 36}
        rightSectionPointerEvents="all"
        rightSection={
          <Group gap={2} wrap="nowrap">
            {text && <CloseButton size="sm" aria-label={`Clear ${label}`} onClick={() => commit('')} />}
            <ActionIcon
              variant="subtle"
              color="gray.8"
              size="sm"
              aria-label={`Choose date for ${label}`}
              onClick={() => setChoosing(true)}
            >
              <CalendarIcon />
            </ActionIcon>
          </Group>
        }
      />
      <Modal opened={choosing} onClose={() => setChoosing(false)} title="Choose date" size="auto" centered>
        <DatePicker
          // The day the field shows, even while the one it emitted is still on its way back as `value`
          // (a filter's round trip through the URL on a busy machine): the calendar opens on it.
          value={shownDay(text, reading) ?? value ?? null}
          today={today}
          onChange={(day) => {
            setChoosing(false);
            take(day);
          }}
        />
      </Modal>
    </>
  );
}
