import type { Role } from '@courier/domain/auth/roles';
import type { DispatchUserRole } from '@courier/domain/drivers/enums';

/** A user's roles as the setup list shows them (labels, never the stored names). */
export const ROLE_LABELS: Record<Role, string> = {
  CUSTOMER: 'Customer',
  DISPATCHER: 'Dispatcher',
  TELEPHONIST: 'Telephonist',
  ACCOUNTS: 'Accounts',
  DRIVER: 'Driver',
  PRICING: 'Pricing',
  MANAGER: 'Manager',
  SUPERADMIN: 'Super admin',
};

/** The dispatch roles the profile editor offers (spec 2 §6). */
export const DISPATCH_ROLE_LABELS: Record<DispatchUserRole, string> = {
  DRIVER: 'Driver',
  DISPATCHER: 'Dispatcher',
};

/** 'Accounts, Dispatcher'; a name the app does not know is shown as it is stored. */
export function rolesText(roles: readonly string[]): string {
  return roles.map((role) => ROLE_LABELS[role as Role] ?? role).join(', ');
}
