import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  ButtonRow,
  DescriptionList,
  DescriptionListItem,
  Divider,
  EmptyState,
  ErrorState,
  Flex,
  Heading,
  hubspot,
  Link,
  List,
  LoadingSpinner,
  Tag,
  Text,
} from '@hubspot/ui-extensions';
import { type ActionAnswer, type Brief, type CardAnswer, day, END_REASONS, ENGINE_URL, type ErrorAnswer, FACTS, type FieldOrigin, type Lead, originWords, type Research } from './cardAnswer.ts';

/** `hubspot.fetch` as the card calls it: HubSpot signs the request and adds the portal and the user to its query. */
export type Fetcher = (url: string, options?: { method?: 'GET' | 'POST'; timeout?: number; body?: Record<string, unknown> }) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** Under HubSpot's 15 s cap for `hubspot.fetch`: the card says it failed rather than spin. */
const TIMEOUT_MS = 10_000;

/** A new key per click of "Research again": HubSpot's retry of the same request carries the same one (the engine charges it once). */
const requestKey = (): string => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

type Confirming = 'research' | 'close' | null;
type Loaded = { state: 'loading' } | { state: 'error'; message: string } | { state: 'loaded'; card: CardAnswer };

async function errorWords(response: { status: number; json(): Promise<unknown> }): Promise<string> {
  const body = (await response.json().catch(() => null)) as ErrorAnswer | null;
  return body?.message ?? (body?.error ? `Prospect Research answered ${body.error} (${response.status}).` : `Prospect Research answered ${response.status}.`);
}

/**
 * The Prospect Research card on a contact record: the contact's research brief, its Autopilot lead
 * (outcome, end reason, next planned touch, timeline), and "Research again" (one credit), "Close lead"
 * (cannot be undone), each asked for again before it is done, and "Open in the dashboard".
 */
export function ContactCard({ contactId, fetcher = hubspot.fetch as Fetcher }: { contactId: string; fetcher?: Fetcher }) {
  const url = `${ENGINE_URL}/hubspot/card/contacts/${encodeURIComponent(contactId)}`;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ variant: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    try {
      const response = await fetcher(url, { method: 'GET', timeout: TIMEOUT_MS });
      if (!response.ok) return setLoaded({ state: 'error', message: await errorWords(response) });
      setLoaded({ state: 'loaded', card: (await response.json()) as CardAnswer });
    } catch (error) {
      setLoaded({ state: 'error', message: `Prospect Research could not be reached: ${(error as Error).message}` });
    }
  }, [fetcher, url]);

  useEffect(() => {
    void load();
  }, [load]);

  const act = async (action: 'research' | 'close') => {
    setBusy(true);
    setConfirming(null);
    try {
      const response = await fetcher(`${url}/${action}`, { method: 'POST', timeout: TIMEOUT_MS, body: action === 'research' ? { request_key: requestKey() } : {} });
      if (!response.ok) setOutcome({ variant: 'error', text: await errorWords(response) });
      else setOutcome({ variant: 'success', text: ((await response.json()) as ActionAnswer).text });
    } catch (error) {
      setOutcome({ variant: 'error', text: `Prospect Research could not be reached: ${(error as Error).message}` });
    }
    setBusy(false);
    await load();
  };

  if (loaded.state === 'loading') return <LoadingSpinner label="Loading the research brief" showLabel layout="centered" />;
  if (loaded.state === 'error')
    return (
      <ErrorState title="The research brief could not be loaded">
        <Text>{loaded.message}</Text>
        <Button onClick={() => void load()}>Try again</Button>
      </ErrorState>
    );
  const { card } = loaded;
  if (card.state === 'unclaimed')
    return (
      <Alert title="Not linked to Prospect Research yet" variant="warning">
        {card.text}
      </Alert>
    );
  if (card.state === 'not_received')
    return (
      <EmptyState title="Not researched, not a lead" layout="vertical" imageName="contacts">
        <Text>{card.text}</Text>
      </EmptyState>
    );

  const noCredits = card.credits !== null && card.credits.remaining === 0;
  return (
    <Flex direction="column" gap="md">
      <Text testId="summary">{card.text}</Text>
      {outcome && (
        <Alert title={outcome.variant === 'success' ? 'Done' : 'Not done'} variant={outcome.variant}>
          {outcome.text}
        </Alert>
      )}
      {noCredits && (
        <Alert title="No credits left" variant="warning">
          {`This month's credits are spent: researching again waits until they renew on ${day(card.credits!.resets_at)}.`}
        </Alert>
      )}
      {confirming === 'research' && (
        <Alert title="Research this contact again?" variant="info">
          <Text>{`It costs one credit${card.credits ? ` (${card.credits.remaining} left this month)` : ''}.`}</Text>
          <ButtonRow>
            <Button testId="confirm-research" variant="primary" onClick={() => void act('research')}>
              Research again (1 credit)
            </Button>
            <Button onClick={() => setConfirming(null)}>Cancel</Button>
          </ButtonRow>
        </Alert>
      )}
      {confirming === 'close' && (
        <Alert title="Close this lead?" variant="danger">
          <Text>It cannot be undone: its queued touches are cancelled and its Autopilot stops contacting this person.</Text>
          <ButtonRow>
            <Button testId="confirm-close" variant="destructive" onClick={() => void act('close')}>
              Close lead
            </Button>
            <Button onClick={() => setConfirming(null)}>Cancel</Button>
          </ButtonRow>
        </Alert>
      )}
      <ButtonRow>
        <Button testId="research" disabled={busy || !card.can_research || noCredits} onClick={() => setConfirming('research')}>
          Research again
        </Button>
        {card.can_close && (
          <Button testId="close" variant="destructive" disabled={busy} onClick={() => setConfirming('close')}>
            Close lead
          </Button>
        )}
        {card.dashboard_url && (
          <Link testId="dashboard" href={{ url: card.dashboard_url, external: true }}>
            Open in the dashboard
          </Link>
        )}
      </ButtonRow>
      <Divider />
      <ResearchView research={card.research} />
      <Divider />
      <LeadView lead={card.lead} nextTouch={card.next_touch} />
    </Flex>
  );
}

