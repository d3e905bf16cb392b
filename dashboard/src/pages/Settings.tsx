import { Alert, Badge, Button, Code, Divider, Fieldset, Group, NativeSelect, Paper, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { api, data, messageOf } from '../api/client';
import type { AutopilotSettings, AutopilotSettingsPatch } from '../api/types';
import { ErrorState, LoadingState, PageHeader } from '../components/States';
import { signatureBlock } from './settings/signatureBlock';
import { CONTENT_LANGUAGES, DROP_BEHIND_DAYS, languageName, QUEUE_WAIT_HOURS } from './settings/values';

const SETTINGS = ['autopilot-settings'];

/** The form's state: the settings as a person edits them (lists and blanks as text). */
interface Draft {
  queue_wait_hours: string;
  drop_behind_days: string;
  skip_role_based: boolean;
  skip_free_providers: boolean;
  excluded_domains: string;
  research_once: boolean;
  content_language: string;
  email_signature: string;
  sender_name: string;
  sender_company: string;
  sender_address: string;
}

export function draftOf(settings: AutopilotSettings): Draft {
  return {
    queue_wait_hours: String(settings.queue_wait_hours),
    drop_behind_days: settings.drop_behind_days === null ? 'off' : String(settings.drop_behind_days),
    skip_role_based: settings.skip_role_based,
    skip_free_providers: settings.skip_free_providers,
    excluded_domains: settings.excluded_domains.join('\n'),
    research_once: settings.research_once,
    content_language: settings.content_language,
    email_signature: settings.email_signature ?? '',
    sender_name: settings.sender_identity?.name ?? '',
    sender_company: settings.sender_identity?.company ?? '',
    sender_address: settings.sender_identity?.postal_address ?? '',
  };
}

export function patchOf(draft: Draft): AutopilotSettingsPatch {
  const identity = [draft.sender_name, draft.sender_company, draft.sender_address].map((value) => value.trim());
  return {
    queue_wait_hours: Number(draft.queue_wait_hours) as AutopilotSettings['queue_wait_hours'],
    drop_behind_days: draft.drop_behind_days === 'off' ? null : (Number(draft.drop_behind_days) as NonNullable<AutopilotSettings['drop_behind_days']>),
    skip_role_based: draft.skip_role_based,
    skip_free_providers: draft.skip_free_providers,
    excluded_domains: draft.excluded_domains
      .split(/[\s,]+/)
      .map((domain) => domain.trim())
      .filter(Boolean),
    research_once: draft.research_once,
    content_language: draft.content_language as AutopilotSettings['content_language'],
    email_signature: draft.email_signature.trim() === '' ? null : draft.email_signature,
    // The engine refuses half an identity, and says which part is missing.
    sender_identity: identity.every((value) => value === '') ? null : { name: identity[0]!, company: identity[1]!, postal_address: identity[2]! },
  };
}

export default function Settings() {
  const settings = useQuery({ queryKey: SETTINGS, queryFn: () => data(api.GET('/autopilot/settings')) });
  return (
    <>
      <PageHeader title="Settings" description="How the Autopilot treats the account's leads, and who its e-mail comes from." />
      {settings.isPending && <LoadingState label="Reading the settings" />}
      {settings.isError && <ErrorState error={settings.error} retry={() => void settings.refetch()} />}
      {settings.data && <SettingsForm settings={settings.data} />}
    </>
  );
}

function SettingsForm({ settings }: { settings: AutopilotSettings }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(settings));
  useEffect(() => setDraft(draftOf(settings)), [settings]);
  const save = useMutation({
    mutationFn: (patch: AutopilotSettingsPatch) => data(api.PATCH('/autopilot/settings', { body: patch })),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS, saved),
  });
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) => {
      save.reset();
      setDraft((current) => ({ ...current, [key]: value }));
    };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(patchOf(draft));
  };
  const preview = signatureBlock(draft.email_signature, { name: draft.sender_name, company: draft.sender_company, postal_address: draft.sender_address });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={760} gap="lg">
        <Fieldset legend="Leads">
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                label="Queue wait time"
                description="How long a lead no Autopilot matches waits for the fallbacks."
                value={draft.queue_wait_hours}
                onChange={(event) => set('queue_wait_hours')(event.currentTarget.value)}
                data={QUEUE_WAIT_HOURS.map((hours) => ({ value: String(hours), label: `${hours} hours` }))}
              />
              <NativeSelect
                label="Drop messages that fall behind plan"
                description="Messages further behind their plan than this are dropped."
                value={draft.drop_behind_days}
                onChange={(event) => set('drop_behind_days')(event.currentTarget.value)}
                data={[{ value: 'off', label: 'Off' }, ...DROP_BEHIND_DAYS.map((days) => ({ value: String(days), label: `${days} days` }))]}
              />
            </SimpleGrid>
            <Switch
              label="Skip role-based addresses"
              description="info@, contact@, sales@, support@ and the like."
              checked={draft.skip_role_based}
              onChange={(event) => set('skip_role_based')(event.currentTarget.checked)}
            />
            <Switch
              label="Skip free mailbox providers"
              description="Addresses at Gmail, Outlook.com and other free providers."
              checked={draft.skip_free_providers}
              onChange={(event) => set('skip_free_providers')(event.currentTarget.checked)}
            />
            <Switch label="Research each contact only once" checked={draft.research_once} onChange={(event) => set('research_once')(event.currentTarget.checked)} />
            <Textarea
              label="Excluded domains"
              description="Never researched or contacted, subdomains included. One per line."
              autosize
              minRows={2}
              maxRows={8}
              value={draft.excluded_domains}
              onChange={(event) => set('excluded_domains')(event.currentTarget.value)}
            />
            <NativeSelect
              label="Content language"
              description="Research and messages are written in it."
              value={draft.content_language}
              onChange={(event) => set('content_language')(event.currentTarget.value)}
              data={CONTENT_LANGUAGES.map((code) => ({ value: code, label: languageName(code) }))}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend="E-mail identity">
          <Stack>
            <Group gap="xs">
              <Text size="sm">E-mail steps</Text>
              {settings.email_ready ? (
                <Badge color="teal.9" variant="filled">
                  may send
                </Badge>
              ) : (
                <Badge color="red.9" variant="filled">
                  wait for a signature and sender identity
                </Badge>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Sender name" description="A person or the company." value={draft.sender_name} onChange={(event) => set('sender_name')(event.currentTarget.value)} />
              <TextInput label="Company" value={draft.sender_company} onChange={(event) => set('sender_company')(event.currentTarget.value)} />
            </SimpleGrid>
            <Textarea
              label="Postal address"
              description="Commercial e-mail must carry it."
              autosize
              minRows={2}
              value={draft.sender_address}
              onChange={(event) => set('sender_address')(event.currentTarget.value)}
            />
            <Textarea label="Signature" autosize minRows={3} value={draft.email_signature} onChange={(event) => set('email_signature')(event.currentTarget.value)} />
            <Divider />
            <Title order={2} size="h5">
              Preview of the end of every e-mail
            </Title>
            <Paper withBorder p="md" bg="var(--mantine-color-body)">
              <Code block data-testid="signature-preview" bg="transparent" p={0} fz="sm">
                {preview}
              </Code>
            </Paper>
          </Stack>
        </Fieldset>

        {save.isError && (
          <Alert color="red" role="alert" title="Not saved">
            {messageOf(save.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
          {save.isSuccess && (
            <Text role="status" c="green.8" size="sm">
              Saved.
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
