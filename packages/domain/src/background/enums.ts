// A background run's states and log levels, and the page sizes of the run list and a run's log
// (docs/decisions/007). Without zod, so the Logs screen's URL can be read before any schema is built.

export const BACKGROUND_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type BackgroundRunStatus = (typeof BACKGROUND_RUN_STATUSES)[number];

/** A run's state as office staff read it. */
export const RUN_STATUS_LABELS: Record<BackgroundRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};

export const BACKGROUND_LOG_LEVELS = ['info', 'change', 'skip', 'error'] as const;

export const BACKGROUND_RUN_MAX_PAGE_SIZE = 200;
export const BACKGROUND_RUN_DEFAULT_PAGE_SIZE = 50;
export const BACKGROUND_LOG_MAX_PAGE_SIZE = 1000;
export const BACKGROUND_LOG_DEFAULT_PAGE_SIZE = 100;
