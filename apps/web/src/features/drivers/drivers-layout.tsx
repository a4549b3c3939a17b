import { useLocation } from '@tanstack/react-router';
import { RouteTabs, type RouteTab } from '@/routing/route-tabs.tsx';

/** The drivers shell's tabs (spec 2 §2 'Drivers'), following the route; Setup and Pay are for accounts. */
const TABS: readonly RouteTab[] = [
  { value: '/drivers/list', label: 'Drivers', area: 'driverList' },
  { value: '/drivers/setup', label: 'Setup', area: 'driverSetup' },
  { value: '/drivers/pay', label: 'Pay', area: 'driverPay' },
];

export function DriversLayout() {
  const { pathname } = useLocation();
  const current = TABS.find((tab) => pathname.startsWith(tab.value))?.value ?? '/drivers/list';
  return <RouteTabs tabs={TABS} current={current} />;
}
