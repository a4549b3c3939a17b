import { describe, expect, it } from 'vitest';
import {
  AREAS,
  canAccessArea,
  hasAccess,
  isBackOfficeUser,
  levelOf,
  parseRoles,
  rankOf,
  ROLES,
  rolesText,
  type Area,
} from './roles.ts';

/** The users of the matrix: one per role, one with no roles, one with a role the system does not know. */
const USERS: Record<string, string[]> = {
  SUPERADMIN: ['SUPERADMIN'],
  MANAGER: ['MANAGER'],
  ACCOUNTS: ['ACCOUNTS'],
  PRICING: ['PRICING'],
  DISPATCHER: ['DISPATCHER'],
  TELEPHONIST: ['TELEPHONIST'],
  DRIVER: ['DRIVER'],
  CUSTOMER: ['CUSTOMER'],
  'no roles': [],
  'unknown role': ['JANITOR'],
};
const COLUMNS = Object.keys(USERS);

// Spec 1 §6, worked out by hand: Y = may, . = may not. A user gets in by holding a listed role, or by
// a level strictly above the highest listed role's level (MANAGER 3 over the level-2 roles,
// SUPERADMIN 4 over MANAGER). Equal level is not enough: PRICING (2) does not get ACCOUNTS (2) areas.
//                                 SA MA AC PR DI TE DR CU -- ??
const EXPECTED: Record<Area, string> = {
  shell: 'Y  Y  Y  Y  Y  Y  .  .  .  .',
  companies: 'Y  Y  Y  .  Y  Y  .  .  .  .',
  companyDetails: 'Y  Y  Y  Y  Y  Y  .  .  .  .',
  bookings: 'Y  Y  Y  .  Y  Y  .  .  .  .',
  companyTabBookings: 'Y  Y  Y  Y  Y  Y  .  .  .  .',
  invoicing: 'Y  Y  Y  .  .  .  .  .  .  .',
  reports: 'Y  Y  Y  .  .  .  .  .  .  .',
  driverList: 'Y  Y  Y  .  Y  .  .  .  .  .',
  driverSetup: 'Y  Y  Y  .  .  .  .  .  .  .',
  driverPay: 'Y  Y  Y  .  .  .  .  .  .  .',
  pricing: 'Y  Y  .  Y  .  .  .  .  .  .',
  reviews: 'Y  Y  .  .  .  .  .  .  .  .',
  addresses: 'Y  Y  .  .  Y  .  .  .  .  .',
  logging: 'Y  .  .  .  .  .  .  .  .  .',
  companyTabPricing: 'Y  Y  .  Y  .  .  .  .  .  .',
  companyTabSetCalls: 'Y  Y  .  .  Y  .  .  .  .  .',
  companyTabInvoices: 'Y  Y  Y  .  .  .  .  .  .  .',
  companyTabAddressBook: 'Y  Y  Y  .  .  .  .  .  .  .',
  seePrices: 'Y  Y  Y  .  .  .  .  .  .  .',
  editPrices: 'Y  Y  .  Y  .  .  .  .  .  .',
  editClientReferences: 'Y  Y  Y  Y  Y  Y  .  .  .  .',
  supportSignIn: 'Y  .  .  .  .  .  .  .  .  .',
};

function expectedFor(area: Area, column: number): boolean {
  const cell = EXPECTED[area].split(/\s+/)[column];
  if (cell !== 'Y' && cell !== '.') throw new Error(`Bad matrix cell for ${area}, column ${column}: ${cell}`);
  return cell === 'Y';
}

describe('the access rule (spec 1 §6) for every role against every area', () => {
  it('the matrix covers exactly the areas of the AREAS table, one cell per user', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(AREAS).sort());
    for (const row of Object.values(EXPECTED)) expect(row.split(/\s+/)).toHaveLength(COLUMNS.length);
  });

  const cases = (Object.keys(AREAS) as Area[]).flatMap((area) =>
    COLUMNS.map((user, column) => ({ area, user, roles: USERS[user] ?? [], allowed: expectedFor(area, column) })),
  );
  it.each(cases)('$area: $user → $allowed', ({ area, roles, allowed }) => {
    expect(canAccessArea(roles, area)).toBe(allowed);
    expect(hasAccess(roles, AREAS[area])).toBe(allowed);
  });
});

