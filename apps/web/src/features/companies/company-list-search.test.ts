import { describe, expect, it } from 'vitest';
import { COMPANY_SEARCH_MAX_LENGTH } from '@courier/domain/companies/limits';
import { companyListBodySchema } from '@courier/domain/companies/schemas';
import { companyListBodyOf, companyListSearchSchema } from './company-list-search.ts';

describe('the company list URL', () => {
  it('keeps a search the API takes and drops a longer one, which the API would refuse with a 400', () => {
    const longest = 'x'.repeat(COMPANY_SEARCH_MAX_LENGTH);
    expect(companyListSearchSchema.parse({ q: longest }).q).toBe(longest);
    expect(companyListSearchSchema.parse({ q: `${longest}x` })).toEqual({ q: undefined });
  });

  it('keeps a page whose skip the API takes and drops a larger one (a broken link), which the API would refuse with a 400', () => {
    const last = 10_000_000;
    expect(companyListSearchSchema.parse({ page: last }).page).toBe(last);
    expect(companyListBodySchema.safeParse(companyListBodyOf({ page: last })).success).toBe(true);
    expect(companyListSearchSchema.parse({ page: last + 1 })).toEqual({ page: undefined });
    expect(companyListBodySchema.safeParse(companyListBodyOf({ page: last + 1 })).success).toBe(false);
  });
});
