import { afterEach, describe, expect, it } from 'vitest';
import {
  TYPED_DATE_HINT,
  addDays,
  addMonths,
  addMonthsToDay,
  dateDropdownDays,
  dublinTimeOf,
  dublinToday,
  instantOfDublinTime,
  formatDay,
  formatFieldDay,
  monthGrid,
  monthTitle,
  parseTypedDay,
  weekdayOf,
} from './calendar-days.ts';

describe('parseTypedDay: a typed date as yyyy-MM-dd', () => {
  it.each([
    ['01/10/26', '2026-10-01'],
    ['01/10/2026', '2026-10-01'],
    ['1/10/26', '2026-10-01'],
    ['1/2/26', '2026-02-01'],
    ['01-10-26', '2026-10-01'],
    ['01.10.26', '2026-10-01'],
    ['011026', '2026-10-01'],
    ['01102026', '2026-10-01'],
    [' 01/10/26 ', '2026-10-01'],
    ['2026-10-01', '2026-10-01'],
    ['29/02/28', '2028-02-29'],
    ['31/12/99', '2099-12-31'],
    ['01/01/00', '2000-01-01'],
    ['29/03/26', '2026-03-29'],
    ['25/10/26', '2026-10-25'],
  ])('%j is %s', (typed, day) => {
    expect(parseTypedDay(typed)).toEqual({ ok: true, day });
  });

  it.each([
    ['31/02/26', '31/02/26 is not a date: February 2026 has 28 days.'],
    ['29/02/26', '29/02/26 is not a date: February 2026 has 28 days.'],
    ['31/04/2026', '31/04/2026 is not a date: April 2026 has 30 days.'],
    ['00/10/26', '00/10/26 is not a date: days start at 1.'],
    ['310226', '310226 is not a date: February 2026 has 28 days.'],
    ['01/13/26', '01/13/26 is not a date: months go from 1 to 12.'],
    ['01/00/26', '01/00/26 is not a date: months go from 1 to 12.'],
    ['10/01/1800', 'Enter a date from 1900 to 2999.'],
    ['2026-02-30', '2026-02-30 is not a date: February 2026 has 28 days.'],
  ])('refuses the impossible date %j', (typed, message) => {
    expect(parseTypedDay(typed)).toEqual({ ok: false, message });
  });

  it.each([
    [''],
    ['   '],
    ['01/10'],
    ['01/10/2'],
    ['01/10/202'],
    ['0110202'],
    ['01/10-26'],
    ['tomorrow'],
    ['1/10/26x'],
  ])('does not read %j', (typed) => {
    expect(parseTypedDay(typed)).toEqual({ ok: false, message: TYPED_DATE_HINT });
  });
});

describe("parseTypedDay with century 'past': a two-digit year is the latest such day not after today", () => {
  const today = '2026-11-28';
  it.each([
    ['10/03/68', '1968-03-10'],
    ['15/03/85', '1985-03-15'],
    ['01/01/05', '2005-01-01'],
    ['100368', '1968-03-10'],
    ['01/01/00', '2000-01-01'],
    ['28/11/26', '2026-11-28'],
    ['29/11/26', '1926-11-29'],
    ['31/12/99', '1999-12-31'],
    ['29/02/28', '1928-02-29'],
    ['10/03/1968', '1968-03-10'],
    ['10/03/2068', '2068-03-10'],
  ])('%j is %s', (typed, day) => {
    expect(parseTypedDay(typed, { century: 'past', today })).toEqual({ ok: true, day });
  });

  it('reads back every past day it shows', () => {
    for (const day of ['1926-11-29', '1968-03-10', '1999-12-31', '2000-01-01', '2026-11-28']) {
      expect(parseTypedDay(formatDay(day), { century: 'past', today })).toEqual({ ok: true, day });
    }
  });

  it('still refuses an impossible date, naming the year it was read in', () => {
    expect(parseTypedDay('29/02/25', { century: 'past', today })).toEqual({
      ok: false,
      message: '29/02/25 is not a date: February 2025 has 28 days.',
    });
  });

  it('leaves the default reading in 2000–2099', () => {
    expect(parseTypedDay('10/03/68', { today })).toEqual({ ok: true, day: '2068-03-10' });
  });
});

describe('formatDay: yyyy-MM-dd shown as dd/MM/yy', () => {
  it.each([
    ['2026-10-01', '01/10/26'],
    ['2000-01-09', '09/01/00'],
    ['1999-12-31', '31/12/99'],
  ])('%s is %s', (day, shown) => {
    expect(formatDay(day)).toBe(shown);
  });

  it.each([[''], [null], [undefined], ['2026-02-31'], ['01/10/26']])('%j shows nothing', (day) => {
    expect(formatDay(day)).toBe('');
  });

  it('reads back what it shows', () => {
    expect(parseTypedDay(formatDay('2031-07-04'))).toEqual({ ok: true, day: '2031-07-04' });
  });
});