describe('hasAccess', () => {
  it('grants everyone, even a user with no roles, when no role is required', () => {
    expect(hasAccess([], [])).toBe(true);
    expect(hasAccess(['JANITOR'], [])).toBe(true);
  });

  it('grants by any one of several roles a user holds', () => {
    expect(hasAccess(['CUSTOMER', 'DISPATCHER'], ['DISPATCHER'])).toBe(true);
    expect(hasAccess(['DRIVER', 'PRICING'], ['ACCOUNTS', 'PRICING'])).toBe(true);
  });

  it('uses the highest of the user’s roles for the level', () => {
    expect(hasAccess(['CUSTOMER', 'MANAGER'], ['ACCOUNTS'])).toBe(true);
    expect(hasAccess(['CUSTOMER', 'DRIVER'], ['ACCOUNTS'])).toBe(false);
  });

  it('compares with the highest level among the required roles', () => {
    // The highest required here is SUPERADMIN (4): MANAGER (3) is not above it, though it is above ACCOUNTS.
    expect(hasAccess(['MANAGER'], ['ACCOUNTS', 'SUPERADMIN'])).toBe(false);
    expect(hasAccess(['SUPERADMIN'], ['ACCOUNTS', 'MANAGER'])).toBe(true);
    expect(hasAccess(['DRIVER'], ['CUSTOMER'])).toBe(true);
    expect(hasAccess(['CUSTOMER'], ['CUSTOMER'])).toBe(true);
  });

  it('does not let an unknown role count as a required role or as a level', () => {
    expect(hasAccess(['janitor'], ['ACCOUNTS'])).toBe(false);
    expect(hasAccess(['accounts'], ['ACCOUNTS'])).toBe(false);
  });
});

describe('isBackOfficeUser', () => {
  it('is true for staff who reach the shell and false for drivers, customers and users with no roles', () => {
    expect(isBackOfficeUser(['PRICING'])).toBe(true);
    expect(isBackOfficeUser(['MANAGER'])).toBe(true);
    expect(isBackOfficeUser(['DRIVER'])).toBe(false);
    expect(isBackOfficeUser(['CUSTOMER'])).toBe(false);
    expect(isBackOfficeUser([])).toBe(false);
  });
});

describe('parseRoles', () => {
  it('parses the JSON string GET /api/user sends', () => {
    expect(parseRoles('["ACCOUNTS"]')).toEqual(['ACCOUNTS']);
    expect(parseRoles('["DISPATCHER","TELEPHONIST"]')).toEqual(['DISPATCHER', 'TELEPHONIST']);
    expect(parseRoles('[]')).toEqual([]);
  });

  it('accepts an array as is', () => {
    expect(parseRoles(['MANAGER', 'SUPERADMIN'])).toEqual(['MANAGER', 'SUPERADMIN']);
  });

  it('drops anything that is not a known role name', () => {
    expect(parseRoles('["ACCOUNTS", 5, "JANITOR", null, "accounts"]')).toEqual(['ACCOUNTS']);
    expect(parseRoles(['PRICING', { role: 'MANAGER' }])).toEqual(['PRICING']);
  });

  it.each([
    ['text that is not JSON', 'ACCOUNTS'],
    ['broken JSON', '["ACCOUNTS"'],
    ['a JSON string', '"ACCOUNTS"'],
    ['a JSON object', '{"roles":["ACCOUNTS"]}'],
    ['JSON null', 'null'],
    ['an empty string', ''],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['an object', { 0: 'ACCOUNTS' }],
  ])('gives no roles for %s', (_label, value) => {
    expect(parseRoles(value)).toEqual([]);
  });
});

describe('levelOf and rankOf', () => {
  it.each([
    [[], 0],
    [['CUSTOMER'], 1],
    [['DISPATCHER'], 2],
    [['TELEPHONIST'], 2],
    [['ACCOUNTS'], 2],
    [['DRIVER'], 2],
    [['PRICING'], 2],
    [['MANAGER'], 3],
    [['SUPERADMIN'], 4],
    [['JANITOR'], 0],
    [['CUSTOMER', 'MANAGER', 'DRIVER'], 3],
    [['SUPERADMIN', 'CUSTOMER'], 4],
    [['JANITOR', 'CUSTOMER'], 1],
  ])('levelOf(%j) is %i', (roles, level) => {
    expect(levelOf(roles)).toBe(level);
  });

  it('ranks unknown names and lower-case names 0', () => {
    expect(rankOf('JANITOR')).toBe(0);
    expect(rankOf('manager')).toBe(0);
    expect(rankOf('')).toBe(0);
    expect(rankOf('MANAGER')).toBe(3);
  });
});

describe('rolesText', () => {
  it('names roles as staff read them, in the order given; an unknown name as it is stored', () => {
    expect(rolesText(['SUPERADMIN', 'ACCOUNTS'])).toBe('Super admin, Accounts');
    expect(rolesText(['CUSTOMER'])).toBe('Customer');
    expect(rolesText(['ARCHIVIST'])).toBe('ARCHIVIST');
    expect(rolesText([])).toBe('');
  });

  it('has a label for every role, none of them the stored name', () => {
    for (const role of ROLES) expect(rolesText([role])).not.toBe(role);
  });
});