function ResearchView({ research }: { research: Research | null }) {
  if (research === null)
    return (
      <EmptyState title="Not researched yet" layout="vertical" imageName="leads">
        <Text>No research of this contact yet. "Research again" starts one.</Text>
      </EmptyState>
    );
  if (research.status === 'queued' || research.status === 'processing')
    return <LoadingSpinner label={research.status === 'processing' ? `Being researched: about ${research.estimated_seconds} s left` : 'Waiting to be researched'} showLabel />;
  if (research.status === 'failed')
    return (
      <Alert title="The research failed" variant="error">
        {research.error === 'timeout' ? 'It took too long. Research again to try once more.' : 'Something went wrong on our side. Research again to try once more.'}
      </Alert>
    );
  return <BriefView brief={research.data} fields={research.provenance?.fields ?? {}} completedAt={research.completed_at} emptyReason={research.empty_reason} />;
}

const EMPTY_REASONS = {
  no_sources_configured: 'No research sources are configured.',
  nothing_found: 'The sources found nothing about this person or company.',
  sources_failed: 'A source failed and none found anything: research again later.',
} as const;

function BriefView({ brief, fields, completedAt, emptyReason }: { brief: Brief; fields: Record<string, FieldOrigin[]>; completedAt: string; emptyReason: keyof typeof EMPTY_REASONS | null }) {
  const origins = (pointer: string) => fields[pointer] ?? [];
  const facts = FACTS.map((fact) => ({ ...fact, text: fact.value(brief) })).filter((fact) => fact.text !== null);
  return (
    <Flex direction="column" gap="sm">
      <Heading>{`Research brief (${day(completedAt)})`}</Heading>
      {emptyReason && (
        <Alert title="Nothing found" variant="warning">
          {EMPTY_REASONS[emptyReason]}
        </Alert>
      )}
      {brief.prospect.summary && <Text testId="brief-summary">{brief.prospect.summary}</Text>}
      <Section title="Talking points" items={brief.prospect.opening_talk} testId="talking-points" />
      <Section title="Discovery questions" items={brief.company.discovery_questions} testId="discovery-questions" />
      <Text format={{ fontWeight: 'bold' }}>Decision makers</Text>
      {brief.decision_makers.length === 0 ? (
        <Text variant="microcopy">None found.</Text>
      ) : (
        <List testId="decision-makers">
          {brief.decision_makers.map((person) => (
            <Link key={person.linkedin_url} href={{ url: person.linkedin_url, external: true }}>
              {`${person.full_name}, ${person.position_title}`}
            </Link>
          ))}
        </List>
      )}
      {facts.length > 0 && (
        <DescriptionList direction="column" testId="facts">
          {facts.map((fact) => (
            <DescriptionListItem key={fact.pointer} label={fact.label}>
              <Text>{fact.text}</Text>
              {origins(fact.pointer).length > 0 && <Text variant="microcopy">{`Source: ${originWords(origins(fact.pointer))}`}</Text>}
            </DescriptionListItem>
          ))}
        </DescriptionList>
      )}
      {brief.company.news && brief.company.news.length > 0 && (
        <>
          <Text format={{ fontWeight: 'bold' }}>News</Text>
          <List testId="news">
            {brief.company.news.map((item) => (
              <Link key={item.url} href={{ url: item.url, external: true }}>
                {`${item.summary} (${item.date}${origins('/company/news').length > 0 ? `, ${originWords(origins('/company/news'))}` : ''})`}
              </Link>
            ))}
          </List>
        </>
      )}
    </Flex>
  );
}

