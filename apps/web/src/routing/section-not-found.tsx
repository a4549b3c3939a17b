import type { NotFoundRouteProps } from '@tanstack/react-router';
import { NoAccessState } from '@/ui/no-access.tsx';
import { NotFoundScreen } from '@/ui/not-found.tsx';
import { isNoAccess } from './route-errors.ts';

/** A section's not-found boundary, inside the shell: 'no access' for a refused role, else the not-found screen. */
export function SectionNotFound({ data }: NotFoundRouteProps) {
  return isNoAccess(data) ? <NoAccessState /> : <NotFoundScreen />;
}
