import { notifications, notificationsStore } from '@mantine/notifications';
import { notifyWhenHidden } from './browser-notifications.ts';
import { wantToastHost } from './toast-host-signal.ts';
import type { NotificationType } from './notification-types.ts';

/** Toast durations of spec 1 §9; ALWAYS stays until closed. */
export const TOAST_DURATIONS = { SHORT: 4000, NORMAL: 10000, LONG: 20000, ALWAYS: false } as const;
export type ToastDuration = keyof typeof TOAST_DURATIONS;

const DEFAULT_DURATION_MS = 3000;
/** The group of spec 1 §9: every toast is in 'general', and its id says which toast it is. */
const GROUP = 'general';

/**
 * The look of each notification type of spec 1 §4: the colour of the toast's bar, and a spinner for
 * loading. Driver and auto-dispatch news stand apart from the app's own outcomes.
 */
const LOOKS: Record<NotificationType, { color: string; loading?: boolean }> = {
  error: { color: 'red' },
  success: { color: 'green' },
  info: { color: 'blue' },
  warn: { color: 'orange' },
  loading: { color: 'blue', loading: true },
  driver: { color: 'grape' },
  'auto-dispatch': { color: 'cyan' },
  notification: { color: 'dark' },
};

const isOnScreen = (id: string) => {
  const { notifications: shown, queue } = notificationsStore.getState();
  return shown.some((item) => item.id === id) || queue.some((item) => item.id === id);
};

/** Hides the toasts whose id starts with `prefix`, shown or waiting, but for the one with id `keep`. */
function hideToasts(prefix: string, keep?: string): void {
  const { notifications: shown, queue } = notificationsStore.getState();
  for (const item of [...shown, ...queue])
    if (item.id?.startsWith(prefix) && item.id !== keep) notifications.hide(item.id);
}

/**
 * Shows a toast (bottom left, spec 1 §9). The same toast while it is still shown or waiting to be
 * shown is ignored: it is not shown again, its time is not restarted, and it is not sent to the
 * browser again. With the tab in the background (or `force`), the toast also goes to a browser
 * notification by the rule of spec 1 §4 (permission granted, not a driver toast). A message of
 * several lines (a form's problems, one a line) is shown line by line.
 */
export function toast({
  title,
  message,
  type = 'info',
  duration,
  force = false,
  replace = false,
}: {
  title?: string;
  message: string;
  type?: NotificationType;
  duration?: ToastDuration;
  /** Also to the browser while the tab is in view (spec 1 §4 'or forced'). */
  force?: boolean;
  /**
   * Takes the place of the toasts of the same type and title still shown or waiting: a form's
   * problems on a new attempt, so the list of the attempt before, put right since, does not stay.
   */
  replace?: boolean;
}): void {
  const id = `${GROUP}:${type}:${title ?? ''}:${message}`;
  if (replace) hideToasts(`${GROUP}:${type}:${title ?? ''}:`, id);
  if (isOnScreen(id)) return;
  const look = LOOKS[type];
  // The host may not be loaded yet (main.tsx): the toast waits in the store until it is.
  wantToastHost();
  notifications.show({
    id,
    title,
    message,
    color: look.color,
    loading: look.loading ?? false,
    autoClose: duration ? TOAST_DURATIONS[duration] : DEFAULT_DURATION_MS,
    withCloseButton: true,
    // Mantine's defaults fail axe: an unnamed close button and a gray-6 description (3.3:1 on white).
    closeButtonProps: { 'aria-label': 'Close notification' },
    styles: { description: { color: 'var(--mantine-color-gray-8)', whiteSpace: 'pre-line' } },
  });
  notifyWhenHidden(title ?? message, title ? message : '', { type, force });
}

/**
 * Takes away the toasts of one kind and title still shown or waiting (an 'Error Creating Price
 * Adjustment' once the adjustment has been created): a problem put right no longer stands beside
 * the success for the rest of its ten seconds.
 */
export function clearToasts({ type, title }: { type: NotificationType; title: string }): void {
  hideToasts(`${GROUP}:${type}:${title}:`);
}
