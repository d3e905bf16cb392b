import { Anchor, Badge, Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../../components/States';
import { type ContactFilters, type ContactReason, type ContactRow, type ContactState, useAutopilotNames, useContacts } from './contactsApi';
import { REASON_WORDS, REASONS, STATE_COLORS, STATE_WORDS, STATES } from './words';
import { formatDateTime } from '../../format';

/** A contact's own page: its id in the path, its source in the query when it is not the API's. */
export const contactPath = (contact: { id: string; source: string }) => `/contacts/${encodeURIComponent(contact.id)}${contact.source === 'api' ? '' : `?source=${encodeURIComponent(contact.source)}`}`;

/** The start of a day (`2026-11-28`) in the viewer's time zone, as an instant; the day after's for the end of a range. */
const dayStart = (day: string | null, after = false) => {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = new Date(`${day}T00:00:00`);
  if (Number.isNaN(start.getTime())) return undefined;
  if (after) start.setDate(start.getDate() + 1);
  return start.toISOString();
};

/** The filters the page's address holds: `?search=&state=&reason=&autopilot=&from=&to=` (days in the viewer's zone). */
function filtersOf(params: URLSearchParams): ContactFilters {
  const state = params.get('state');
  const reason = params.get('reason');
  return {
    search: params.get('search')?.trim() || undefined,
    state: STATES.includes(state as ContactState) ? (state as ContactState) : undefined,
    reason: REASONS.includes(reason as ContactReason) ? (reason as ContactReason) : undefined,
    autopilot: params.get('autopilot') || undefined,
    received_from: dayStart(params.get('from')),
    received_to: dayStart(params.get('to'), true),
  };
}

/** The Contacts page: every contact a CRM sent, searched and filtered, newest first. */
export default function ContactsList() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const contacts = useContacts(filters);
  const rows = contacts.data?.pages.flatMap((page) => page.contacts) ?? [];
  const filtered = Object.values(filters).some((value) => value !== undefined);

  const set = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title="Contacts" description="Every contact your CRM sent, where routing put it and why. Open one to read the whole decision." />
      <Stack maw={1100} gap="md">
        <Filters params={params} set={set} />
        {contacts.isPending && <LoadingState label="Reading the contacts" />}
        {contacts.isError && <ErrorState error={contacts.error} retry={() => void contacts.refetch()} />}
        {contacts.data && rows.length === 0 && (
          <EmptyState title={filtered ? 'No contact fits' : 'No contacts yet'}>
            {filtered
              ? 'Nothing matches this search and these filters. Clear one to see more.'
              : 'Contacts arrive from your CRM (the HubSpot app, or POST /autopilot/contacts) and are routed within seconds.'}
          </EmptyState>
        )}
        {rows.length > 0 && <ContactTable contacts={rows} />}
        {contacts.hasNextPage && (
          <Group justify="center">
            <Button variant="default" onClick={() => void contacts.fetchNextPage()} loading={contacts.isFetchingNextPage}>
              Load more
            </Button>
          </Group>
        )}
      </Stack>
    </>
  );
}

function Filters({ params, set }: { params: URLSearchParams; set: (name: string, value: string | null) => void }) {
  const autopilots = useAutopilotNames();
  const [text, setText] = useState(params.get('search') ?? '');
  const [typed] = useDebouncedValue(text, 300);
  const current = params.get('search') ?? '';
  // What was typed goes to the address once the typing pauses; the address going back (the browser's Back) comes into the box.
  useEffect(() => {
    if (typed.trim() !== current.trim()) set('search', typed.trim() || null);
  }, [typed]);
  useEffect(() => setText((shown) => (shown.trim() === current.trim() ? shown : current)), [current]);

  return (
    <Stack gap="sm" role="search" aria-label="Contacts">
      <TextInput label="Search" placeholder="E-mail address or name" maxLength={200} value={text} onChange={(event) => setText(event.currentTarget.value)} type="search" />
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
        <Select
          label="State"
          placeholder="Any state"
          clearable
          data={STATES.map((state) => ({ value: state, label: STATE_WORDS[state] }))}
          value={params.get('state')}
          onChange={(value) => set('state', value)}
        />
        <Select
          label="Reason"
          placeholder="Any reason"
          clearable
          data={REASONS.map((reason) => ({ value: reason, label: REASON_WORDS[reason] }))}
          value={params.get('reason')}
          onChange={(value) => set('reason', value)}
        />
        <Select
          label="Autopilot"
          placeholder="Any Autopilot"
          clearable
          data={autopilots.data?.map((autopilot) => autopilot.name) ?? []}
          value={params.get('autopilot')}
          onChange={(value) => set('autopilot', value)}
        />
        <TextInput label="Received from" type="date" value={params.get('from') ?? ''} onChange={(event) => set('from', event.currentTarget.value || null)} />
        <TextInput label="Received until" type="date" value={params.get('to') ?? ''} onChange={(event) => set('to', event.currentTarget.value || null)} />
      </SimpleGrid>
    </Stack>
  );
}

function ContactTable({ contacts }: { contacts: ContactRow[] }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm" striped aria-label="Contacts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Contact</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th visibleFrom="sm">Autopilot</Table.Th>
            <Table.Th visibleFrom="sm">Received</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contacts.map((contact) => (
            <Table.Tr key={`${contact.source}\n${contact.id}`}>
              <Table.Td style={{ wordBreak: 'break-word' }}>
                <Anchor component={Link} to={contactPath(contact)} fw={600}>
                  {contact.email ?? `Contact ${contact.id}`}
                </Anchor>
                {contact.name && (
                  <Text size="sm" c="dimmed">
                    {contact.name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={STATE_COLORS[contact.state]} variant="filled" autoContrast>
                  {STATE_WORDS[contact.state]}
                </Badge>
                {contact.reason && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {REASON_WORDS[contact.reason]}
                  </Text>
                )}
              </Table.Td>
              <Table.Td visibleFrom="sm">{contact.autopilot ?? <Text c="dimmed">None</Text>}</Table.Td>
              <Table.Td visibleFrom="sm">
                <time dateTime={contact.received_at}>{formatDateTime(contact.received_at)}</time>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
