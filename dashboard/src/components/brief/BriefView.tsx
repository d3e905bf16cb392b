import { Alert, Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime, formatDay } from '../../format';
import { ErrorState, LoadingState } from '../States';
import { type Origin, originsOf, sourceName } from './provenance';
import { type CompletedResearch, type ResearchStatus, useResearchStatus } from './useResearchStatus';

const EMPTY_REASONS: Record<string, string> = {
  no_sources_configured: 'The engine has no source of facts turned on, so this brief holds only what was asked.',
  nothing_found: 'Every source answered, and none knew this person or their company.',
  sources_failed: 'A source failed and none found anything: research again later.',
};

const FAILURES: Record<string, string> = {
  timeout: 'The research took too long and was stopped; its credit was refunded.',
  internal_error: 'The research failed; its credit was refunded.',
};

/** A research's brief by its id, read (and, while it runs, read again) from the engine. */
export function ResearchBrief({ researchId }: { researchId: string }) {
  const research = useResearchStatus(researchId);
  if (research.isPending) return <LoadingState label="Reading the brief" />;
  if (research.isError) return <ErrorState error={research.error} retry={() => void research.refetch()} />;
  return <BriefView research={research.data} />;
}

/** A research brief as a rep reads it: what was written for them, then each fact with where and when it was found, then the decision makers. */
export function BriefView({ research }: { research: ResearchStatus }) {
  if (research.status === 'queued' || research.status === 'processing') {
    const left = research.status === 'processing' ? ` About ${research.estimated_seconds} seconds left.` : '';
    return <LoadingState label={`Researching.${left}`} />;
  }
  if (research.status === 'failed') {
    return (
      <Alert color="red" title="No brief" role="status">
        {FAILURES[research.error] ?? 'The research failed.'}
      </Alert>
    );
  }
  return <CompletedBrief research={research} />;
}

