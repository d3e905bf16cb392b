import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ThemeToggle } from '../shell/ThemeToggle';

/** The frame of the pages before sign-in: one card in the middle. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack w="100%" maw={420} gap="md">
        <Stack gap={4} align="center">
          <Text fw={700} size="lg">
            Prospect Research
          </Text>
          <ThemeToggle />
        </Stack>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Title order={1} size="h3" mb={subtitle ? 4 : 'md'}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm" mb="md">
              {subtitle}
            </Text>
          )}
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
