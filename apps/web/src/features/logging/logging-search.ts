import { BACKGROUND_RUN_DEFAULT_PAGE_SIZE, BACKGROUND_RUN_STATUSES } from '@courier/domain/background/enums';
import { QUEUE_GROUPS } from '@courier/domain/background/queue-groups';
import { MAX_DB_ID } from '@courier/domain/common/input-checks';
import type { RunListFilter } from '@/api/background-runs.ts';
import {
  choiceParam,
  pageParam,
  searchParams,
  textParam,
  wholeNumberParam,
  type SearchOf,
} from '@/routing/search-params.ts';

/** Runs a page of the queue log shows. */
export const RUN_PAGE_SIZE = BACKGROUND_RUN_DEFAULT_PAGE_SIZE;

/** The longest search text the URL keeps (and the server takes): the search box stops there. */
export const LOG_SEARCH_MAX_LENGTH = 200;

/**
 * The Logs screen in the URL (a bad value is dropped, never an error page): the tab (Admin when
 * absent: spec 1 §2 'Admin (selected on load)'), the queue log's filters and zero-based page, and
 * the run whose log is open.
 */
const loggingParams = {
  tab: choiceParam(QUEUE_GROUPS),
  kind: textParam({ trim: true, minLength: 1, maxLength: 100 }),
  status: choiceParam(BACKGROUND_RUN_STATUSES),
  text: textParam({ trim: true, minLength: 1, maxLength: LOG_SEARCH_MAX_LENGTH }),
  page: pageParam(RUN_PAGE_SIZE),
  run: wholeNumberParam({ min: 1, max: MAX_DB_ID }),
};
export const loggingSearchSchema = searchParams(loggingParams);
export type LoggingSearch = SearchOf<typeof loggingParams>;

/** The run list GET /background/runs is asked for from the URL. */
export function runListFilterOf(search: LoggingSearch): RunListFilter {
  return {
    group: search.tab ?? 'admin',
    kind: search.kind,
    status: search.status,
    text: search.text,
    size: RUN_PAGE_SIZE,
    skip: (search.page ?? 0) * RUN_PAGE_SIZE,
  };
}
