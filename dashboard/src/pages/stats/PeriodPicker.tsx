import { Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useId } from 'react';

export type PeriodChoice = '7' | '30' | '90' | 'custom';

const CHOICES: { value: PeriodChoice; label: string }[] = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'custom', label: 'Custom' },
];

/** The last 7, 30 or 90 days, or two days of the viewer's choosing. */
export function PeriodPicker({
  choice,
  from,
  to,
  problem,
  onChoice,
  onDates,
}: {
  choice: PeriodChoice;
  from: string;
  to: string;
  /** What is wrong with the custom days, said beside them. */
  problem: string | null;
  onChoice: (choice: PeriodChoice) => void;
  onDates: (from: string, to: string) => void;
}) {
  const problemId = useId();
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <SegmentedControl aria-label="Period" mt={24} data={CHOICES} value={choice} onChange={(value) => onChoice(value as PeriodChoice)} />
      {choice === 'custom' && (
        <>
          <TextInput type="date" label="From" value={from} max={to} aria-invalid={problem !== null} aria-describedby={problemId} onChange={(event) => onDates(event.currentTarget.value, to)} w={160} />
          <TextInput type="date" label="To" value={to} min={from} aria-invalid={problem !== null} aria-describedby={problemId} onChange={(event) => onDates(from, event.currentTarget.value)} w={160} />
          {/* In the text's own colour: Mantine's error red on an input falls short of WCAG AA's contrast. */}
          <Text id={problemId} role="status" size="sm" fw={600} mt={30}>
            {problem}
          </Text>
        </>
      )}
    </Group>
  );
}