describe('formatFieldDay: a day as a date field shows it, always read back as the same day', () => {
  it.each([
    ['2026-10-01', {}, '01/10/26'],
    ['2099-12-31', {}, '31/12/99'],
    // Two digits would be read as 2099 and 2000 when the field is left.
    ['1999-01-01', {}, '01/01/1999'],
    ['2999-01-01', {}, '01/01/2999'],
    ['1900-01-01', {}, '01/01/1900'],
    // A date of birth: two digits are the latest such day not after today.
    ['1950-05-04', { century: 'past', today: '2026-12-07' }, '04/05/50'],
    ['2030-01-01', { century: 'past', today: '2026-12-07' }, '01/01/2030'],
    ['1920-01-01', { century: 'past', today: '2026-12-07' }, '01/01/1920'],
  ] as const)('%s with %j is %s', (day, reading, shown) => {
    expect(formatFieldDay(day, reading)).toBe(shown);
    expect(parseTypedDay(shown, reading)).toEqual({ ok: true, day });
  });

  it.each([[''], [null], [undefined], ['2026-02-31']])('%j shows nothing', (day) => {
    expect(formatFieldDay(day)).toBe('');
  });
});

describe('day arithmetic across daylight saving changes', () => {
  it('steps over the day the clocks go forward and the day they go back one day at a time', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2026-10-26', -1)).toBe('2026-10-25');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('knows the weekday, Sunday being 0', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-25')).toBe(3);
    expect(weekdayOf('2026-03-29')).toBe(0);
  });
});

describe('dublinToday: the Dublin day, whatever the time zone of the machine', () => {
  const machineZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = machineZone;
  });

  it.each([
    ['Dublin in winter, late evening', '2026-11-23T23:30:00Z', '2026-11-23'],
    ['Dublin in summer, past midnight already (UTC still the day before)', '2026-06-30T23:30:00Z', '2026-07-01'],
    ['the night the clocks go forward, before', '2026-03-29T00:59:00Z', '2026-03-29'],
    ['the last hour of the day before the clocks go forward', '2026-03-28T23:59:00Z', '2026-03-28'],
    ['the night the clocks go back, repeated hour', '2026-10-25T01:30:00Z', '2026-10-25'],
    ['the evening after the clocks went back (GMT again)', '2026-10-25T23:30:00Z', '2026-10-25'],
    ['summer, 23:00 UTC is midnight in Dublin', '2026-10-24T23:00:00Z', '2026-10-25'],
  ])('%s: %s is %s', (_label, instant, day) => {
    expect(dublinToday(new Date(instant))).toBe(day);
  });

  it.each([
    ['America/Los_Angeles', 22],
    ['Pacific/Auckland', 23],
    ['Pacific/Kiritimati', 23],
    ['Etc/GMT+12', 22],
  ])('in %s as well', (zone, localDayOfMonth) => {
    process.env.TZ = zone;
    // 03:00 in Dublin on the 23rd: still the 22nd in Los Angeles.
    const instant = new Date('2026-11-23T03:00:00Z');
    expect(instant.getDate()).toBe(localDayOfMonth);
    expect(dublinToday(instant)).toBe('2026-11-23');
    // 23:30 in Dublin on the 23rd: already the 24th in Auckland.
    expect(dublinToday(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-23');
  });
});

describe('dateDropdownDays: the DATE dropdown of 8 days', () => {
  it('starts Today, then Tomorrow, then weekday and day', () => {
    expect(dateDropdownDays({ today: '2026-11-23' })).toEqual([
      { day: '2026-11-23', label: 'Today' },
      { day: '2026-11-24', label: 'Tomorrow' },
      { day: '2026-11-25', label: 'Wed 25' },
      { day: '2026-11-26', label: 'Thu 26' },
      { day: '2026-11-27', label: 'Fri 27' },
      { day: '2026-11-28', label: 'Sat 28' },
      { day: '2026-11-29', label: 'Sun 29' },
      { day: '2026-11-30', label: 'Mon 30' },
    ]);
  });

  it('in backwards mode goes Today, Yesterday and further back', () => {
    expect(dateDropdownDays({ today: '2026-03-02', backwards: true })).toEqual([
      { day: '2026-03-02', label: 'Today' },
      { day: '2026-03-01', label: 'Yesterday' },
      { day: '2026-02-28', label: 'Sat 28' },
      { day: '2026-02-27', label: 'Fri 27' },
      { day: '2026-02-26', label: 'Thu 26' },
      { day: '2026-02-25', label: 'Wed 25' },
      { day: '2026-02-24', label: 'Tue 24' },
      { day: '2026-02-23', label: 'Mon 23' },
    ]);
  });

  it('holds 8 different days over the clocks going forward and back', () => {
    for (const today of ['2026-03-26', '2026-10-22']) {
      const days = dateDropdownDays({ today }).map((option) => option.day);
      expect(new Set(days).size).toBe(8);
      expect(days[7]).toBe(addDays(today, 7));
    }
    expect(dateDropdownDays({ today: '2026-03-28' }).map((option) => option.label)).toEqual([
      'Today',
      'Tomorrow',
      'Mon 30',
      'Tue 31',
      'Wed 1',
      'Thu 2',
      'Fri 3',
      'Sat 4',
    ]);
  });

  it('starts from the Dublin day when the machine is a day ahead', () => {
    process.env.TZ = 'Pacific/Auckland';
    const today = dublinToday(new Date('2026-11-23T20:00:00Z'));
    expect(dateDropdownDays({ today })[0]).toEqual({ day: '2026-11-23', label: 'Today' });
  });
});