function CompletedBrief({ research }: { research: CompletedResearch }) {
  const { prospect, company, decision_makers: decisionMakers } = research.data;
  const fact = (label: string, pointer: string, value: ReactNode) => <Fact key={pointer} label={label} value={value} origins={originsOf(research, pointer)} />;
  return (
    <Stack gap="md" data-testid="brief">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Researched {formatDateTime(research.completed_at)}
        </Text>
        {research.cached && <Badge variant="light">From an earlier research</Badge>}
        {research.provenance?.degraded && (
          <Badge color="orange" variant="dot">
            A source failed
          </Badge>
        )}
      </Group>
      {research.empty_reason && (
        <Alert color="gray" title="Nothing found about this prospect" role="status">
          {EMPTY_REASONS[research.empty_reason]}
        </Alert>
      )}
      {(prospect.summary || prospect.opening_talk?.length) && (
        <Section title="For the rep">
          {prospect.summary && <Text style={{ whiteSpace: 'pre-wrap' }}>{prospect.summary}</Text>}
          <Items title="Opening lines" items={prospect.opening_talk} />
        </Section>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title="The prospect">
          <dl style={{ margin: 0 }}>
            {fact('Name', '/prospect/name', prospect.name)}
            {fact('Title', '/prospect/title', prospect.title)}
            {fact('Company', '/prospect/company', prospect.company)}
            {fact('E-mail', '/prospect/email', prospect.email)}
            {fact('Profile', '/prospect/linkedin_url', prospect.linkedin_url && <ExternalLink href={prospect.linkedin_url} />)}
            {fact('In this role since', '/prospect/last_role_start', prospect.last_role_start && formatDay(prospect.last_role_start))}
          </dl>
        </Section>
        <Section title="The company">
          <dl style={{ margin: 0 }}>
            {fact('Name', '/company/name', company.name)}
            {fact('What it does', '/company/description', company.description)}
            {fact('Website', '/company/website', company.website && <ExternalLink href={company.website} />)}
            {fact('Industry', '/company/industry', company.industry)}
            {fact('Headquarters', '/company/hq', company.hq)}
            {fact('Employees', '/company/employees', company.employees)}
            {fact('Revenue', '/company/revenue', company.revenue)}
            {fact('Technologies', '/company/technologies', company.technologies?.length ? company.technologies.join(', ') : null)}
          </dl>
        </Section>
      </SimpleGrid>
      {(company.problems?.length || company.synergy_points?.length || company.discovery_questions?.length || company.insights?.length) && (
        <Section title="Talking points">
          <Items title="Problems they may have" items={company.problems} />
          <Items title="Where we fit" items={company.synergy_points} />
          <Items title="Questions to ask" items={company.discovery_questions} />
          <Items title="Insights" items={company.insights} />
        </Section>
      )}
      {company.news && company.news.length > 0 && (
        <Section title="News">
          <List spacing="xs">
            {company.news.map((item) => (
              <List.Item key={item.url}>
                <Anchor href={item.url} target="_blank" rel="noreferrer">
                  {item.summary}
                </Anchor>{' '}
                <Text span size="sm" c="dimmed">
                  ({item.date})
                </Text>
              </List.Item>
            ))}
          </List>
          <Origins origins={originsOf(research, '/company/news')} />
        </Section>
      )}
      {(prospect.posts?.length || company.posts?.length) && (
        <Section title="Recent posts">
          <Posts by={prospect.name ?? 'The prospect'} posts={prospect.posts} origins={originsOf(research, '/prospect/posts')} />
          <Posts by={company.name ?? 'The company'} posts={company.posts} origins={originsOf(research, '/company/posts')} />
        </Section>
      )}
      <Section title="Decision makers">
        {decisionMakers.length === 0 ? (
          <Text c="dimmed" size="sm">
            {research.provenance?.decision_makers === 'lookup_failed' ? 'The lookup failed: there may be some.' : 'None found.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Position</Table.Th>
                  <Table.Th>Location</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {decisionMakers.map((person) => (
                  <Table.Tr key={person.id}>
                    <Table.Td>
                      <Anchor href={person.linkedin_url} target="_blank" rel="noreferrer">
                        {person.full_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{person.position_title}</Table.Td>
                    <Table.Td>{person.location_text ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Origins origins={originsOf(research, '/decision_makers')} />
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

type Post = NonNullable<CompletedResearch['data']['prospect']['posts']>[number];

function Posts({ by, posts, origins }: { by: string; posts: Post[] | null | undefined; origins: Origin[] }) {
  if (!posts?.length) return null;
  return (
    <div>
      <Text fw={600} size="sm">
        {by}
      </Text>
      <List size="sm" spacing={4}>
        {posts.map((post) => (
          <List.Item key={post.post_url}>
            <Anchor href={post.post_url} target="_blank" rel="noreferrer" inherit>
              {post.summary ?? post.text.slice(0, 200)}
            </Anchor>{' '}
            <Text span size="xs" c="dimmed">
              ({formatDay(post.posted.slice(0, 10))}
              {post.reshared ? ', reshared' : ''})
            </Text>
          </List.Item>
        ))}
      </List>
      <Origins origins={origins} />
    </div>
  );
}

function Items({ title, items }: { title: string; items: string[] | null | undefined }) {
  if (!items?.length) return null;
  return (
    <div>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <List size="sm" spacing={4}>
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </div>
  );
}

/** One fact and where it came from; nothing when the brief has no value for it. */
function Fact({ label, value, origins }: { label: string; value: ReactNode; origins: Origin[] }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Stack gap={0} mb="xs">
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <dd style={{ margin: 0 }}>
        <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>
        <Origins origins={origins} />
      </dd>
    </Stack>
  );
}

function Origins({ origins }: { origins: Origin[] }) {
  if (origins.length === 0) return null;
  const words = origins.map((origin) => `${sourceName(origin.source)}${origin.fetched_at ? `, ${formatDateTime(origin.fetched_at)}` : ''}${origin.translated ? ' (translated)' : ''}`);
  return (
    <Text size="xs" c="dimmed">
      Source: {words.join('; ')}
    </Text>
  );
}

function ExternalLink({ href }: { href: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noreferrer">
      {href.replace(/^https?:\/\/(www\.)?/, '')}
    </Anchor>
  );
}
