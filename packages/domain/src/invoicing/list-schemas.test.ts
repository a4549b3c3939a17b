import { describe, expect, it } from 'vitest';
import { invoicePeriodListQuerySchema, PENDING_INVOICE_PERIOD_STATUSES } from './list-schemas.ts';

describe('invoice list query (spec 1 §7, §9)', () => {
  it('defaults to the first 10, every status, weekly and monthly both on', () => {
    expect(invoicePeriodListQuerySchema.parse({})).toEqual({
      size: 10,
      skip: 0,
      pending: false,
      weekly: true,
      monthly: true,
    });
  });

  it('reads the query string: flags as true/false or 1/0, ids and sizes as numbers, end as a day', () => {
    expect(
      invoicePeriodListQuerySchema.parse({
        size: '5000',
        skip: '20',
        companyId: '7',
        end: '2026-10-25',
        pending: 'true',
        weekly: '0',
        monthly: '1',
      }),
    ).toEqual({ size: 5000, skip: 20, companyId: 7, end: '2026-10-25', pending: true, weekly: false, monthly: true });
  });

  it.each([
    [{ size: '5001' }, 'size must be at most 5000.'],
    [{ size: '0' }, 'size must be at least 1.'],
    [{ end: '2026-02-29' }, 'end must be a date (yyyy-MM-dd).'],
    [{ end: '2028-02-30' }, 'end must be a date (yyyy-MM-dd).'],
    [{ pending: 'yes' }, 'pending must be true or false.'],
    [{ companyId: '0' }, 'companyId must be at least 1.'],
  ])('refuses %j: %s', (query, message) => {
    expect(invoicePeriodListQuerySchema.safeParse(query).error?.issues[0]?.message).toBe(message);
  });

  it('takes the leap day of a leap year', () => {
    expect(invoicePeriodListQuerySchema.parse({ end: '2028-02-29' }).end).toBe('2028-02-29');
  });

  it('counts IN_REVIEW and FINALISED as pending: closed, not yet invoiced', () => {
    expect(PENDING_INVOICE_PERIOD_STATUSES).toEqual(['IN_REVIEW', 'FINALISED']);
  });
});