describe('monthGrid: weeks with Sunday–Saturday columns', () => {
  it('November 2026 starts on a Sunday and takes 5 weeks', () => {
    const grid = monthGrid({ year: 2026, month: 11 });
    expect(grid).toHaveLength(5);
    expect(grid[0]).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    expect(grid[4]).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
  });

  it('October 2026 starts on a Thursday; every week has 7 cells and the month is all there', () => {
    const grid = monthGrid({ year: 2026, month: 10 });
    expect(grid[0]).toEqual([null, null, null, null, '2026-10-01', '2026-10-02', '2026-10-03']);
    expect(grid.every((week) => week.length === 7)).toBe(true);
    expect(grid.flat().filter(Boolean)).toHaveLength(31);
    for (const week of grid)
      week.forEach((day, column) => {
        if (day) expect(weekdayOf(day)).toBe(column);
      });
  });

  it('March 2026 (clocks go forward on Sunday the 29th) keeps that Sunday in the first column', () => {
    const grid = monthGrid({ year: 2026, month: 3 });
    expect(grid.find((week) => week.includes('2026-03-29'))?.[0]).toBe('2026-03-29');
    expect(grid.flat().filter(Boolean)).toHaveLength(31);
  });

  it('February of a leap year that starts on a Sunday fills 5 weeks, of a common one 4', () => {
    expect(monthGrid({ year: 2015, month: 2 })).toHaveLength(4);
    expect(monthGrid({ year: 2032, month: 2 })).toHaveLength(5);
    expect(monthGrid({ year: 2032, month: 2 }).flat().filter(Boolean)).toHaveLength(29);
  });

  it('moves between months and names them', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(monthTitle({ year: 2026, month: 10 })).toBe('October 2026');
    expect(addMonthsToDay('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDay('2028-03-31', -1)).toBe('2028-02-29');
    expect(addMonthsToDay('2026-12-15', 1)).toBe('2027-01-15');
  });
});

describe('a Dublin day and time as an instant, and back', () => {
  it.each([
    ['winter', { day: '2026-11-23', hour: 9, minute: 30 }, '2026-11-23T09:30:00.000Z'],
    ['summer', { day: '2026-07-01', hour: 0, minute: 15 }, '2026-06-30T23:15:00.000Z'],
    ['before the clocks go forward', { day: '2026-03-29', hour: 0, minute: 59 }, '2026-03-29T00:59:00.000Z'],
    [
      'in the skipped hour: the moment they went forward',
      { day: '2026-03-29', hour: 1, minute: 30 },
      '2026-03-29T01:00:00.000Z',
    ],
    ['after the clocks go forward', { day: '2026-03-29', hour: 2, minute: 0 }, '2026-03-29T01:00:00.000Z'],
    ['in the repeated hour: its first time', { day: '2026-10-25', hour: 1, minute: 30 }, '2026-10-25T00:30:00.000Z'],
    ['after the clocks go back', { day: '2026-10-25', hour: 2, minute: 0 }, '2026-10-25T02:00:00.000Z'],
  ])('%s', (_label, wall, iso) => {
    expect(instantOfDublinTime(wall).toISOString()).toBe(iso);
  });

  it('reads an instant back as the Dublin day and time, in a machine zone far away', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(dublinTimeOf(new Date('2026-06-30T23:15:00Z'))).toEqual({ day: '2026-07-01', hour: 0, minute: 15 });
    expect(dublinTimeOf(new Date('2026-10-25T01:30:00Z'))).toEqual({ day: '2026-10-25', hour: 1, minute: 30 });
    const wall = { day: '2026-12-31', hour: 23, minute: 59 };
    expect(dublinTimeOf(instantOfDublinTime(wall))).toEqual(wall);
  });
});
