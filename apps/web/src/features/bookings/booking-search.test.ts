import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BOOKING_MAX_PAGE_SIZE, JOB_TAGS } from '@courier/domain/bookings/enums';
import { MAX_PAGE_SKIP } from '@courier/domain/common/input-checks';
import { MODE_FILTER_KEYS } from '@courier/domain/bookings/filter-views';
import { bookingFilterShape } from '@courier/domain/bookings/schemas';
import { BOOKING_FILTER_KEYS, bookingListSearchSchema } from './booking-search.ts';

// The booking list's URL carries every filter the user may choose, checked as the API checks it. The
// URL reader is built without zod (issue 10) from the same fields as the API's zod schema: this proves
// that, read from a link, each filter takes and drops the same values the API's schema does.

/** The API's check of one filter as a link read it with zod: a bad value dropped, no default. */
const throughApi = (schema: z.ZodType) =>
  (schema instanceof z.ZodDefault ? (schema.removeDefault() as z.ZodType) : schema).optional().catch(undefined);

const TEXT_SAMPLES = ['', '  ', 'Acme', '  Acme  ', 'x'.repeat(100), ` ${'x'.repeat(100)} `, 'x'.repeat(101)];
const NUMBER_SAMPLES = [0, 1, 2.5, -1, 1e6, 1e6 + 1, 1e9, 1e9 + 1, 2147483647, 2147483648, 2 ** 53, Number.NaN];
const NUMBER_TEXT_SAMPLES = ['', ' 7 ', '12', '1.5', '-3', '1e3', '0x10', '12abc', 'abc', 'Infinity'];
const DATE_SAMPLES = [
  '2026-11-23',
  ' 2026-11-23 ',
  '2026-02-29',
  '2024-02-29',
  '1899-12-31',
  '3000-01-01',
  '2026-11-23T10:00:00Z',
  '2026-11-23T10:00:00.5+01:00',
  '2026-11-23T10:00Z',
  '2026-11-23T10:00:00',
];
const CHOICE_SAMPLES = [
  'SAME_DAY',
  'ON_OS',
  'same_day',
  'STANDARD',
  'DOM',
  'BIKE',
  'createdAt',
  'customerCharge',
  'asc',
  'DESC',
  'Desc',
  'sideways',
];
const LIST_SAMPLES = [
  'SPLIT',
  'SPLIT,FAILURE',
  ' SPLIT , FAILURE ',
  ['SPLIT', 'FAILURE'],
  ['SPLIT,FAILURE', 'RETURN'],
  'SPLIT,,',
  ',',
  'split',
  'delivered,failed',
  ['delivered', 'cancelled'],
  'quote',
  Array.from({ length: 50 }, () => 'SPLIT'),
  Array.from({ length: 51 }, () => 'SPLIT'),
  [1],
  [null],
];
const ODD_SAMPLES = [
  undefined,
  null,
  true,
  false,
  'true',
  '1',
  'x'.repeat(5_000),
  'a\u0000b',
  [],
  ['12'],
  ['a', 'b'],
  {},
  { value: 1 },
];
const SAMPLES: unknown[] = [
  ...TEXT_SAMPLES,
  ...NUMBER_SAMPLES,
  ...NUMBER_TEXT_SAMPLES,
  ...DATE_SAMPLES,
  ...CHOICE_SAMPLES,
  ...LIST_SAMPLES,
  ...ODD_SAMPLES,
];

describe('the booking list’s URL', () => {
  it('keeps a page the API can skip to at the largest page size, and drops a larger one as a broken link', () => {
    const last = MAX_PAGE_SKIP / BOOKING_MAX_PAGE_SIZE;
    expect(bookingListSearchSchema.parse({ page: String(last) }).page).toBe(last);
    expect(bookingListSearchSchema.parse({ page: String(last + 1) }).page).toBeUndefined();
    expect(bookingListSearchSchema.parse({ page: '2147483647' }).page).toBeUndefined();
  });

  it('carries every filter of the API but the mode’s', () => {
    const userFilters = Object.keys(bookingFilterShape).filter(
      (key) => !(MODE_FILTER_KEYS as readonly string[]).includes(key),
    );
    expect(BOOKING_FILTER_KEYS).toEqual(userFilters);
  });

  it.each(BOOKING_FILTER_KEYS)('reads %s as the API’s schema does, keeping and dropping the same values', (key) => {
    const api = throughApi(bookingFilterShape[key]);
    for (const value of SAMPLES) {
      const fromUrl = bookingListSearchSchema.parse({ [key]: value })[key];
      expect({ value, read: fromUrl }).toEqual({ value, read: api.parse(value) });
    }
  });

  it('leaves out what the user did not choose, the API’s defaults included', () => {
    expect(bookingListSearchSchema.parse({})).toEqual({});
    expect(bookingListSearchSchema.parse({ sortDirection: 'DESC', tags: JOB_TAGS[0] })).toEqual({
      sortDirection: 'desc',
      tags: [JOB_TAGS[0]],
    });
  });

  it('keeps the page, the page size and the place’s name within their limits', () => {
    expect(bookingListSearchSchema.parse({ page: '3', size: 5000, placeName: 'Dublin Port' })).toEqual({
      page: 3,
      size: 5000,
      placeName: 'Dublin Port',
    });
    expect(bookingListSearchSchema.parse({ page: -1, size: 5001, placeName: 'x'.repeat(201) })).toEqual({
      page: undefined,
      size: undefined,
      placeName: undefined,
    });
  });
});
