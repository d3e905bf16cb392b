import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messageOf } from '../../api/client';
import { useSession } from '../../api/session';
import { BriefView } from '../../components/brief/BriefView';
import { useResearchStatus } from '../../components/brief/useResearchStatus';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../../components/States';
import { formatDateTime } from '../../format';
import { useAccount, useResearchHistory, useStartResearch } from './researchApi';

const STATUS_COLORS: Record<string, string> = { queued: 'blue', processing: 'blue', completed: 'green', failed: 'red' };

/** The Research page: research an address by hand and read its brief, and the account's researches with what each cost. */
export default function ResearchPage() {
  const role = useSession().data?.role;
  const canResearch = role !== undefined && role !== 'member';
  const [search, setSearch] = useSearchParams();
  const shown = search.get('id');
  const show = (id: string) => setSearch({ id });
  return (
    <>
      <PageHeader title="Research" description="Research a prospect by their work e-mail and read the brief your reps get; each research costs one credit." />
      <Stack gap="lg" maw={1100}>
        {canResearch ? (
          <ResearchForm onStarted={show} />
        ) : (
          <Alert color="gray" variant="light">
            You are a member of this account: you read its researches, and an owner or admin starts new ones.
          </Alert>
        )}
        {shown && <ShownBrief researchId={shown} />}
        <History shown={shown} onShow={show} />
      </Stack>
    </>
  );
}

function ResearchForm({ onStarted }: { onStarted: (id: string) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [company, setCompany] = useState('');
  const start = useStartResearch();
  const account = useAccount();
  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          start.mutate(
            { email: email.trim(), prospect_name: name.trim() || undefined, company_name: company.trim() || undefined },
            {
              onSuccess: (accepted) => {
                setEmail('');
                setName('');
                setCompany('');
                onStarted(accepted.research_id);
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Work e-mail"
              type="email"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              placeholder="jane.doe@company.com"
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button type="submit" loading={start.isPending}>
              Research
            </Button>
          </Group>
          <Text size="sm" c="dimmed" role="status">
            Costs 1 credit.{account.data ? ` ${account.data.credits.remaining.toLocaleString()} credits left this cycle.` : ''}
          </Text>
          {start.isError && (
            <Alert color="red" role="alert" title="Not researched">
              {messageOf(start.error)}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

function ShownBrief({ researchId }: { researchId: string }) {
  const research = useResearchStatus(researchId);
  const history = useResearchHistory();
  const summary = history.data?.pages.flatMap((page) => page.researches).find((item) => item.research_id === researchId);
  const done = research.data?.status === 'completed' || research.data?.status === 'failed';
  // The history's row of this research changes when it ends: read it again then.
  const { refetch } = history;
  useEffect(() => {
    if (done) void refetch();
  }, [done, refetch]);
  return (
    <Stack gap="sm" component="section" aria-labelledby="shown-brief">
      <Title order={2} size="h3" id="shown-brief" style={{ overflowWrap: 'anywhere' }}>
        Brief{summary ? `: ${summary.email}` : ''}
      </Title>
      {summary && (
        <Text size="sm" c="dimmed">
          Cost {summary.credits} {summary.credits === 1 ? 'credit' : 'credits'}
          {summary.cached ? ', answered from an earlier research' : ''}.
        </Text>
      )}
      {research.isPending && <LoadingState label="Reading the research" />}
      {research.isError && <ErrorState error={research.error} retry={() => void research.refetch()} />}
      {research.data && <BriefView research={research.data} />}
    </Stack>
  );
}

function History({ shown, onShow }: { shown: string | null; onShow: (id: string) => void }) {
  const history = useResearchHistory();
  const rows = history.data?.pages.flatMap((page) => page.researches) ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="history-heading">
      <Title order={2} size="h3" id="history-heading">
        History
      </Title>
      {history.isPending && <LoadingState label="Reading the researches" />}
      {history.isError && <ErrorState error={history.error} retry={() => void history.refetch()} />}
      {history.isSuccess && rows.length === 0 && <EmptyState title="No researches yet">Researches started here, by the API and by the Autopilots appear here with what each cost.</EmptyState>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Researches">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>E-mail</Table.Th>
                <Table.Th miw={140}>Status</Table.Th>
                <Table.Th>Started</Table.Th>
                <Table.Th>Completed</Table.Th>
                <Table.Th>Credits</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((research) => (
                <Table.Tr key={research.research_id} aria-current={research.research_id === shown ? 'true' : undefined}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component="button" type="button" ta="left" onClick={() => onShow(research.research_id)}>
                      {research.email}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={STATUS_COLORS[research.status]}>
                      {research.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDateTime(research.created_at)}</Table.Td>
                  <Table.Td>{research.completed_at ? formatDateTime(research.completed_at) : ''}</Table.Td>
                  <Table.Td>
                    {research.credits}
                    {research.cached ? ' (from the cache)' : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {history.hasNextPage && (
        <Group>
          <Button variant="light" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}
