import { Alert, Anchor, Badge, Button, Checkbox, Fieldset, Grid, Group, NativeSelect, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, api, data, messageOf } from '../../../api/client';
import { useSession } from '../../../api/session';
import { ErrorState, LoadingState } from '../../../components/States';
import { type Draft, documentOf, draftOf, emptyDraft } from './draft';
import { FieldProblems } from './FieldProblems';
import { FilterBuilder } from './FilterBuilder';
import { GoalFields } from './GoalFields';
import { PreviewPanel } from './PreviewPanel';
import { fieldPaths, placeProblems, type ProblemsAt } from './problems';
import { SequenceEditor } from './SequenceEditor';
import { StopConditionsFields } from './StopConditionsFields';
import type { AutopilotView, Channel, Problem, Tone } from './types';
import { usePreview } from './usePreview';
import { useLeaveGuard } from './useLeaveGuard';
import { CHANNELS, TONES } from './words';

/** One Autopilot's answer, by its name in any case (under "autopilots", which a save invalidates, beside the list's queries). */
const autopilotKey = (name: string) => ['autopilots', 'one', name.toLowerCase()];

/** `/autopilots/new` and `/autopilots/:name`: every field of an Autopilot, with its preview beside it. */
export default function AutopilotEditorPage() {
  const { name } = useParams();
  const session = useSession();
  const existing = useQuery({
    queryKey: autopilotKey(name ?? ''),
    queryFn: () => data(api.GET('/autopilots/{name}', { params: { path: { name: name! } } })),
    enabled: name !== undefined,
  });
  const properties = useQuery({ queryKey: ['autopilot-properties'], queryFn: () => data(api.GET('/autopilot/properties')), staleTime: 60_000 });
  const canEdit = session.data?.role !== 'member';

  if (name === undefined) return <Editor key="new" canEdit={canEdit} properties={properties.data?.properties_seen} />;
  if (existing.isPending) return <LoadingState label="Reading the Autopilot" />;
  if (existing.isError) {
    if (existing.error instanceof ApiError && existing.error.status === 404) {
      return (
        <Stack align="flex-start">
          <Title order={1} size="h2">
            No Autopilot named “{name}”
          </Title>
          <Text>It may have been archived, or its name changed case.</Text>
          <Anchor component={Link} to="/autopilots">
            Back to the Autopilots
          </Anchor>
        </Stack>
      );
    }
    return <ErrorState error={existing.error} retry={() => void existing.refetch()} />;
  }
  return <Editor key={existing.data.id} view={existing.data} canEdit={canEdit} properties={properties.data?.properties_seen} />;
}

interface EditorProps {
  view?: AutopilotView;
  canEdit: boolean;
  properties?: Parameters<typeof FilterBuilder>[0]['properties'];
}

