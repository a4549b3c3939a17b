// Limits of the company list's input, without zod: the list's URL reader and search box use them on
// the first screen, the API's schema (schemas.ts) checks them.

/** The longest company search the API takes (POST /company searchQuery, trimmed). */
export const COMPANY_SEARCH_MAX_LENGTH = 100;
