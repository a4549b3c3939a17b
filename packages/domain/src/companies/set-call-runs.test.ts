import { describe, expect, it } from 'vitest';
import type { ScheduleEntry } from './set-call-schedule.ts';
import { setCallRunsForDay, type SetCallTimetable } from './set-call-runs.ts';

const every = (dayOfWeek: number, hour = 9, minute = 0): ScheduleEntry => ({
  dayOfWeek,
  type: 'nth',
  options: [1, 2, 3, 4, 5],
  collectionTime: { hour, minute },
});
const lastOf = (dayOfWeek: number): ScheduleEntry => ({
  dayOfWeek,
  type: 'last',
  options: [],
  collectionTime: { hour: 14, minute: 30 },
});
const setCall = (schedule: ScheduleEntry[], options: Partial<SetCallTimetable> = {}): SetCallTimetable => ({
  active: true,
  pushHolidays: false,
  schedule,
  ...options,
});
/** The runs as [scheduled day, collection instant in ISO, pushed from]. */
const runs = (timetable: SetCallTimetable, day: string) =>
  setCallRunsForDay(timetable, day).map((run) => [
    run.scheduledDay,
    run.collectionAt.toISOString(),
    run.pushedFrom?.name ?? null,
  ]);

describe('setCallRunsForDay: which collections a set call makes on a day', () => {
  it('runs on its scheduled weekday at its collection time in Dublin time (summer and winter)', () => {
    const mondays = setCall([every(1, 9, 15)]);
    expect(runs(mondays, '2026-06-08')).toEqual([['2026-06-08', '2026-06-08T08:15:00.000Z', null]]); // IST, UTC+1
    expect(runs(mondays, '2026-01-12')).toEqual([['2026-01-12', '2026-01-12T09:15:00.000Z', null]]); // GMT
    expect(runs(mondays, '2026-06-09')).toEqual([]); // a Tuesday
  });

  it('an inactive set call never runs', () => {
    expect(runs(setCall([every(1)], { active: false, pushHolidays: true }), '2026-06-08')).toEqual([]);
    expect(runs(setCall([every(3)], { active: false, pushHolidays: true }), '2026-03-18')).toEqual([]);
  });

  it("without pushHolidays a run on a public holiday is skipped, not moved (St Patrick's Day 2026, a Tuesday)", () => {
    const tuesdays = setCall([every(2)]);
    expect(runs(tuesdays, '2026-03-17')).toEqual([]);
    expect(runs(tuesdays, '2026-03-18')).toEqual([]);
    expect(runs(tuesdays, '2026-03-24')).toEqual([['2026-03-24', '2026-03-24T09:00:00.000Z', null]]);
  });

  it('with pushHolidays it is collected on the next working day, at its own time', () => {
    const tuesdays = setCall([every(2, 11, 0), every(3, 16, 45)], { pushHolidays: true });
    expect(runs(tuesdays, '2026-03-17')).toEqual([]);
    // Wednesday 18 March: the pushed Tuesday run first, then Wednesday's own.
    expect(runs(tuesdays, '2026-03-18')).toEqual([
      ['2026-03-17', '2026-03-18T11:00:00.000Z', "St Patrick's Day"],
      ['2026-03-18', '2026-03-18T16:45:00.000Z', null],
    ]);
  });

  it('a Monday bank holiday run moves to Tuesday, in Irish summer time (Easter Monday 2026)', () => {
    const mondays = setCall([every(1)], { pushHolidays: true });
    expect(runs(mondays, '2026-04-06')).toEqual([]);
    expect(runs(mondays, '2026-04-07')).toEqual([['2026-04-06', '2026-04-07T08:00:00.000Z', 'Easter Monday']]);
  });

  it('an observed holiday counts as a day off: Monday 28 December 2026 (St Stephen’s Day observed)', () => {
    expect(runs(setCall([every(1)]), '2026-12-28')).toEqual([]);
    expect(runs(setCall([every(1)], { pushHolidays: true }), '2026-12-29')).toEqual([
      ['2026-12-28', '2026-12-29T09:00:00.000Z', "St Stephen's Day (observed)"],
    ]);
  });

  it('over Christmas 2026 each pushed run stays a collection of its own on the next working day', () => {
    const daily = setCall([every(1), every(2), every(3), every(4), every(5)], { pushHolidays: true });
    // Friday 25 (Christmas) and Monday 28 (St Stephen's observed) are off; Tuesday 29 takes both and its own.
    expect(runs(daily, '2026-12-29')).toEqual([
      ['2026-12-25', '2026-12-29T09:00:00.000Z', 'Christmas Day'],
      ['2026-12-28', '2026-12-29T09:00:00.000Z', "St Stephen's Day (observed)"],
      ['2026-12-29', '2026-12-29T09:00:00.000Z', null],
    ]);
    expect(runs(daily, '2026-12-30')).toEqual([['2026-12-30', '2026-12-30T09:00:00.000Z', null]]);
  });

  it('a pushed run keeps the rule of its own day: the last Monday of October is pushed, a plain Monday is not scheduled', () => {
    const lastMonday = setCall([lastOf(1)], { pushHolidays: true });
    // 26 October 2026 is the last Monday of October and the October bank holiday.
    expect(runs(lastMonday, '2026-10-26')).toEqual([]);
    expect(runs(lastMonday, '2026-10-27')).toEqual([
      ['2026-10-26', '2026-10-27T14:30:00.000Z', 'October Bank Holiday'],
    ]);
    // 4 May 2026 is a bank holiday but not the last Monday of May: nothing to push.
    expect(runs(lastMonday, '2026-05-05')).toEqual([]);
  });

  it('never runs at a weekend, whatever the schedule says', () => {
    const weird = setCall([{ ...every(1), dayOfWeek: 6 }], { pushHolidays: true });
    expect(runs(weird, '2026-06-06')).toEqual([]);
    expect(runs(weird, '2026-06-08')).toEqual([]);
  });
});
