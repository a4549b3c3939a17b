import { z } from 'zod';
import { QUEUE_GROUPS } from '@courier/domain/background/queue-groups';
import { BACKGROUND_RUN_DEFAULT_PAGE_SIZE, BACKGROUND_RUN_STATUSES } from '@courier/domain/background/enums';
import type { RunListFilter } from '@/api/background-runs.ts';

/** Runs a page of the queue log shows. */
export const RUN_PAGE_SIZE = BACKGROUND_RUN_DEFAULT_PAGE_SIZE;

/**
 * The Logs screen in the URL (a bad value is dropped, never an error page): the tab (Admin when
 * absent: spec 1 §2 'Admin (selected on load)'), the queue log's filters and zero-based page, and
 * the run whose log is open.
 */
export const loggingSearchSchema = z.object({
  tab: z.enum(QUEUE_GROUPS).optional().catch(undefined),
  kind: z.string().trim().min(1).max(100).optional().catch(undefined),
  status: z.enum(BACKGROUND_RUN_STATUSES).optional().catch(undefined),
  text: z.string().trim().min(1).max(200).optional().catch(undefined),
  page: z.number().int().min(0).max(1_000_000).optional().catch(undefined),
  run: z.number().int().min(1).max(2_147_483_647).optional().catch(undefined),
});
export type LoggingSearch = z.infer<typeof loggingSearchSchema>;

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
