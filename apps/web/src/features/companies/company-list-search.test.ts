import { describe, expect, it } from 'vitest';
import { COMPANY_SEARCH_MAX_LENGTH } from '@courier/domain/companies/limits';
import { companyListSearchSchema } from './company-list-search.ts';

describe('the company list URL', () => {
  it('keeps a search the API takes and drops a longer one, which the API would refuse with a 400', () => {
    const longest = 'x'.repeat(COMPANY_SEARCH_MAX_LENGTH);
    expect(companyListSearchSchema.parse({ q: longest }).q).toBe(longest);
    expect(companyListSearchSchema.parse({ q: `${longest}x` })).toEqual({ q: undefined });
  });
});
