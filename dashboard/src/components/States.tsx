import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { messageOf } from '../api/client';

export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="xl" aria-busy="true">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <Alert color="red" title="Something went wrong" role="alert" my="md">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{messageOf(error)}</Text>
        {retry && (
          <Button size="xs" variant="default" onClick={retry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function EmptyState({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Stack align="center" py="xl" gap="xs" ta="center">
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text c="dimmed" maw={420}>
        {children}
      </Text>
      {action}
    </Stack>
  );
}

/** A page's heading and one-line purpose. */
export function PageHeader({ title, description }: { title: string; description: string }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{description}</Text>
    </Stack>
  );
}
