import { Anchor, Box, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../../components/States';
import { Address } from '../../components/Address';
import { formatDateTime } from '../../format';
import { filtersFrom, type LeadFilters, searchFor } from './filters';
import { LeadFiltersBar } from './LeadFiltersBar';
import { csvHref, type Lead, useLeads } from './leadsApi';
import { endReasonWords } from '../../words/endReasons';
import { OutcomeBadge } from './words';

/** The Leads page: every lead of the account, filtered and sorted as its address says, a page at a time, and their CSV. */
export default function LeadsList() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFrom(search);
  const leads = useLeads(filters);
  const change = (next: LeadFilters, options?: { replace?: boolean }) => setSearch(searchFor(next), options);
  const rows = leads.data?.pages.flatMap((page) => page.leads) ?? [];
  const filtered = Object.entries(filters).some(([name, value]) => value && name !== 'sort');

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap={0}>
        <PageHeader title="Leads" description="Every contact an Autopilot enrolled: where it stands, and why it ended." />
        <Box mb="lg">
          <Button component="a" href={csvHref(filters)} download="leads.csv" variant="default">
            Export CSV
          </Button>
        </Box>
      </Group>
      <Stack gap="md" maw={1200}>
        <LeadFiltersBar filters={filters} onChange={change} />
        {leads.isPending && <LoadingState label="Reading the leads" />}
        {leads.isError && <ErrorState error={leads.error} retry={() => void leads.refetch()} />}
        {leads.isSuccess && rows.length === 0 && (
          <EmptyState title={filtered ? 'No leads match these filters' : 'No leads yet'}>
            {filtered ? 'Change or clear the filters to see more.' : 'A lead appears here when an Autopilot enrols a contact from your CRM.'}
          </EmptyState>
        )}
        {rows.length > 0 && <LeadCards leads={rows} />}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={760} visibleFrom="sm">
            <Table striped aria-label="Leads" aria-busy={leads.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Autopilot</Table.Th>
                  <Table.Th miw={140}>Outcome</Table.Th>
                  <Table.Th>End reason</Table.Th>
                  <Table.Th>Enrolled</Table.Th>
                  <Table.Th>Ended</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((lead) => (
                  <Table.Tr key={lead.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Anchor component={Link} to={`/leads/${lead.id}`}>
                        {lead.email ?? `Contact ${lead.contact_id}`}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{lead.autopilot}</Table.Td>
                    <Table.Td>
                      <OutcomeBadge outcome={lead.outcome} />
                    </Table.Td>
                    <Table.Td>{endReasonWords(lead.end_reason)}</Table.Td>
                    <Table.Td>{formatDateTime(lead.enrolled_at)}</Table.Td>
                    <Table.Td>{lead.ended_at ? formatDateTime(lead.ended_at) : ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {rows.length > 0 && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed" role="status">
              {rows.length.toLocaleString()} {rows.length === 1 ? 'lead' : 'leads'} shown{leads.hasNextPage ? '' : ', all of them'}
            </Text>
            {leads.hasNextPage && (
              <Button variant="light" loading={leads.isFetchingNextPage} onClick={() => void leads.fetchNextPage()}>
                Load more
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </>
  );
}

/** The leads at phone width: a card each, its address first (a table of six columns does not fit). */
function LeadCards({ leads }: { leads: Lead[] }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} hiddenFrom="sm" aria-label="Leads">
      {leads.map((lead) => (
        <Paper component="li" key={lead.id} withBorder p="sm">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Anchor component={Link} to={`/leads/${lead.id}`} style={{ overflowWrap: 'anywhere' }}>
              {lead.email ? <Address email={lead.email} /> : `Contact ${lead.contact_id}`}
            </Anchor>
            <OutcomeBadge outcome={lead.outcome} />
          </Group>
          <Text size="sm" c="dimmed">
            {lead.autopilot} · enrolled {formatDateTime(lead.enrolled_at)}
            {lead.ended_at ? ` · ended ${formatDateTime(lead.ended_at)}` : ''}
          </Text>
          {lead.end_reason && <Text size="sm">{endReasonWords(lead.end_reason)}</Text>}
        </Paper>
      ))}
    </Stack>
  );
}
