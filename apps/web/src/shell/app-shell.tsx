import { AppShell, Avatar, Burger, Button, Group, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useMatches } from '@tanstack/react-router';
import { signOut } from '@/api/auth.ts';
import { useSession } from '@/session/session-store.ts';
import { EnableNotifications } from '@/ui/enable-notifications.tsx';
import { sidebarSections } from './sections.ts';

function initials(firstName = '', lastName = ''): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
}

/** The logged-in shell: sidebar sections by role, header with the section name, user and sign out. */
export function AppShellLayout() {
  const { user } = useSession();
  const [opened, { toggle, close }] = useDisclosure();
  // Only the section's name: the shell (sidebar and all) re-renders when it changes, not at every step
  // of a route's loading, each of which is a synchronous render of a router store update (issue 10).
  const sectionName = useMatches({
    select: (matches) => [...matches].reverse().find((match) => match.staticData.section)?.staticData.section ?? '',
  });
  const sections = sidebarSections(user?.roles ?? '[]');

  return (
    <AppShell
      header={{ height: 56 }}
      // styles.css keeps toasts to the right of this width, clear of the user menu.
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
      // Never data-resizing (set by Mantine while the window is resized and for 200 ms after mounting):
      // its rule sets a custom property on this root, and Chromium then restyles every element of the
      // page, ~85 ms at 4x CPU after a cold /bookings/list's first row (issue 10). Without it, a resize
      // across the 'sm' breakpoint slides the sidebar instead of moving it at once. Props given here
      // come after Mantine's own data attributes on the root, and React leaves out a null one.
      data-resizing={null}
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm">
          <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
          <Title order={1} size="h3">
            {sectionName}
          </Title>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Sections">
        <AppShell.Section>
          <Text fw={700} size="lg" px="xs" pb="sm">
            Courier Back Office
          </Text>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <nav aria-label="Main">
            {sections.map((section) => (
              <NavLink
                key={section.to}
                component={Link}
                to={section.to}
                label={section.label}
                onClick={close}
                active={sectionName === section.label}
              />
            ))}
          </nav>
        </AppShell.Section>
        <AppShell.Section>
          <Stack gap="xs" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Group gap="sm" wrap="nowrap">
              <Avatar color="blue" radius="xl" aria-hidden data-testid="user-avatar">
                {initials(user?.firstName, user?.lastName)}
              </Avatar>
              <Text size="sm" fw={500} data-testid="user-name">
                {user ? `${user.firstName} ${user.lastName}` : ''}
              </Text>
            </Group>
            <EnableNotifications />
            <Button variant="default" size="xs" onClick={() => void signOut()}>
              Sign out
            </Button>
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
