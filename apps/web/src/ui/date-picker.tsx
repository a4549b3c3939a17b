import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  MONTH_NAMES,
  WEEKDAY_NAMES,
  addDays,
  addMonthsToDay,
  dublinToday,
  monthGrid,
  monthOf,
  monthTitle,
  weekdayOf,
  type CalendarMonth,
} from '@courier/domain/common/calendar-days';
import classes from './date-picker.module.css';

/** Arrow keys move a day or a week, Home and End to the week's ends, Page Up and Down a month. */
function dayAfterKey(day: string, key: string): string | undefined {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekdayOf(day));
    case 'End':
      return addDays(day, 6 - weekdayOf(day));
    case 'PageUp':
      return addMonthsToDay(day, -1);
    case 'PageDown':
      return addMonthsToDay(day, 1);
    default:
      return undefined;
  }
}

/** '25 November 2026', the name a day's button is read by. */
const dayName = (day: string) =>
  `${Number(day.slice(8, 10))} ${MONTH_NAMES[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

/**
 * The month calendar of spec 1 §2 ('date picker (month calendar, Sun to Sat headers)'): weeks run
 * Sunday to Saturday, today is the Dublin day, the chosen day is marked. One day button is in the
 * tab order; arrow keys, Home, End, Page Up and Page Down move between days (and months), Enter or
 * Space chooses.
 */
export function DatePicker({
  value,
  onChange,
  today = dublinToday(),
}: {
  /** yyyy-MM-dd, or null when no day is chosen. */
  value: string | null;
  onChange: (day: string) => void;
  today?: string;
}) {
  const start = value ?? today;
  const [focused, setFocused] = useState(start);
  const [month, setMonth] = useState<CalendarMonth>(monthOf(start));
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused, month]);

  const focusDay = (day: string) => {
    moved.current = true;
    setFocused(day);
    setMonth(monthOf(day));
  };
  const showMonth = (count: number) => {
    // Keep one day of the shown month in the tab order: the same day of the month.
    const day = addMonthsToDay(focused, count);
    setFocused(day);
    setMonth(monthOf(day));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const next = dayAfterKey(day, event.key);
    if (!next) return;
    event.preventDefault();
    focusDay(next);
  };

  const title = monthTitle(month);
  return (
    <div className={classes.calendar}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <ActionIcon variant="subtle" aria-label="Previous month" onClick={() => showMonth(-1)}>
          <span aria-hidden="true">‹</span>
        </ActionIcon>
        <Text fw={600} aria-live="polite">
          {title}
        </Text>
        <ActionIcon variant="subtle" aria-label="Next month" onClick={() => showMonth(1)}>
          <span aria-hidden="true">›</span>
        </ActionIcon>
      </Group>
      <table ref={grid} className={classes.grid} aria-label={title}>
        <thead>
          <tr>
            {WEEKDAY_NAMES.map((name) => (
              <th key={name} scope="col" className={classes.weekday}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, column) => (
                <td key={day ?? `empty-${column}`}>
                  {day && (
                    <UnstyledButton
                      className={classes.day}
                      data-day={day}
                      data-selected={day === value || undefined}
                      data-today={day === today || undefined}
                      aria-label={dayName(day)}
                      aria-pressed={day === value}
                      aria-current={day === today ? 'date' : undefined}
                      tabIndex={day === focused ? 0 : -1}
                      data-autofocus={day === focused || undefined}
                      onKeyDown={(event) => onKeyDown(event, day)}
                      onFocus={() => setFocused(day)}
                      onClick={() => onChange(day)}
                    >
                      {Number(day.slice(8, 10))}
                    </UnstyledButton>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
