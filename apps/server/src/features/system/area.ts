import type { ServerArea } from '../area.ts';
import { systemRoutes } from './routes.ts';

/** Health and version, and the OpenAPI document's home. */
export const systemArea: ServerArea = { name: 'system', routes: [systemRoutes] };
