// Limits of the user lists and searches (spec 1 §5): a typed search is sent from 3 characters and
// holds at most 100, a request lists at most 100 users. Without zod, so screens that only need these
// load no schema.

export const USER_LIST_MAX_SIZE = 100;
export const USER_SEARCH_MIN_LENGTH = 3;
export const USER_SEARCH_MAX_LENGTH = 100;
