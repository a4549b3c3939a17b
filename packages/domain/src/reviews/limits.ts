// The reviews list's page sizes: the screen pages by 10, a request asks for at most 100. Without zod,
// so the route that starts the first page's request needs no schema (issue 10).

export const REVIEW_PAGE_SIZE = 10;
export const REVIEW_LIST_MAX_SIZE = 100;
