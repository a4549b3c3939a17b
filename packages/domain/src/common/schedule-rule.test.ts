import { describe, expect, it } from 'vitest';
import { instantOfWallTime, latestSlotAtOrBefore, nextSlotAfter, parseScheduleRule } from './schedule-rule.ts';

const at = (iso: string) => new Date(iso);
/** The next `count` slots after `from`, as ISO strings in UTC. */
function slots(rule: string, from: string, count: number): string[] {
  const found: string[] = [];
  let cursor = at(from);
  for (let i = 0; i < count; i++) {
    const next = nextSlotAfter(rule, cursor);
    if (!next) break;
    found.push(next.toISOString());
    cursor = next;
  }
  return found;
}

describe('parseScheduleRule', () => {
  it('reads numbers, *, lists, ranges and steps', () => {
    const rule = parseScheduleRule('*/15 9-17/4 1,15 1-3,12 1-5');
    expect(rule.minutes).toEqual([0, 15, 30, 45]);
    expect(rule.hours).toEqual([9, 13, 17]);
    expect([...rule.daysOfMonth]).toEqual([1, 15]);
    expect([...rule.months]).toEqual([1, 2, 3, 12]);
    expect([...rule.daysOfWeek]).toEqual([1, 2, 3, 4, 5]);
    expect(rule).toMatchObject({ dayOfMonthRestricted: true, dayOfWeekRestricted: true });
  });

  it('reads n/step as from n to the end, and 7 as Sunday', () => {
    const rule = parseScheduleRule('50/5 0 * * 7');
    expect(rule.minutes).toEqual([50, 55]);
    expect([...rule.daysOfWeek]).toEqual([0]);
    expect(rule).toMatchObject({ dayOfMonthRestricted: false, dayOfWeekRestricted: true });
  });

  it('takes extra spaces around and between fields', () => {
    expect(parseScheduleRule('  0   6 * * *  ').hours).toEqual([6]);
  });

  it.each([
    ['0 * * *', 'A schedule rule has 5 fields (minute hour day-of-month month day-of-week), "0 * * *" has 4.'],
    ['60 * * * *', 'The minute field "60" holds 60, outside 0-59.'],
    ['0 24 * * *', 'The hour field "24" holds 24, outside 0-23.'],
    ['0 0 0 * *', 'The day of month field "0" holds 0, outside 1-31.'],
    ['0 0 * 13 *', 'The month field "13" holds 13, outside 1-12.'],
    ['0 0 * * 8', 'The day of week field "8" holds 8, outside 0-7.'],
    ['5-1 * * * *', 'The minute field "5-1" has the range 5-1, which goes backwards.'],
    ['*/0 * * * *', 'The minute field "*/0" has the step "0".'],
    ['*/x * * * *', 'The minute field "*/x" has the step "x".'],
    ['1/2/3 * * * *', 'The minute field "1/2/3" has more than one "/" in an item.'],
    ['a * * * *', 'The minute field "a" holds "a", which is not a number.'],
    ['1,,2 * * * *', 'The minute field "1,,2" holds "", which is not a number.'],
    ['-1 * * * *', 'The minute field "-1" holds "", which is not a number.'],
    ['0 0 * JAN *', 'The month field "JAN" holds "JAN", which is not a number.'],
  ])('refuses %j', (text, message) => {
    expect(() => parseScheduleRule(text)).toThrow(message);
  });
});

