// Roles, ranks and the access rule of spec 1 §6. Used by the server (route guards) and the web
// app (route guard, sidebar, tabs), so the rule is written and tested once.

export const ROLES = [
  'CUSTOMER',
  'DISPATCHER',
  'TELEPHONIST',
  'ACCOUNTS',
  'DRIVER',
  'PRICING',
  'MANAGER',
  'SUPERADMIN',
] as const;
export type Role = (typeof ROLES)[number];

const RANKS: Record<Role, number> = {
  CUSTOMER: 1,
  DISPATCHER: 2,
  TELEPHONIST: 2,
  ACCOUNTS: 2,
  DRIVER: 2,
  PRICING: 2,
  MANAGER: 3,
  SUPERADMIN: 4,
};

/** A role as office staff read it (lists, search results), never the stored name. */
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

/** 'Accounts, Dispatcher'; a name the app does not know is shown as it is stored. */
export function rolesText(roles: readonly string[]): string {
  return roles.map((role) => (isRole(role) ? ROLE_LABELS[role] : role)).join(', ');
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Rank of one role name; anything unknown ranks 0 (spec 1 §6). */
export function rankOf(role: string): number {
  return isRole(role) ? RANKS[role] : 0;
}

/** A user's level is the highest rank among their roles. */
export function levelOf(roles: readonly string[]): number {
  return roles.reduce((level, role) => Math.max(level, rankOf(role)), 0);
}

/**
 * Access is granted if the user holds at least one required role, or the user's level is strictly
 * greater than the highest level among the required roles. No required roles means open access.
 */
export function hasAccess(userRoles: readonly string[], requiredRoles: readonly Role[]): boolean {
  if (requiredRoles.length === 0) return true;
  if (requiredRoles.some((role) => userRoles.includes(role))) return true;
  return levelOf(userRoles) > levelOf(requiredRoles);
}

/**
 * The areas table of spec 1 §6 and spec 2 §6. `shell` differs from the spec's literal list:
 * pricing staff must reach the pricing area, which lives inside the shell (docs/decisions/002).
 */
export const AREAS = {
  shell: ['ACCOUNTS', 'DISPATCHER', 'TELEPHONIST', 'PRICING'],
  companies: ['ACCOUNTS', 'DISPATCHER', 'TELEPHONIST'],
  /**
   * A company's page (spec 1 §2: 'shell roles'): pricing staff open it for its Bookings and Pricing
   * tabs (issue 11), not the company list or the tabs that edit the company.
   */
  companyDetails: ['ACCOUNTS', 'DISPATCHER', 'TELEPHONIST', 'PRICING'],
  bookings: ['ACCOUNTS', 'DISPATCHER', 'TELEPHONIST'],
  /** The company Bookings tab: the booking list's readers, and pricing staff who edit its prices (issue 11). */
  companyTabBookings: ['ACCOUNTS', 'DISPATCHER', 'TELEPHONIST', 'PRICING'],
  invoicing: ['ACCOUNTS'],
  reports: ['ACCOUNTS'],
  driverList: ['ACCOUNTS', 'DISPATCHER'],
  driverSetup: ['ACCOUNTS'],
  driverPay: ['ACCOUNTS'],
  pricing: ['PRICING'],
  reviews: ['MANAGER'],
  addresses: ['DISPATCHER'],
  logging: ['SUPERADMIN'],
  companyTabPricing: ['PRICING'],
  companyTabSetCalls: ['DISPATCHER'],
  companyTabInvoices: ['ACCOUNTS'],
  companyTabAddressBook: ['ACCOUNTS'],
  // The spec's literal row; pricing edits prices and so sees them too: ask canSeePrices (bookings/price-visibility.ts).
  seePrices: ['ACCOUNTS'],
  editPrices: ['PRICING'],
  editClientReferences: ['TELEPHONIST', 'ACCOUNTS', 'PRICING', 'DISPATCHER'],
  supportSignIn: ['SUPERADMIN'],
} as const satisfies Record<string, readonly Role[]>;
export type Area = keyof typeof AREAS;

export function canAccessArea(userRoles: readonly string[], area: Area): boolean {
  return hasAccess(userRoles, AREAS[area]);
}

/** Roles arrive from GET /api/user as a JSON string (spec 1 §2 'Route guard'). */
export function parseRoles(value: unknown): Role[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? list.filter(isRole) : [];
}

/** True when the user may use the back office at all (otherwise they go to the courier website). */
export function isBackOfficeUser(userRoles: readonly string[]): boolean {
  return canAccessArea(userRoles, 'shell');
}
