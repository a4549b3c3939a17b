import { notifications, notificationsStore } from '@mantine/notifications';
import { beforeEach, expect, it } from 'vitest';
import { clearToasts, toast } from './toast.ts';

// A form's error toast on a new attempt: the problems of the attempt before, put right since, must
// not stay on screen beside the new ones.

const messagesOnScreen = () => {
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue].map((item) => `${String(item.title)}: ${String(item.message)}`);
};

beforeEach(() => notifications.clean());

it('a toast that replaces takes the place of the one before with the same type and title, and no other', () => {
  toast({ type: 'error', title: 'Error Creating Price Adjustment', message: 'Please select an adjustment type' });
  toast({ type: 'error', title: 'Error Saving Pay', message: 'Basic Pay must be 0 or more.' });
  toast({ type: 'info', title: 'Error Creating Price Adjustment', message: 'Not an error.' });
  toast({
    type: 'error',
    title: 'Error Creating Price Adjustment',
    message: 'Please select a task\nCost must be 0 or more.',
    replace: true,
  });
  expect(messagesOnScreen()).toEqual([
    'Error Saving Pay: Basic Pay must be 0 or more.',
    'Error Creating Price Adjustment: Not an error.',
    'Error Creating Price Adjustment: Please select a task\nCost must be 0 or more.',
  ]);
});

it('the same toast again, replacing, stays as it is', () => {
  const same = { type: 'error', title: 'Error Creating Price Adjustment', message: 'Please select a task' } as const;
  toast(same);
  const [first] = notificationsStore.getState().notifications;
  toast({ ...same, replace: true });
  expect(notificationsStore.getState().notifications).toEqual([first]);
});

it('without replacing, the toasts of one title stand side by side until cleared', () => {
  toast({ type: 'error', title: 'Error Saving Pay', message: 'One.' });
  toast({ type: 'error', title: 'Error Saving Pay', message: 'Two.' });
  expect(messagesOnScreen()).toEqual(['Error Saving Pay: One.', 'Error Saving Pay: Two.']);
  clearToasts({ type: 'error', title: 'Error Saving Pay' });
  expect(messagesOnScreen()).toEqual([]);
});
