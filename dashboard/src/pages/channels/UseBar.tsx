import { Progress, Stack, Text } from '@mantine/core';

/** What a sender used of a limit today: "12 of 20 sent today", with a bar. */
export function UseBar({ label, sent, limit }: { label: string; sent: number; limit: number }) {
  const share = limit === 0 ? 100 : Math.min(100, (sent / limit) * 100);
  const words = `${label}: ${sent.toLocaleString()} of ${limit.toLocaleString()} today`;
  return (
    <Stack gap={2}>
      <Text size="sm">{words}</Text>
      <Progress value={share} size="sm" aria-label={words} color={sent >= limit ? 'orange' : undefined} />
    </Stack>
  );
}
