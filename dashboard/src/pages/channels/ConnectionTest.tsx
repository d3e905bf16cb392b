import { Alert, List, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { messageOf } from '../../api/client';
import type { MailboxTest, ServerTest } from './channelsApi';

const STEP_NAMES: Record<string, string> = { address: 'Address', connect: 'Connect', tls: 'Encryption', login: 'Log in', inbox: 'Open INBOX' };
const MARKS = {
  ok: { color: 'green', mark: '✓', words: 'worked' },
  failed: { color: 'red', mark: '✕', words: 'failed' },
  skipped: { color: 'gray', mark: '–', words: 'skipped' },
} as const;

/** A server's test, step by step: what worked, where it stopped and the server's words. */
function ServerSteps({ server, check }: { server: 'SMTP' | 'IMAP'; check: ServerTest }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {server}: {check.ok ? 'works' : 'failed'}
      </Text>
      <List spacing={4} size="sm" aria-label={`${server} test steps`}>
        {check.steps.map((step) => {
          const mark = MARKS[step.status];
          return (
            <List.Item
              key={step.step}
              data-step={step.step}
              data-status={step.status}
              icon={
                <ThemeIcon color={mark.color} size={20} radius="xl" aria-hidden>
                  <span>{mark.mark}</span>
                </ThemeIcon>
              }
            >
              <Text span size="sm" fw={600}>
                {STEP_NAMES[step.step] ?? step.step} {mark.words}
              </Text>
              <Text span size="sm" c={step.status === 'failed' ? undefined : 'dimmed'}>
                {' '}
                — {step.message}
              </Text>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}

/** The connection test's state: running, its steps, or why it could not run. */
export function ConnectionTest({ pending, result, error }: { pending: boolean; result: MailboxTest | undefined; error: unknown }) {
  if (pending) {
    return (
      <Text size="sm" c="dimmed" role="status">
        <Loader size="xs" mr="xs" aria-hidden />
        Testing the servers…
      </Text>
    );
  }
  if (error) {
    return (
      <Alert color="red" role="alert">
        {messageOf(error)}
      </Alert>
    );
  }
  if (!result) return null;
  return (
    <Stack gap="sm" role="region" aria-label="Connection test">
      <ServerSteps server="SMTP" check={result.smtp} />
      {result.imap ? (
        <ServerSteps server="IMAP" check={result.imap} />
      ) : (
        <Text size="sm" c="dimmed">
          IMAP: none, so replies are not read.
        </Text>
      )}
    </Stack>
  );
}
