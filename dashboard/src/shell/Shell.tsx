import { AppShell, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { Session } from '../api/session';
import { AccountSwitcher } from './AccountSwitcher';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

/** The pages of the navigation. */
export const NAVIGATION = [
  { to: '/autopilots', label: 'Autopilots' },
  { to: '/settings', label: 'Settings' },
  { to: '/product', label: 'Product' },
  { to: '/keys', label: 'API keys' },
  { to: '/credits', label: 'Credits' },
] as const;

/** A page is its section's (an Autopilot's editor is under Autopilots). */
const isUnder = (pathname: string, section: string) => pathname === section || pathname.startsWith(`${section}/`);

export function Shell({ session, children }: { session: Session; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname } = useLocation();
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} />
            <Text fw={700} size="lg" visibleFrom="xs">
              Prospect Research
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <AccountSwitcher session={session} />
            <ThemeToggle />
            <UserMenu session={session} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main">
        {NAVIGATION.map((item) => (
          <NavLink key={item.to} component={Link} to={item.to} label={item.label} active={isUnder(pathname, item.to)} aria-current={pathname === item.to ? 'page' : undefined} onClick={close} />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <main>{children}</main>
      </AppShell.Main>
    </AppShell>
  );
}
