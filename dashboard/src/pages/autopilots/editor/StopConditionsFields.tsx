import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { type Draft, newKey } from './draft';
import { FieldProblems } from './FieldProblems';
import type { ProblemsAt } from './problems';
import { MAX_PROPERTY_CHANGES } from './words';

type StopConditions = Draft['stop_conditions'];

const WINS = [
  { field: 'reply', label: 'A reply on any channel' },
  { field: 'call_connected', label: 'A connected call logged in the CRM' },
  { field: 'meeting_booked', label: 'A meeting booked in the CRM' },
  { field: 'invite_accepted', label: 'An accepted connection request' },
] as const;

/** What ends a lead's sequence: the four wins, and CRM properties changing (to a value, or at all). */
export function StopConditionsFields({ value, onChange, problemsAt }: { value: StopConditions; onChange: (stops: StopConditions) => void; problemsAt: ProblemsAt }) {
  const changes = value.property_changes;
  const setChange = (index: number, change: Partial<StopConditions['property_changes'][number]>) =>
    onChange({ ...value, property_changes: changes.map((existing, i) => (i === index ? { ...existing, ...change } : existing)) });
  return (
    <Stack gap="xs">
      <FieldProblems problems={problemsAt('/stop_conditions')} />
      {WINS.map(({ field, label }) => (
        <Checkbox key={field} label={label} checked={value[field]} onChange={(event) => onChange({ ...value, [field]: event.currentTarget.checked })} />
      ))}
      <Stack gap={0} mt="xs">
        <Text size="sm" fw={500}>
          CRM property changes
        </Text>
        <Text size="xs" c="dimmed">
          The lead stops when the property changes to the value given; left blank, when it changes at all.
        </Text>
      </Stack>
      {changes.map((change, index) => (
        <Stack key={change.key} gap={4}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput style={{ flex: 1 }} label={`Property ${index + 1}`} value={change.property} onChange={(event) => setChange(index, { property: event.currentTarget.value })} />
            <TextInput style={{ flex: 1 }} label={`Value ${index + 1}`} value={change.value} onChange={(event) => setChange(index, { value: event.currentTarget.value })} />
            <ActionIcon
              variant="subtle"
              color="gray"
              mb={4}
              aria-label={`Remove property change ${index + 1}`}
              onClick={() => onChange({ ...value, property_changes: changes.filter((_, i) => i !== index) })}
            >
              ×
            </ActionIcon>
          </Group>
          <FieldProblems problems={problemsAt(`/stop_conditions/property_changes/${index}`)} />
        </Stack>
      ))}
      {changes.length < MAX_PROPERTY_CHANGES && (
        <Button variant="light" size="xs" style={{ alignSelf: 'flex-start' }} onClick={() => onChange({ ...value, property_changes: [...changes, { key: newKey(), property: '', value: '' }] })}>
          Add property change
        </Button>
      )}
    </Stack>
  );
}