function Section({ title, items, testId }: { title: string; items: string[] | null; testId: string }) {
  if (!items || items.length === 0) return null;
  return (
    <>
      <Text format={{ fontWeight: 'bold' }}>{title}</Text>
      <List testId={testId}>
        {items.map((item) => (
          <Text key={item}>{item}</Text>
        ))}
      </List>
    </>
  );
}

const TOUCH_STATES = { scheduled: 'planned', sent: 'sent', skipped: 'skipped', cancelled: 'cancelled' } as const;

/** A touch's channel and kind in words: `email`, `linkedin connection request`. */
const touchWords = (channel: string, kind: string): string => (kind === channel ? channel : `${channel} ${kind.replace(/_/g, ' ')}`);

/** One timeline entry in words. */
function entryWords(entry: Lead['timeline'][number]): string {
  switch (entry.type) {
    case 'enrolled':
      return `${day(entry.at)}: enrolled in "${entry.autopilot}"`;
    case 'touch':
      return `${day(entry.at)}: step ${entry.step}, ${touchWords(entry.channel, entry.kind)}, ${TOUCH_STATES[entry.state]}${entry.subject ? ` ("${entry.subject}")` : ''}${entry.skip_reason ? ` (${entry.skip_reason.replace(/_/g, ' ')})` : ''}`;
    case 'event':
      return `${day(entry.at)}: ${entry.kind.replace(/_/g, ' ')}${entry.channel ? ` (${entry.channel})` : ''}`;
    case 'ended':
      return `${day(entry.at)}: ended, ${entry.outcome} (${END_REASONS[entry.end_reason] ?? entry.end_reason})`;
  }
}

const OUTCOME_TAGS = { Active: 'info', Responded: 'success', Closed: 'default', Failed: 'error' } as const;

function LeadView({ lead, nextTouch }: { lead: Lead | null; nextTouch: CardAnswer['next_touch'] }) {
  if (lead === null)
    return (
      <EmptyState title="Not a lead" layout="vertical" imageName="contacts">
        <Text>No Autopilot has taken this contact.</Text>
      </EmptyState>
    );
  return (
    <Flex direction="column" gap="sm">
      <Heading>Autopilot</Heading>
      <DescriptionList direction="row" testId="lead">
        <DescriptionListItem label="Autopilot">
          <Text>{lead.autopilot}</Text>
        </DescriptionListItem>
        <DescriptionListItem label="Outcome">
          <Tag variant={OUTCOME_TAGS[lead.outcome]}>{lead.outcome}</Tag>
        </DescriptionListItem>
        <DescriptionListItem label="End reason">
          <Text>{lead.end_reason ? (END_REASONS[lead.end_reason] ?? lead.end_reason) : 'Not ended'}</Text>
        </DescriptionListItem>
        <DescriptionListItem label="Next planned touch">
          <Text>
            {nextTouch
              ? `${day(nextTouch.due_at)}: step ${nextTouch.step}, ${touchWords(nextTouch.channel, nextTouch.kind)}${nextTouch.held_reason ? ` (held: ${nextTouch.held_reason})` : ''}`
              : 'None'}
          </Text>
        </DescriptionListItem>
      </DescriptionList>
      <Text format={{ fontWeight: 'bold' }}>Timeline</Text>
      <List testId="timeline">
        {lead.timeline.map((entry, index) => (
          <Text key={index}>{entryWords(entry)}</Text>
        ))}
      </List>
    </Flex>
  );
}

hubspot.extend<'crm.record.tab'>(({ context }) => <ContactCard contactId={String(context.crm.objectId)} />);
