import type { ServerArea } from '../area.ts';
import { userRoutes } from './routes.ts';
import { userSearchRoutes } from './search-routes.ts';

/** The signed-in user, and staff look-ups of users. */
export const usersArea: ServerArea = { name: 'users', routes: [userRoutes, userSearchRoutes] };
