import { Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { canAccessArea, parseRoles, type Area } from '@courier/domain/auth/roles';
import { useSession } from '@/session/session-store.ts';

/** The drivers shell's tabs (spec 2 §2 'Drivers'), following the route; Setup and Pay are for accounts. */
const TABS: readonly { value: string; label: string; area: Area }[] = [
  { value: '/drivers/list', label: 'Drivers', area: 'driverList' },
  { value: '/drivers/setup', label: 'Setup', area: 'driverSetup' },
  { value: '/drivers/pay', label: 'Pay', area: 'driverPay' },
];

export function DriversLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const roles = parseRoles(user?.roles ?? '[]');
  const tabs = TABS.filter((tab) => canAccessArea(roles, tab.area));
  const current = tabs.find((tab) => location.pathname.startsWith(tab.value))?.value ?? '/drivers/list';
  return (
    <Tabs value={current} onChange={(value) => value && void navigate({ to: value })}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          {tab.value === current ? <Outlet /> : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
