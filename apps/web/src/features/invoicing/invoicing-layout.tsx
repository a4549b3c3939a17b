import { Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { canAccessArea, parseRoles, type Area } from '@courier/domain/auth/roles';
import { useSession } from '@/session/session-store.ts';

/** The invoicing shell's tabs (spec 1 §2: 'A shell tab set holds Pending Invoices and Reports'), following the route. */
const TABS: readonly { value: string; label: string; area: Area }[] = [
  { value: '/invoicing/invoices', label: 'Pending Invoices', area: 'invoicing' },
  { value: '/invoicing/reports', label: 'Reports', area: 'reports' },
];

export function InvoicingLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const roles = parseRoles(user?.roles ?? '[]');
  const tabs = TABS.filter((tab) => canAccessArea(roles, tab.area));
  const current = tabs.find((tab) => location.pathname.startsWith(tab.value))?.value ?? '/invoicing/invoices';
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
