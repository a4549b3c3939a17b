import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  BROWSER_NOTIFICATION_TEXTS as TEXTS,
  browserNotificationPermission,
  requestBrowserNotificationPermission,
  type BrowserNotificationPermission,
} from './browser-notifications.ts';
import { ConfirmDialog, Dialog } from './dialog.tsx';
import { toast } from './toast.ts';

const LABELS: Record<Exclude<BrowserNotificationPermission, 'unsupported'>, string> = {
  default: 'Enable Notifications',
  granted: 'Notifications On',
  denied: 'Notifications Blocked',
};

/**
 * The browser-notification switch of the user menu (spec 1 §4): with the permission not yet asked,
 * our 'Enable Notifications' dialog explains and Next lets the browser ask; blocked, it says how to
 * unblock; granted, it confirms; unsupported, it says so.
 */
export function EnableNotifications() {
  const [permission, setPermission] = useState(browserNotificationPermission);
  const [dialog, setDialog] = useState<'ask' | 'blocked' | null>(null);
  const [asking, setAsking] = useState(false);

  // A permission changed in the site settings shows when the user comes back to the tab.
  useEffect(() => {
    const refresh = () => setPermission(browserNotificationPermission());
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, []);

  if (permission === 'unsupported') {
    return (
      <Text size="xs" c="gray.8">
        {TEXTS.unsupported}
      </Text>
    );
  }

  const enabled = () => toast({ title: TEXTS.enabledTitle, message: TEXTS.enabled, type: 'success' });
  const open = () => {
    const now = browserNotificationPermission();
    setPermission(now);
    if (now === 'granted') enabled();
    else if (now === 'denied') setDialog('blocked');
    else if (now === 'default') setDialog('ask');
  };
  const next = async () => {
    setAsking(true);
    const answer = await requestBrowserNotificationPermission();
    setAsking(false);
    setPermission(answer);
    if (answer === 'granted') {
      setDialog(null);
      enabled();
    } else if (answer === 'denied') setDialog('blocked');
    else setDialog(null); // the browser's pop up was dismissed: ask again another time
  };

  return (
    <>
      <Button variant="default" size="xs" onClick={open}>
        {LABELS[permission]}
      </Button>
      <ConfirmDialog
        opened={dialog === 'ask'}
        onCancel={() => setDialog(null)}
        title={TEXTS.askTitle}
        confirm={{ label: 'Next', kind: 'CONFIRM', loading: asking, onClick: () => void next() }}
      >
        {TEXTS.ask}
      </ConfirmDialog>
      <Dialog
        opened={dialog === 'blocked'}
        onClose={() => setDialog(null)}
        title={TEXTS.blockedTitle}
        actions={[{ label: 'OK', kind: 'CONFIRM', onClick: () => setDialog(null) }]}
      >
        <Stack gap="xs">
          <Text>{TEXTS.blocked}</Text>
          <Text size="sm">{TEXTS.howToUnblock}</Text>
        </Stack>
      </Dialog>
    </>
  );
}
