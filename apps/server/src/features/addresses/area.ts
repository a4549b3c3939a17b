import type { ServerArea } from '../area.ts';
import { addressRoutes } from './routes.ts';

/** Places (search, create) and the address books. */
export const addressesArea: ServerArea = { name: 'addresses', routes: [addressRoutes] };
