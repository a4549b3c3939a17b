// Browser (system) notifications, spec 1 §4 'Browser notifications' and 'Notification types': the
// permission is default (ask first, in our own dialog), granted, denied or unsupported; a
// notification goes to the browser only when the tab is in the background (or forced), permission
// is not blocked and the type is not driver.

import type { NotificationType } from './notification-types.ts';

export type BrowserNotificationPermission = 'default' | 'granted' | 'denied' | 'unsupported';

export const BROWSER_NOTIFICATION_TEXTS = {
  askTitle: 'Enable Notifications',
  ask: 'We can tell you when long work such as invoice finalising, reports and price increases finishes while you are working in another tab. Please accept notifications in the next pop up.',
  blockedTitle: 'Browser Notifications Blocked',
  blocked: 'Please reset the permissions for notifications for this site.',
  howToUnblock:
    'Click the icon to the left of the address bar, choose Site settings (or Permissions), set Notifications to Allow, then reload this page.',
  enabledTitle: 'Notifications Enabled',
  enabled: 'Browser notifications have been set up correctly.',
  unsupported: 'This browser cannot show notifications.',
} as const;

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** Where the browser's permission stands now. */
export function browserNotificationPermission(): BrowserNotificationPermission {
  return supported() ? Notification.permission : 'unsupported';
}

/** Asks the browser (its own pop up); answers where the permission stands afterwards. */
export async function requestBrowserNotificationPermission(): Promise<BrowserNotificationPermission> {
  if (!supported()) return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    // Old Safari takes a callback and returns nothing; its answer is read from the property.
    return Notification.permission;
  }
}

/** The rule of spec 1 §4: in the background or forced, permission not blocked, and not a driver notification. */
export function goesToBrowser({
  type,
  hidden,
  force = false,
  permission,
}: {
  type: NotificationType;
  hidden: boolean;
  force?: boolean;
  permission: BrowserNotificationPermission;
}): boolean {
  return (hidden || force) && permission === 'granted' && type !== 'driver';
}

/**
 * Shows a system notification when the rule of spec 1 §4 lets it (goesToBrowser): the tab is hidden
 * (long work finished, or a toast shown, while the user is elsewhere) or it is forced; clicking it
 * brings the tab back. Answers whether one was shown. Unless forced, nothing happens when the tab is
 * visible: the screen itself tells the user.
 */
export function notifyWhenHidden(
  title: string,
  body: string,
  { type = 'notification', force = false }: { type?: NotificationType; force?: boolean } = {},
): boolean {
  const show = goesToBrowser({
    type,
    force,
    hidden: typeof document !== 'undefined' && document.visibilityState === 'hidden',
    permission: browserNotificationPermission(),
  });
  if (!show) return false;
  try {
    const notification = new Notification(title, { body, tag: `general:${title}:${body}` });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
    return true;
  } catch {
    // Chrome on Android only notifies through a service worker; the screen still shows the outcome.
    return false;
  }
}
