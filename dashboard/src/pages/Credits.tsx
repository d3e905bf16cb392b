import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, data } from '../api/client';
import { ErrorState, LoadingState, PageHeader } from '../components/States';
import { formatDate } from '../format';

const PLAN_NAMES: Record<string, string> = { free: 'Free', individual: 'Individual', bdr: 'BDR', bdr_plus: 'BDR+', enterprise: 'Enterprise' };

export default function Credits() {
  const account = useQuery({ queryKey: ['account'], queryFn: () => data(api.GET('/account')) });
  return (
    <>
      <PageHeader title="Credits" description="Each research costs one credit; credits start again every cycle." />
      {account.isPending && <LoadingState label="Reading the account" />}
      {account.isError && <ErrorState error={account.error} retry={() => void account.refetch()} />}
      {account.data &&
        (() => {
          const { credits, plan } = account.data;
          const share = credits.limit === 0 ? 100 : Math.min(100, (credits.used / credits.limit) * 100);
          return (
            <Stack maw={720}>
              <Group>
                <Text>Plan</Text>
                <Badge size="lg" variant="filled">
                  {PLAN_NAMES[plan] ?? plan}
                </Badge>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 3 }}>
                <Stat label="Used this cycle" value={credits.used} />
                <Stat label="Left" value={credits.remaining} />
                <Stat label="Per cycle" value={credits.limit} />
              </SimpleGrid>
              <Progress value={share} size="lg" aria-label={`${credits.used} of ${credits.limit} credits used`} color={credits.remaining === 0 ? 'red' : undefined} />
              <Text size="sm" c="dimmed">
                This cycle started on {formatDate(credits.cycle_started_at, 'long')}; credits start again on {formatDate(credits.resets_at, 'long')}.
              </Text>
            </Stack>
          );
        })()}
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value.toLocaleString()}
      </Text>
    </Paper>
  );
}
