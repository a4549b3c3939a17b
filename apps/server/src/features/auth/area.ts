import type { ServerArea } from '../area.ts';
import { authRoutes } from './routes.ts';

/** Sign-in, sessions, codes and support grants. */
export const authArea: ServerArea = { name: 'auth', routes: [authRoutes] };
