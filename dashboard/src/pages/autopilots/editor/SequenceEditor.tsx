import { ActionIcon, Button, Chip, Group, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { newStep, type StepDraft } from './draft';
import { FieldProblems } from './FieldProblems';
import { type ProblemsAt, showsSubjectAngle } from './problems';
import type { Channel } from './types';
import { MAX_STEPS, SIGNALS, STEP_KINDS } from './words';

interface SequenceEditorProps {
  value: StepDraft[];
  onChange: (steps: StepDraft[]) => void;
  /** The Autopilot's channels: a new step goes out on the first. */
  channels?: Channel[];
  /** Threading on: later e-mails reply in the first one's thread, so only the first has a subject angle. */
  threading?: boolean;
  problemsAt?: ProblemsAt;
}

const none: ProblemsAt = () => [];

function moved<T>(list: T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
}

/** The sequence as steps in the order they go out: each added, removed and moved, with exactly the document's fields. */
export function SequenceEditor({ value, onChange, channels = [], threading = true, problemsAt = none }: SequenceEditorProps) {
  const setStep = (index: number, step: Partial<StepDraft>) => onChange(value.map((existing, i) => (i === index ? { ...existing, ...step } : existing)));
  const firstEmail = value.findIndex((step) => step.kind === 'email');

  return (
    <Stack gap="sm">
      <FieldProblems problems={problemsAt('/sequence')} />
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          No steps yet: add the first message the lead gets.
        </Text>
      )}
      {value.map((step, index) => {
        const n = index + 1;
        const at = (field: string) => problemsAt(`/sequence/${index}/${field}`);
        return (
          <Paper key={step.key} withBorder p="sm" role="group" aria-label={`Step ${n}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={600}>
                  Step {n}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" color="gray" aria-label={`Move step ${n} up`} disabled={index === 0} onClick={() => onChange(moved(value, index, index - 1))}>
                    ↑
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="gray" aria-label={`Move step ${n} down`} disabled={index === value.length - 1} onClick={() => onChange(moved(value, index, index + 1))}>
                    ↓
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="gray" aria-label={`Remove step ${n}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
                    ×
                  </ActionIcon>
                </Group>
              </Group>
              <FieldProblems problems={problemsAt(`/sequence/${index}`)} />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                <NumberInput label="Day" description="1 is the enrolment day" min={1} max={90} allowDecimal={false} value={step.day} onChange={(day) => setStep(index, { day })} />
                <NativeSelect
                  label="Sends"
                  value={`${step.channel}:${step.kind}`}
                  onChange={(event) => {
                    const choice = STEP_KINDS.find(({ channel, kind }) => `${channel}:${kind}` === event.currentTarget.value)!;
                    setStep(index, { channel: choice.channel, kind: choice.kind });
                  }}
                  data={STEP_KINDS.map(({ channel, kind, label }) => ({ value: `${channel}:${kind}`, label }))}
                />
              </SimpleGrid>
              <FieldProblems problems={[...at('day'), ...at('channel'), ...at('kind')]} />
              <Textarea
                label="Angle"
                description="What this message says, written for each lead when it is sent"
                autosize
                minRows={2}
                maxRows={8}
                value={step.angle}
                onChange={(event) => setStep(index, { angle: event.currentTarget.value })}
              />
              <FieldProblems problems={at('angle')} />
              {showsSubjectAngle(step, index === firstEmail, threading) && (
                <>
                  <TextInput
                    label="Subject angle"
                    description={threading ? 'The first e-mail’s subject line; later e-mails reply in its thread' : 'What the subject line is about'}
                    value={step.subject_angle}
                    onChange={(event) => setStep(index, { subject_angle: event.currentTarget.value })}
                  />
                  <FieldProblems problems={at('subject_angle')} />
                </>
              )}
              <Chip.Group multiple value={step.signals} onChange={(signals) => setStep(index, { signals: SIGNALS.map(({ value }) => value).filter((signal) => signals.includes(signal)) })}>
                <Stack gap={4}>
                  <Text size="sm" fw={500} id={`step-${step.key}-signals`}>
                    Research signals to build on
                  </Text>
                  <Group gap={6} role="group" aria-labelledby={`step-${step.key}-signals`}>
                    {SIGNALS.map(({ value: signal, label }) => (
                      <Chip key={signal} value={signal} size="xs">
                        {label}
                      </Chip>
                    ))}
                  </Group>
                </Stack>
              </Chip.Group>
              <FieldProblems problems={at('signals')} />
              <Switch
                label="Only once the lead is warm"
                description="Waits until they accept a connection request or reply; gives up three weeks after its day"
                checked={step.warm_only}
                onChange={(event) => setStep(index, { warm_only: event.currentTarget.checked })}
              />
              <FieldProblems problems={at('warm_only')} />
              {step.kind === 'connection_request' && (
                <>
                  <Switch label="Send a note with the request" checked={step.note} onChange={(event) => setStep(index, { note: event.currentTarget.checked })} />
                  <FieldProblems problems={at('note')} />
                </>
              )}
            </Stack>
          </Paper>
        );
      })}
      {value.length < MAX_STEPS ? (
        <Button variant="light" size="xs" style={{ alignSelf: 'flex-start' }} onClick={() => onChange([...value, newStep(value.at(-1), channels)])}>
          Add step
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          A sequence has at most {MAX_STEPS} steps.
        </Text>
      )}
    </Stack>
  );
}
