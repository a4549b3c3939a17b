import { notifications } from '@mantine/notifications';

/** Toast durations of spec 1 §9; ALWAYS stays until closed. */
export const TOAST_DURATIONS = { SHORT: 4000, NORMAL: 10000, LONG: 20000, ALWAYS: false } as const;
export type ToastDuration = keyof typeof TOAST_DURATIONS;
export type ToastType = 'error' | 'success' | 'info' | 'warn' | 'loading';

const DEFAULT_DURATION_MS = 3000;
const colours: Record<ToastType, string> = {
  error: 'red',
  success: 'green',
  info: 'blue',
  warn: 'orange',
  loading: 'blue',
};

/** Shows a toast; the same title and message twice is shown once (duplicates ignored). */
export function toast({
  title,
  message,
  type = 'info',
  duration,
}: {
  title?: string;
  message: string;
  type?: ToastType;
  duration?: ToastDuration;
}): void {
  const id = `general:${type}:${title ?? ''}:${message}`;
  notifications.hide(id);
  notifications.show({
    id,
    title,
    message,
    color: colours[type],
    loading: type === 'loading',
    autoClose: duration ? TOAST_DURATIONS[duration] : DEFAULT_DURATION_MS,
    withCloseButton: true,
    // Mantine's defaults fail axe: an unnamed close button and a gray-6 description (3.3:1 on white).
    closeButtonProps: { 'aria-label': 'Close notification' },
    styles: { description: { color: 'var(--mantine-color-gray-8)' } },
  });
}
