import { Alert, Button, Checkbox, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../api/client';
import { type CreatedWebhook, EVENT_TYPES, type EventType, useAutopilotNames, useCreateWebhook } from './webhooksApi';

/** The form of a new webhook: its address, the event types it takes and, optionally, one Autopilot's only. */
export function CreateWebhook({ onCreated }: { onCreated: (webhook: CreatedWebhook) => void }) {
  const create = useCreateWebhook();
  const autopilots = useAutopilotNames();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventType[]>(['lead.responded', 'lead.closed']);
  const [autopilot, setAutopilot] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events, ...(autopilot === '' ? {} : { autopilot }) },
      {
        onSuccess: (created) => {
          setUrl('');
          onCreated(created);
        },
      },
    );
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-labelledby="new-webhook">
      <Stack gap="sm">
        <Title order={2} size="h4" id="new-webhook">
          New webhook
        </Title>
        <TextInput
          label="Address"
          description="An https address that answers 2xx to a POST"
          placeholder="https://hooks.example.com/prospect"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          required
        />
        <Checkbox.Group label="Events" description="What it receives" value={events} onChange={(value) => setEvents(value as EventType[])}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs" spacing="xs">
            {EVENT_TYPES.map(({ type, meaning }) => (
              <Checkbox
                key={type}
                value={type}
                label={
                  <Text size="sm" component="span">
                    <Text span ff="monospace" size="sm">
                      {type}
                    </Text>
                    <Text span size="xs" c="dimmed" display="block">
                      {meaning}
                    </Text>
                  </Text>
                }
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <NativeSelect
          label="Autopilot"
          description="Every Autopilot's events, or one's only"
          data={[{ value: '', label: 'Every Autopilot' }, ...(autopilots.data ?? []).map((name) => ({ value: name, label: name }))]}
          value={autopilot}
          onChange={(event) => setAutopilot(event.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
        />
        {create.isError && (
          <Alert color="red" role="alert" title="The webhook was not saved">
            {messageOf(create.error)}
          </Alert>
        )}
        <Button type="submit" loading={create.isPending} disabled={url.trim() === '' || events.length === 0} w="fit-content">
          Create webhook
        </Button>
      </Stack>
    </Paper>
  );
}
