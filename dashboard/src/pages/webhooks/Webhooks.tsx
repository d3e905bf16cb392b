import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useSession } from '../../api/session';
import { PageHeader } from '../../components/States';
import { CreditAlertsPanel } from './CreditAlertsPanel';
import { EventFeed } from './EventFeed';
import { WebhooksPanel } from './WebhooksPanel';

const TABS = ['webhooks', 'events', 'credit-alerts'] as const;
type Tab = (typeof TABS)[number];

/** The Webhooks page: subscriptions with their deliveries and test events, the event feed, and credit alerts, a tab each (named in the address). */
export default function Webhooks() {
  const role = useSession().data?.role;
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'webhooks';
  return (
    <>
      <PageHeader title="Webhooks" description="Lead events posted to your addresses as they happen, signed; every event in one feed; and an e-mail when credits run low." />
      <Tabs value={tab} onChange={(value) => setSearch(value === 'webhooks' || value === null ? {} : { tab: value }, { replace: true })} keepMounted={false} maw={1100}>
        <Tabs.List>
          <Tabs.Tab value="webhooks">Webhooks</Tabs.Tab>
          <Tabs.Tab value="events">Event feed</Tabs.Tab>
          <Tabs.Tab value="credit-alerts">Credit alerts</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="webhooks" pt="md">
          <WebhooksPanel canChange={role !== undefined && role !== 'member'} />
        </Tabs.Panel>
        <Tabs.Panel value="events" pt="md">
          <EventFeed />
        </Tabs.Panel>
        <Tabs.Panel value="credit-alerts" pt="md">
          <CreditAlertsPanel isOwner={role === 'owner'} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