function Editor({ view, canEdit, properties }: EditorProps) {
  const isNew = view === undefined;
  const navigate = useNavigate();
  const created = (useLocation().state as { saved?: number } | null)?.saved;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => (view ? draftOf(view) : emptyDraft()));
  const document = useMemo(() => documentOf(draft), [draft]);
  const [baseline, setBaseline] = useState(() => JSON.stringify(document));
  const dirty = JSON.stringify(document) !== baseline;
  useLeaveGuard(canEdit && dirty);

  const save = useMutation({
    mutationFn: () => data(api.PUT('/autopilots/{name}', { params: { path: { name: isNew ? draft.name.trim() : view.name } }, body: document })),
    onSuccess: (saved) => {
      setBaseline(JSON.stringify(document));
      queryClient.setQueryData(autopilotKey(saved.name), saved);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'autopilots' && query.queryKey[2] !== saved.name.toLowerCase() });
      if (isNew) void navigate(`/autopilots/${encodeURIComponent(saved.name)}`, { replace: true, state: { saved: saved.revision } });
    },
  });
  const change =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) => {
      save.reset();
      setDraft((current) => ({ ...current, [key]: value }));
    };

  // A new Autopilot not named yet is previewed under a stand-in name, not refused for the name it lacks.
  const address = isNew ? draft.name.trim() || 'Untitled' : view.name;
  const live = usePreview(address, isNew && !draft.name.trim() ? { ...document, name: address } : document, canEdit);
  const refusal = save.error instanceof ApiError ? (save.error.body.problems as Problem[] | undefined) : undefined;
  const problems: Problem[] = refusal ?? (canEdit ? (live.problems ?? view?.problems ?? []) : (view?.problems ?? []));
  const placed = placeProblems(problems, fieldPaths(draft, { isNew }));
  const problemsAt: ProblemsAt = (path) => placed.get(path) ?? [];
  const blocking = problems.filter((problem) => problem.severity === 'blocks_enabling').length;
  const errors = problems.filter((problem) => problem.severity === 'error').length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  const unavailable = !canEdit ? 'Previews are for admins and owners.' : live.refused ? 'The preview waits until the errors in the draft are fixed.' : live.error ? messageOf(live.error) : undefined;

  return (
    <>
      <Stack gap={4} mb="lg">
        <Group gap="sm">
          <Title order={1} size="h2">
            {isNew ? 'New Autopilot' : view.name}
          </Title>
          {view && (
            <Badge variant="filled" color={view.enabled ? 'teal.9' : 'gray.7'}>
              {view.enabled ? 'On' : 'Off'}
            </Badge>
          )}
        </Group>
        <Text c="dimmed">
          {view
            ? `Revision ${view.revision}, position ${view.position}. Switched on and off from the list of Autopilots.`
            : 'Who it takes, how it writes, and the messages it sends. New Autopilots start off.'}
        </Text>
        <Anchor component={Link} to="/autopilots" size="sm">
          All Autopilots
        </Anchor>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <form onSubmit={submit} noValidate aria-label="Autopilot">
            <Stack gap="lg">
              {!canEdit && (
                <Alert color="gray" title="Read only">
                  Members can read Autopilots; admins and owners change them.
                </Alert>
              )}
              {(placed.get('') ?? []).length > 0 && (
                <Alert color="gray" title="About the whole Autopilot">
                  <FieldProblems problems={placed.get('')!} />
                </Alert>
              )}
              {(blocking > 0 || errors > 0) && (
                <Text size="sm" role="status">
                  {errors > 0
                    ? `${errors} ${errors > 1 ? 'problems stop' : 'problem stops'} it being saved: see beside the fields.`
                    : `It can be saved, but ${blocking > 1 ? `${blocking} problems block` : 'one problem blocks'} switching it on: see beside the fields.`}
                </Text>
              )}
              <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                <Stack gap="lg">
                  {isNew && (
                    <Stack gap={4}>
                      <TextInput label="Name" description="Unique in the account, whatever its case" required value={draft.name} onChange={(event) => change('name')(event.currentTarget.value)} />
                      <FieldProblems problems={problemsAt('/name')} />
                    </Stack>
                  )}
                  <Fieldset legend="Who it takes">
                    <Stack gap="sm">
                      <Switch
                        label="Fallback"
                        description="Skipped in the normal pass; gets the last look at a waiting lead before it is abandoned"
                        checked={draft.fallback}
                        onChange={(event) => change('fallback')(event.currentTarget.checked)}
                      />
                      <FieldProblems problems={problemsAt('/fallback')} />
                      <FilterBuilder value={draft.filter} onChange={change('filter')} properties={properties} problemsAt={problemsAt} />
                    </Stack>
                  </Fieldset>
                  <Fieldset legend="How it writes">
                    <Stack gap="sm">
                      <Checkbox.Group
                        label="Channels"
                        value={draft.channels}
                        onChange={(channels) => change('channels')(CHANNELS.map(({ value }) => value).filter((channel) => channels.includes(channel)) as Channel[])}
                      >
                        <Group gap="md" mt={6}>
                          {CHANNELS.map(({ value, label }) => (
                            <Checkbox key={value} value={value} label={label} />
                          ))}
                        </Group>
                      </Checkbox.Group>
                      <FieldProblems problems={problemsAt('/channels')} />
                      <NativeSelect label="Tone" description="Voice and greeting" value={draft.tone} onChange={(event) => change('tone')(event.currentTarget.value as Tone)} data={TONES} />
                      <FieldProblems problems={problemsAt('/tone')} />
                      <GoalFields value={draft.goal} onChange={change('goal')} problemsAt={problemsAt} />
                      <TextInput
                        label="Lead origin"
                        description="One sentence the first message opens with, such as “You downloaded our pricing guide last week.”"
                        value={draft.lead_origin}
                        onChange={(event) => change('lead_origin')(event.currentTarget.value)}
                      />
                      <FieldProblems problems={problemsAt('/lead_origin')} />
                    </Stack>
                  </Fieldset>
                  <Fieldset legend="Sequence">
                    <Stack gap="sm">
                      <Switch label="Later e-mails reply in the first e-mail’s thread" checked={draft.threading} onChange={(event) => change('threading')(event.currentTarget.checked)} />
                      <FieldProblems problems={problemsAt('/threading')} />
                      <SequenceEditor value={draft.sequence} onChange={change('sequence')} channels={draft.channels} threading={draft.threading} problemsAt={problemsAt} />
                    </Stack>
                  </Fieldset>
                  <Fieldset legend="Stop conditions">
                    <StopConditionsFields value={draft.stop_conditions} onChange={change('stop_conditions')} problemsAt={problemsAt} />
                  </Fieldset>
                </Stack>
              </fieldset>
              {canEdit && (
                <Group>
                  <Button type="submit" loading={save.isPending} disabled={!dirty && !isNew}>
                    {isNew ? 'Create Autopilot' : 'Save changes'}
                  </Button>
                  {(save.data?.revision ?? created) !== undefined && !dirty && (
                    <Text size="sm" role="status">
                      Saved: revision {save.data?.revision ?? created}.
                    </Text>
                  )}
                  {dirty && !save.isError && (
                    <Text size="sm" c="dimmed">
                      Unsaved changes
                    </Text>
                  )}
                </Group>
              )}
              {save.isError && (
                <Alert color="red" role="alert" title="Not saved">
                  {refusal ? 'The engine refused the Autopilot: its problems are shown beside their fields.' : messageOf(save.error)}
                </Alert>
              )}
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <div style={{ position: 'sticky', top: 76 }}>
            <PreviewPanel preview={live.preview} updating={live.updating} unavailable={unavailable} />
          </div>
        </Grid.Col>
      </Grid>
    </>
  );
}
