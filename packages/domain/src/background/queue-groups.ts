// The queue groups of the Logs section (spec 1 §2 '/logging': tabs Admin and Dispatch; §3 'Logging
// tabs: ADMIN, DISPATCH'): which background runs each tab's queue log shows, and the words office
// staff read for a run's kind and state. One list, used by the server's filter and the screen.

export const QUEUE_GROUPS = ['admin', 'dispatch'] as const;
export type QueueGroup = (typeof QUEUE_GROUPS)[number];

export const QUEUE_GROUP_LABELS: Record<QueueGroup, string> = { admin: 'Admin', dispatch: 'Dispatch' };

export interface BackgroundRunKindInfo {
  kind: string;
  label: string;
  group: QueueGroup;
}

/**
 * Every kind of background run and its queue. Office work (reports, e-mails, invoicing, increases,
 * driver documents, pay) is Admin; what keeps the day's deliveries moving (set call bookings, status
 * SMS, push messages) is Dispatch. A server test checks that every kind with a handler is listed.
 */
export const BACKGROUND_RUN_KINDS: readonly BackgroundRunKindInfo[] = [
  { kind: 'invoice-report', label: 'Invoice report', group: 'admin' },
  { kind: 'invoice-finalise', label: 'Invoice finalisation', group: 'admin' },
  { kind: 'invoice-periods', label: 'Invoice periods', group: 'admin' },
  { kind: 'price-increase', label: 'Price increase', group: 'admin' },
  { kind: 'carrier-increase', label: 'Carrier increase', group: 'admin' },
  { kind: 'driver-documents', label: 'Driver documents', group: 'admin' },
  { kind: 'pay-period-review', label: 'Pay periods to review', group: 'admin' },
  { kind: 'driver-pay-report', label: 'Driver pay analysis', group: 'admin' },
  { kind: 'driver-exports', label: 'Driver pay exports', group: 'admin' },
  { kind: 'new-drivers-csv', label: 'New drivers CSV', group: 'admin' },
  { kind: 'email', label: 'E-mails', group: 'admin' },
  { kind: 'sms', label: 'SMS', group: 'admin' },
  { kind: 'set-call-run', label: 'Set call bookings', group: 'dispatch' },
  { kind: 'status-sms', label: 'Status SMS', group: 'dispatch' },
  { kind: 'push-message', label: 'Push messages', group: 'dispatch' },
];

const byKind = new Map(BACKGROUND_RUN_KINDS.map((info) => [info.kind, info]));

/** The kinds listed for a group (the Kind filter's choices). */
export function kindsOfGroup(group: QueueGroup): BackgroundRunKindInfo[] {
  return BACKGROUND_RUN_KINDS.filter((info) => info.group === group);
}

/** The kinds the Dispatch queue holds; every other kind, listed or not, is Admin's. */
export const DISPATCH_KINDS: readonly string[] = kindsOfGroup('dispatch').map((info) => info.kind);

/**
 * The queue a run of `kind` belongs to. A kind nobody listed yet is Admin's, so a new kind of run is
 * never invisible: it shows in the Admin tab until it is listed above.
 */
export function queueGroupOfKind(kind: string): QueueGroup {
  return byKind.get(kind)?.group ?? 'admin';
}

/** The kind as office staff read it: 'Price increase'; an unlisted kind-name becomes 'Kind name'. */
export function runKindLabel(kind: string): string {
  const listed = byKind.get(kind);
  if (listed) return listed.label;
  const words = kind.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : kind;
}

/** How long a run took (or has taken so far, given `now`): '45 s', '3 min 05 s', '2 h 04 min'; null before it started. */
export function runDuration(
  run: { startedAt: string | null; finishedAt: string | null },
  now: Date = new Date(),
): string | null {
  if (!run.startedAt) return null;
  const end = run.finishedAt ? Date.parse(run.finishedAt) : now.getTime();
  const seconds = Math.max(0, Math.round((end - Date.parse(run.startedAt)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** Texts of the queue-log screens (toasts and the retry dialog). */
export const QUEUE_LOG_TEXTS = {
  retryTitle: 'Retry Run',
  retryQuestion: (label: string, id: number) =>
    `Are you sure you want to retry ${label} run ${id}? It carries on from where it stopped; work already done is not repeated.`,
  retried: (id: number) => `Run ${id} has been queued again.`,
  retryFailed: 'Something went wrong. Unable to retry the run, Please try again.',
} as const;
