import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { Explanation as Decision } from './contactsApi';
import { formatDateTime } from '../../format';

type Check = Decision['autopilots'][number];

const OUTCOME_WORDS: Record<Check['outcome'], { label: string; color: string }> = {
  matched: { label: 'Matches', color: 'teal.9' },
  no_match: { label: 'Does not match', color: 'gray.7' },
  created_before_enabled: { label: 'Not acted on', color: 'gray.7' },
  fallback_later: { label: 'Fallback, later', color: 'blue.9' },
};

/** The last routing decision in words: the decision, each skip rule, then each Autopilot checked in order with each rule's result. */
export function Explanation({ explanation }: { explanation: Decision }) {
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Text size="sm" c="dimmed">
          Decided <time dateTime={explanation.checked_at}>{formatDateTime(explanation.checked_at)}</time>
        </Text>
        <Text data-testid="decision">{explanation.text}</Text>
      </Paper>
      {explanation.skip_rules.length > 0 && (
        <section aria-labelledby="skip-rules">
          <Title order={3} size="h5" id="skip-rules" mb="xs">
            Skip rules
          </Title>
          <List spacing={4} size="sm">
            {explanation.skip_rules.map((check) => (
              <List.Item key={check.rule}>
                <Text span fw={600}>
                  {check.applies ? 'Skips' : check.on ? 'Passes' : 'Off'}
                </Text>
                {': '}
                {check.text}
              </List.Item>
            ))}
          </List>
        </section>
      )}
      {explanation.autopilots.length > 0 && (
        <section aria-labelledby="autopilots-checked">
          <Title order={3} size="h5" id="autopilots-checked" mb="xs">
            Autopilots checked, in order
          </Title>
          <Stack gap="xs">
            {explanation.autopilots.map((check) => (
              <Paper key={`${check.pass}-${check.autopilot_id}`} withBorder p="sm" aria-label={`${check.autopilot}, ${check.pass} pass`}>
                <Group gap="xs" mb={4} wrap="wrap">
                  <Text fw={600}>{check.autopilot}</Text>
                  <Badge variant="filled" autoContrast color={OUTCOME_WORDS[check.outcome].color}>
                    {OUTCOME_WORDS[check.outcome].label}
                  </Badge>
                  {check.pass === 'fallback' && (
                    <Text size="sm" c="dimmed">
                      in the fallback pass
                    </Text>
                  )}
                </Group>
                <Text size="sm">{check.text}</Text>
                {check.rules.length > 0 && (
                  <List spacing={2} size="sm" mt={4}>
                    {check.rules.map((rule) => (
                      <List.Item key={rule.rule}>
                        <Text span fw={600}>
                          {rule.matched ? 'Yes' : 'No'}
                        </Text>
                        {': '}
                        {rule.text}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Paper>
            ))}
          </Stack>
        </section>
      )}
    </Stack>
  );
}
