import { messageRunHandlers } from '../../platform/message-runs.ts';
import type { ServerArea } from '../area.ts';
import { backgroundRoutes } from './routes.ts';

/**
 * The read API of background runs, for the queue-log screens (the runner itself is platform), and the
 * runs that deliver every outgoing e-mail, SMS and push message the areas queue.
 */
export const backgroundArea: ServerArea = {
  name: 'background',
  routes: [backgroundRoutes],
  runHandlers: ({ config }) => messageRunHandlers({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
};
