import { Tabs } from '@mantine/core';
import { Outlet, useNavigate } from '@tanstack/react-router';
import { canAccessArea, parseRoles, type Area } from '@courier/domain/auth/roles';
import { useSession } from '@/session/session-store.ts';

export interface RouteTab {
  /** The screen's path: the tab's value and where it goes. */
  value: string;
  label: string;
  /** Shown only to roles that may open it; none: to everyone the section lets in. */
  area?: Area;
}

/**
 * A section's tabs that follow the route (the pricing, drivers and invoicing shells): one tab per
 * screen the role may open, the current one chosen by the caller from the location, the screen
 * below it the route's own.
 */
export function RouteTabs({ tabs, current }: { tabs: readonly RouteTab[]; current: string }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const roles = parseRoles(user?.roles ?? '[]');
  const shown = tabs.filter((tab) => !tab.area || canAccessArea(roles, tab.area));
  return (
    <Tabs value={current} onChange={(value) => value && void navigate({ to: value })}>
      <Tabs.List>
        {shown.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {shown.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          {tab.value === current ? <Outlet /> : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
