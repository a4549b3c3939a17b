import type { DispatchUserRole } from '@courier/domain/drivers/enums';

/** The dispatch roles the profile editor offers (spec 2 §6). */
export const DISPATCH_ROLE_LABELS: Record<DispatchUserRole, string> = {
  DRIVER: 'Driver',
  DISPATCHER: 'Dispatcher',
};
