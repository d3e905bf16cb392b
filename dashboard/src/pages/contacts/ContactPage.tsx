import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../../components/States';
import { type Contact, useContact } from './contactsApi';
import { Explanation } from './Explanation';
import { RouteByHand } from './RouteByHand';
import { REASON_WORDS, STATE_COLORS, STATE_WORDS } from './words';
import { formatDateTime } from '../../format';

/** A contact's first and last names as the CRM holds them, if any. */
function nameOf(contact: Contact): string | null {
  const parts = [contact.properties.firstname, contact.properties.lastname].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return parts.length > 0 ? parts.join(' ') : null;
}

/** A contact's page: where routing put it, why in words, and routing it by hand once it was abandoned. */
export default function ContactPage() {
  const { id = '' } = useParams();
  const source = useSearchParams()[0].get('source') ?? undefined;
  const contact = useContact(id, source);
  return (
    <Stack maw={900} gap="lg">
      <Anchor component={Link} to="/contacts" size="sm">
        All contacts
      </Anchor>
      {contact.isPending && <LoadingState label="Reading the contact" />}
      {contact.isError && <ErrorState error={contact.error} retry={() => void contact.refetch()} />}
      {contact.data && <ContactView contact={contact.data} source={source} />}
    </Stack>
  );
}

function ContactView({ contact, source }: { contact: Contact; source: string | undefined }) {
  const name = nameOf(contact);
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <Stack gap={4}>
        <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
          {contact.email ?? `Contact ${contact.id}`}
        </Title>
        <Text c="dimmed">
          {name ? `${name} · ` : ''}CRM id {contact.id}
          {contact.source === 'api' ? '' : ` from ${contact.source}`}
        </Text>
      </Stack>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Fact label="State">
            <Group gap="xs">
              <Badge color={STATE_COLORS[contact.state]} variant="filled" autoContrast>
                {STATE_WORDS[contact.state]}
              </Badge>
              {contact.reason && <Text size="sm">{REASON_WORDS[contact.reason]}</Text>}
            </Group>
          </Fact>
          <Fact label="Autopilot">{contact.autopilot ?? 'None'}</Fact>
          <Fact label="Lead">
            {contact.lead ? (
              <Anchor component={Link} to={`/leads/${contact.lead.id}`}>
                Lead {contact.lead.id}, {contact.lead.outcome}
              </Anchor>
            ) : (
              'Not enrolled'
            )}
          </Fact>
          <Fact label="Received">
            <Time iso={contact.received_at} />
          </Fact>
          {contact.queue_wait_ends_at && (
            <Fact label="Waits in the queue until">
              <Time iso={contact.queue_wait_ends_at} />
            </Fact>
          )}
          {contact.next_check_at && (
            <Fact label="Routing looks again">
              <Time iso={contact.next_check_at} />
            </Fact>
          )}
          {contact.removed_at && (
            <Fact label="Deleted in the CRM">
              <Time iso={contact.removed_at} />
            </Fact>
          )}
        </SimpleGrid>
      </Paper>
      {contact.erased_at && (
        <Alert color="gray" variant="light">
          Everything personal about this contact was erased on {formatDateTime(contact.erased_at)}.
        </Alert>
      )}
      {done && (
        <Alert color="green" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {contact.state === 'abandoned' && !contact.erased_at && <RouteByHand contact={contact} source={source} onDone={setDone} />}
      <section aria-labelledby="why">
        <Title order={2} size="h4" id="why" mb="sm">
          Why
        </Title>
        {contact.explanation ? <Explanation explanation={contact.explanation} /> : <Text c="dimmed">Not routed yet: routing looks at a new contact within seconds.</Text>}
      </section>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}
