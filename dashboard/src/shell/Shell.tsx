import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { Session } from '../api/session';
import { useHubSpotServed } from '../pages/hubspot/portals';
import { AccountSwitcher } from './AccountSwitcher';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

/** The navigation's sections: the daily work first, then what is set up once. */
const SECTIONS = ['Outreach', 'Setup'] as const;

/** The pages of the navigation, each in its section. */
export const NAVIGATION = [
  { to: '/autopilots', label: 'Autopilots', section: 'Outreach' },
  { to: '/leads', label: 'Leads', section: 'Outreach' },
  { to: '/replies', label: 'Replies', section: 'Outreach' },
  { to: '/contacts', label: 'Contacts', section: 'Outreach' },
  { to: '/stats', label: 'Stats', section: 'Outreach' },
  { to: '/research', label: 'Research', section: 'Outreach' },
  { to: '/channels', label: 'Channels', section: 'Setup' },
  { to: '/webhooks', label: 'Webhooks', section: 'Setup' },
  // Only when the engine serves the HubSpot app.
  { to: '/hubspot', label: 'HubSpot', section: 'Setup', when: 'hubspot' },
  { to: '/settings', label: 'Settings', section: 'Setup' },
  { to: '/product', label: 'Product', section: 'Setup' },
  { to: '/keys', label: 'API keys', section: 'Setup' },
  { to: '/credits', label: 'Credits', section: 'Setup' },
] as const satisfies readonly { to: string; label: string; section: (typeof SECTIONS)[number]; when?: 'hubspot' }[];

/** A page is its section's (an Autopilot's editor is under Autopilots). */
const isUnder = (pathname: string, section: string) => pathname === section || pathname.startsWith(`${section}/`);

export function Shell({ session, children }: { session: Session; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname } = useLocation();
  const hubspot = useHubSpotServed();
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
      <AppShell.Navbar aria-label="Main">
        {/* Thirteen pages and two headings outgrow a short window (a phone held sideways): the list scrolls, the header stays. */}
        <AppShell.Section grow component={ScrollArea} p="sm">
          {SECTIONS.map((section) => (
            <div key={section} role="group" aria-labelledby={`nav-${section}`}>
              <Text id={`nav-${section}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt={section === SECTIONS[0] ? 0 : 'md'} pb={4}>
                {section}
              </Text>
              {NAVIGATION.filter((item) => item.section === section && (!('when' in item) || hubspot)).map((item) => (
                <NavLink key={item.to} component={Link} to={item.to} label={item.label} active={isUnder(pathname, item.to)} aria-current={pathname === item.to ? 'page' : undefined} onClick={close} />
              ))}
            </div>
          ))}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <main>{children}</main>
      </AppShell.Main>
    </AppShell>
  );
}