describe('nextSlotAfter in Europe/Dublin', () => {
  it('reads the rule in Irish time: UTC in winter, UTC+1 in summer', () => {
    expect(nextSlotAfter('0 9 * * *', at('2026-01-10T12:00:00Z'))?.toISOString()).toBe('2026-01-11T09:00:00.000Z');
    expect(nextSlotAfter('0 9 * * *', at('2026-07-01T12:00:00Z'))?.toISOString()).toBe('2026-07-02T08:00:00.000Z');
  });

  it('is strictly after the instant given, and ignores its seconds', () => {
    expect(slots('0 9 * * *', '2026-01-11T09:00:00Z', 2)).toEqual([
      '2026-01-12T09:00:00.000Z',
      '2026-01-13T09:00:00.000Z',
    ]);
    expect(nextSlotAfter('*/15 * * * *', at('2026-01-11T09:14:59.999Z'))?.toISOString()).toBe(
      '2026-01-11T09:15:00.000Z',
    );
    expect(nextSlotAfter('*/15 * * * *', at('2026-01-11T09:15:00.001Z'))?.toISOString()).toBe(
      '2026-01-11T09:30:00.000Z',
    );
  });

  it('moves over month and year ends', () => {
    expect(slots('0 0 1 * *', '2026-11-15T00:00:00Z', 3)).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
      '2027-02-01T00:00:00.000Z',
    ]);
  });

  describe('when clocks go forward (29 March 2026, 01:00 becomes 02:00)', () => {
    it('fires a slot of the skipped hour at the first instant after it, and the next day as usual', () => {
      expect(slots('30 1 * * *', '2026-03-28T12:00:00Z', 3)).toEqual([
        '2026-03-29T01:00:00.000Z', // 01:30 does not exist: 02:00 Irish summer time
        '2026-03-30T00:30:00.000Z', // 01:30 Irish summer time
        '2026-03-31T00:30:00.000Z',
      ]);
    });

    it('fires the skipped hour’s slots once, together with the first slot after the gap', () => {
      expect(slots('*/15 * * * *', '2026-03-29T00:40:00Z', 4)).toEqual([
        '2026-03-29T00:45:00.000Z', // 00:45 GMT
        '2026-03-29T01:00:00.000Z', // 01:00-01:45 do not exist: 02:00 IST
        '2026-03-29T01:15:00.000Z', // 02:15 IST
        '2026-03-29T01:30:00.000Z',
      ]);
    });

    it('keeps a slot just after the gap', () => {
      expect(nextSlotAfter('0 2 * * *', at('2026-03-28T12:00:00Z'))?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
      expect(nextSlotAfter('0 0 * * *', at('2026-03-28T12:00:00Z'))?.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    });
  });

  describe('when clocks go back (25 October 2026, 02:00 becomes 01:00 again)', () => {
    it('fires a slot of the repeated hour once, at its first occurrence', () => {
      expect(slots('30 1 * * *', '2026-10-24T12:00:00Z', 2)).toEqual([
        '2026-10-25T00:30:00.000Z', // 01:30 IST
        '2026-10-26T01:30:00.000Z', // 01:30 GMT the next day; not 01:30 GMT on the 25th
      ]);
    });

    it('does not repeat the wall-clock slots of the repeated hour', () => {
      expect(slots('*/30 * * * *', '2026-10-24T23:00:00Z', 5)).toEqual([
        '2026-10-24T23:30:00.000Z', // 00:30 IST
        '2026-10-25T00:00:00.000Z', // 01:00 IST
        '2026-10-25T00:30:00.000Z', // 01:30 IST
        '2026-10-25T02:00:00.000Z', // 02:00 GMT: 01:00 and 01:30 GMT already fired as IST
        '2026-10-25T02:30:00.000Z',
      ]);
    });

    it('from inside the second pass of the hour, takes the slot still ahead', () => {
      expect(nextSlotAfter('30 1 * * *', at('2026-10-25T01:10:00Z'))?.toISOString()).toBe('2026-10-25T01:30:00.000Z');
    });

    it('keeps a daily slot outside the repeated hour at its Irish time', () => {
      expect(slots('0 9 * * *', '2026-10-24T12:00:00Z', 2)).toEqual([
        '2026-10-25T09:00:00.000Z',
        '2026-10-26T09:00:00.000Z',
      ]);
      expect(nextSlotAfter('0 9 * * *', at('2026-10-23T12:00:00Z'))?.toISOString()).toBe('2026-10-24T08:00:00.000Z');
    });
  });

  it('finds 29 February in 2028 and then 2032', () => {
    expect(slots('0 12 29 2 *', '2026-03-01T00:00:00Z', 2)).toEqual([
      '2028-02-29T12:00:00.000Z',
      '2032-02-29T12:00:00.000Z',
    ]);
    expect(nextSlotAfter('0 0 * * *', at('2028-02-28T12:00:00Z'))?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('answers null for a rule that never matches', () => {
    expect(nextSlotAfter('0 0 30 2 *', at('2026-01-01T00:00:00Z'))).toBeNull();
  });

  describe('day of month and day of week', () => {
    // December 2026: Fridays are the 4th, 11th, 18th and 25th; the 13th is a Sunday.
    it('matches either when both are restricted, as cron does', () => {
      expect(slots('0 8 13 * 5', '2026-12-01T00:00:00Z', 4)).toEqual([
        '2026-12-04T08:00:00.000Z',
        '2026-12-11T08:00:00.000Z',
        '2026-12-13T08:00:00.000Z',
        '2026-12-18T08:00:00.000Z',
      ]);
    });

    it('matches the restricted one when the other is *', () => {
      expect(slots('0 8 13 * *', '2026-12-01T00:00:00Z', 1)).toEqual(['2026-12-13T08:00:00.000Z']);
      expect(slots('0 8 * * 5', '2026-12-01T00:00:00Z', 2)).toEqual([
        '2026-12-04T08:00:00.000Z',
        '2026-12-11T08:00:00.000Z',
      ]);
      expect(slots('0 8 * * 1-5', '2026-12-04T12:00:00Z', 2)).toEqual([
        '2026-12-07T08:00:00.000Z', // Friday afternoon to Monday
        '2026-12-08T08:00:00.000Z',
      ]);
    });

    it('treats 0 and 7 both as Sunday', () => {
      expect(nextSlotAfter('0 10 * * 7', at('2026-12-01T00:00:00Z'))?.toISOString()).toBe('2026-12-06T10:00:00.000Z');
      expect(nextSlotAfter('0 10 * * 0', at('2026-12-01T00:00:00Z'))?.toISOString()).toBe('2026-12-06T10:00:00.000Z');
    });
  });

  it('reads another time zone when asked', () => {
    expect(nextSlotAfter('0 9 * * *', at('2026-01-10T12:00:00Z'), 'America/New_York')?.toISOString()).toBe(
      '2026-01-10T14:00:00.000Z',
    );
  });
});

describe('latestSlotAtOrBefore', () => {
  it('collapses missed slots into the latest one', () => {
    const latest = latestSlotAtOrBefore('0 * * * *', at('2026-01-10T10:00:00Z'), at('2026-01-10T15:30:00Z'));
    expect(latest.toISOString()).toBe('2026-01-10T15:00:00.000Z');
  });

  it('answers the due slot itself when no later one has passed', () => {
    const latest = latestSlotAtOrBefore('0 * * * *', at('2026-01-10T10:00:00Z'), at('2026-01-10T10:59:00Z'));
    expect(latest.toISOString()).toBe('2026-01-10T10:00:00.000Z');
  });

  it('stays quick after a month of downtime of an every-minute rule', () => {
    const started = performance.now();
    const latest = latestSlotAtOrBefore('* * * * *', at('2026-01-01T00:00:00Z'), at('2026-02-01T12:34:56Z'));
    expect(latest.toISOString()).toBe('2026-02-01T12:34:00.000Z');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('instantOfWallTime', () => {
  it('reads Irish wall-clock time, the first occurrence in the repeated hour and the gap’s end in the skipped one', () => {
    expect(instantOfWallTime({ year: 2026, month: 1, day: 10 }).toISOString()).toBe('2026-01-10T00:00:00.000Z');
    expect(instantOfWallTime({ year: 2026, month: 7, day: 10 }).toISOString()).toBe('2026-07-09T23:00:00.000Z');
    expect(instantOfWallTime({ year: 2026, month: 3, day: 29, hour: 1, minute: 30 }).toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    expect(instantOfWallTime({ year: 2026, month: 10, day: 25, hour: 1, minute: 30 }).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });
});
