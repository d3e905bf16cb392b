import { ActionIcon, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { Draft } from './draft';
import { FieldProblems } from './FieldProblems';
import type { ProblemsAt } from './problems';
import type { GoalType } from './types';
import { GOALS, MAX_QUESTIONS } from './words';

type Goal = Draft['goal'];

/** The goal and the one input its type needs: a calendar link, a pricing page, or up to three questions. */
export function GoalFields({ value, onChange, problemsAt }: { value: Goal; onChange: (goal: Goal) => void; problemsAt: ProblemsAt }) {
  const setQuestion = (index: number, question: string) => onChange({ ...value, questions: value.questions.map((existing, i) => (i === index ? question : existing)) });
  return (
    <Stack gap="xs">
      <NativeSelect
        label="Goal"
        value={value.type}
        onChange={(event) => {
          const type = event.currentTarget.value as GoalType;
          onChange({ ...value, type, questions: type === 'qualify' && value.questions.length === 0 ? [''] : value.questions });
        }}
        data={GOALS}
      />
      <FieldProblems problems={[...problemsAt('/goal'), ...problemsAt('/goal/type')]} />
      {value.type === 'meetings' && (
        <>
          <TextInput
            label="Calendar link"
            description="Where leads book a meeting (https://...)"
            value={value.calendar_link}
            onChange={(event) => onChange({ ...value, calendar_link: event.currentTarget.value })}
          />
          <FieldProblems problems={problemsAt('/goal/calendar_link')} />
        </>
      )}
      {value.type === 'self_serve' && (
        <>
          <TextInput
            label="Pricing page"
            description="Where leads see prices and sign up (https://...)"
            value={value.pricing_url}
            onChange={(event) => onChange({ ...value, pricing_url: event.currentTarget.value })}
          />
          <FieldProblems problems={problemsAt('/goal/pricing_url')} />
        </>
      )}
      {value.type === 'qualify' && (
        <Stack gap="xs">
          {value.questions.map((question, index) => (
            // Questions have no identity but their place: asked in this order, one per message.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
              <TextInput style={{ flex: 1 }} label={`Question ${index + 1}`} value={question} onChange={(event) => setQuestion(index, event.currentTarget.value)} />
              <ActionIcon
                variant="subtle"
                color="gray"
                mb={4}
                aria-label={`Remove question ${index + 1}`}
                onClick={() => onChange({ ...value, questions: value.questions.filter((_, i) => i !== index) })}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          {value.questions.length < MAX_QUESTIONS && (
            <Button variant="light" size="xs" style={{ alignSelf: 'flex-start' }} onClick={() => onChange({ ...value, questions: [...value.questions, ''] })}>
              Add question
            </Button>
          )}
          <FieldProblems problems={problemsAt('/goal/questions')} />
        </Stack>
      )}
    </Stack>
  );
}
