import { describe, expect, it } from 'vitest';
import {
  defaultScheduleEntry,
  describeScheduleEntry,
  isoWeekday,
  scheduleProblems,
  setCallRunsOn,
  toggleScheduleDay,
  toggleScheduleWeek,
  withScheduleType,
  type ScheduleEntry,
} from './set-call-schedule.ts';

const at9 = { hour: 9, minute: 0 };
const nth = (dayOfWeek: number, options: number[]): ScheduleEntry => ({
  dayOfWeek,
  type: 'nth',
  options,
  collectionTime: at9,
});
const last = (dayOfWeek: number): ScheduleEntry => ({ dayOfWeek, type: 'last', options: [], collectionTime: at9 });
const runs = (schedule: ScheduleEntry[], day: string, active = true) =>
  setCallRunsOn({ active, schedule }, day) !== null;

describe('does set call S run on date D (spec 1 §3, §4)', () => {
  it('knows the weekday of a calendar day without a time zone', () => {
    expect(isoWeekday('2026-06-01')).toBe(1); // Monday
    expect(isoWeekday('2026-06-07')).toBe(7); // Sunday
    expect(() => isoWeekday('2026-02-30')).toThrow(RangeError);
  });

  it('every Monday runs on each Monday and on no other day', () => {
    const schedule = [nth(1, [1, 2, 3, 4, 5])];
    expect(
      ['2026-06-01', '2026-06-08', '2026-06-15', '2026-06-22', '2026-06-29'].map((d) => runs(schedule, d)),
    ).toEqual([true, true, true, true, true]);
    expect(runs(schedule, '2026-06-02')).toBe(false);
  });

  it('the 5th Monday runs only in months that have one (June 2026 has five, February 2026 four)', () => {
    const schedule = [nth(1, [5])];
    expect(runs(schedule, '2026-06-29')).toBe(true); // day 29: the 5th Monday
    expect(runs(schedule, '2026-06-22')).toBe(false); // the 4th
    for (const monday of ['2026-02-02', '2026-02-09', '2026-02-16', '2026-02-23'])
      expect(runs(schedule, monday)).toBe(false);
  });

  it('the 4th Monday is day 22 to 28 of the month; day 28 is still the 4th, day 29 the 5th', () => {
    const schedule = [nth(1, [4])];
    expect(runs(schedule, '2026-09-28')).toBe(true); // Monday 28 September 2026
    expect(runs(schedule, '2026-06-29')).toBe(false);
    expect(runs(schedule, '2026-02-23')).toBe(true); // last of four Mondays in February
  });

  it('the 1st week is day 1 to 7', () => {
    const schedule = [nth(3, [1])]; // 1st Wednesday
    expect(runs(schedule, '2026-07-01')).toBe(true);
    expect(runs(schedule, '2026-07-08')).toBe(false);
  });

  it('the last Friday is the Friday within 7 days of the month end, whether the 4th or the 5th', () => {
    const schedule = [last(5)];
    expect(runs(schedule, '2026-07-31')).toBe(true); // 5th Friday, day 31
    expect(runs(schedule, '2026-07-24')).toBe(false);
    expect(runs(schedule, '2026-02-27')).toBe(true); // 4th Friday, the last in February 2026
    expect(runs(schedule, '2026-02-20')).toBe(false);
    expect(runs(schedule, '2024-02-23')).toBe(true); // leap year: Friday 23, next Friday is 1 March
  });

  it('the last Monday of a month whose last day is a Monday is that day', () => {
    expect(runs([last(1)], '2026-08-31')).toBe(true);
    expect(runs([last(1)], '2026-08-24')).toBe(false);
  });

  it('never runs on a weekend, when inactive, or on a weekday without an entry', () => {
    expect(runs([nth(1, [1, 2, 3, 4, 5])], '2026-06-06')).toBe(false);
    expect(runs([nth(1, [1, 2, 3, 4, 5])], '2026-06-01', false)).toBe(false);
    expect(runs([nth(2, [1, 2, 3, 4, 5])], '2026-06-01')).toBe(false);
  });

  it('a date entry runs on its date only', () => {
    const schedule: ScheduleEntry[] = [
      { dayOfWeek: 2, type: 'date', options: [], collectionTime: at9, date: '2026-06-09' },
    ];
    expect(runs(schedule, '2026-06-09')).toBe(true);
    expect(runs(schedule, '2026-06-16')).toBe(false);
  });

  it('returns the entry that matched, with its collection time', () => {
    const entry = { ...last(5), collectionTime: { hour: 16, minute: 30 } };
    expect(setCallRunsOn({ active: true, schedule: [nth(5, [1]), entry] }, '2026-07-31')).toBe(entry);
  });
});

describe('schedule editing rules (spec 1 §4)', () => {
  it('a newly scheduled weekday is nth, all five weeks, 09:00', () => {
    expect(defaultScheduleEntry(3)).toEqual({
      dayOfWeek: 3,
      type: 'nth',
      options: [1, 2, 3, 4, 5],
      collectionTime: { hour: 9, minute: 0 },
    });
    expect(toggleScheduleDay([], 3)).toEqual([defaultScheduleEntry(3)]);
    expect(toggleScheduleDay([defaultScheduleEntry(3)], 3)).toEqual([]);
  });

  it('choosing last clears the weeks; choosing nth with no weeks selects all five', () => {
    const lastEntry = withScheduleType(defaultScheduleEntry(1), 'last');
    expect(lastEntry.options).toEqual([]);
    expect(withScheduleType(lastEntry, 'nth').options).toEqual([1, 2, 3, 4, 5]);
    expect(withScheduleType(nth(1, [2, 4]), 'nth').options).toEqual([2, 4]);
  });

  it('toggles weeks but keeps the last one on', () => {
    expect(toggleScheduleWeek(nth(1, [1, 3]), 3).options).toEqual([1]);
    expect(toggleScheduleWeek(nth(1, [1]), 1).options).toEqual([1]);
    expect(toggleScheduleWeek(nth(1, [1]), 4).options).toEqual([1, 4]);
  });

  it('reports days scheduled twice and nth entries without weeks', () => {
    expect(scheduleProblems([nth(1, [1]), nth(1, []), nth(2, [])])).toEqual([
      { field: 'schedule.1.dayOfWeek', message: 'Monday is scheduled twice.' },
      { field: 'schedule.1.options', message: 'Choose at least one week for Monday.' },
      { field: 'schedule.2.options', message: 'Choose at least one week for Tuesday.' },
    ]);
  });

  it('describes entries for the read-only view', () => {
    expect(describeScheduleEntry(nth(1, [1, 2, 3, 4, 5]))).toBe('Every Monday at 09:00');
    expect(describeScheduleEntry(nth(2, [1, 3]))).toBe('1st and 3rd Tuesday at 09:00');
    expect(describeScheduleEntry({ ...last(5), collectionTime: { hour: 7, minute: 5 } })).toBe('Last Friday at 07:05');
  });
});
