// The notification types of spec 1 §4, written once: a toast has one of them (its look is in
// toast.ts), and the same type decides whether it may also reach the browser
// (browser-notifications.ts: every type but driver).
export type NotificationType =
  'error' | 'success' | 'info' | 'warn' | 'loading' | 'driver' | 'auto-dispatch' | 'notification';
