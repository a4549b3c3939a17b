import { useLocation } from '@tanstack/react-router';
import { RouteTabs, type RouteTab } from '@/routing/route-tabs.tsx';

/** The invoicing shell's tabs (spec 1 §2: 'A shell tab set holds Pending Invoices and Reports'), following the route. */
const TABS: readonly RouteTab[] = [
  { value: '/invoicing/invoices', label: 'Pending Invoices', area: 'invoicing' },
  { value: '/invoicing/reports', label: 'Reports', area: 'reports' },
];

export function InvoicingLayout() {
  const { pathname } = useLocation();
  const current = TABS.find((tab) => pathname.startsWith(tab.value))?.value ?? '/invoicing/invoices';
  return <RouteTabs tabs={TABS} current={current} />;
}
