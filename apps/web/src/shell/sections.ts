import { canAccessArea, parseRoles, type Area } from '@courier/domain/auth/roles';

export interface SidebarSection {
  label: string;
  to: string;
  area: Area;
}

/** Sidebar sections of spec 1 §2 'Shell', each shown to the roles that may open it. */
export const SECTIONS: SidebarSection[] = [
  { label: 'Companies', to: '/companies/list', area: 'companies' },
  { label: 'Bookings', to: '/bookings/list', area: 'bookings' },
  { label: 'Invoicing', to: '/invoicing/invoices', area: 'invoicing' },
  { label: 'Pricing', to: '/pricing/review', area: 'pricing' },
  { label: 'Reviews', to: '/reviews', area: 'reviews' },
  { label: 'Drivers', to: '/drivers/list', area: 'driverList' },
  { label: 'Addresses', to: '/addresses', area: 'addresses' },
  { label: 'Logs', to: '/logging', area: 'logging' },
];

export function sidebarSections(roles: string | readonly string[]): SidebarSection[] {
  const parsed = typeof roles === 'string' ? parseRoles(roles) : roles;
  return SECTIONS.filter((section) => canAccessArea(parsed, section.area));
}
