import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Where toasts show (spec 1 §9): bottom left, 400 px wide, five at a time. main.tsx loads it lazily,
 * after the first screen's own code: the sign-in page and a cold start no longer run and draw it
 * before their first paint (issue 10). A toast raised before it is drawn waits in the store and shows
 * when it is.
 */
export function NotificationsHost() {
  return <Notifications position="bottom-left" w={400} limit={5} />;
}
