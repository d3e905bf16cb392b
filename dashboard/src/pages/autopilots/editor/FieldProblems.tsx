import { List, Text } from '@mantine/core';
import classes from './FieldProblems.module.css';
import type { Problem } from './types';

const PREFIX = { error: '', blocks_enabling: 'Blocks enabling: ', warning: 'Warning: ' } as const;

/** A field's problems, worded as the engine words them; what blocks enabling and warnings say so. */
export function FieldProblems({ problems }: { problems: Problem[] }) {
  if (problems.length === 0) return null;
  return (
    <List size="sm" spacing={2} listStyleType="none" data-testid="field-problems" aria-live="polite">
      {problems.map((problem) => (
        <List.Item key={`${problem.severity}:${problem.path}:${problem.message}`}>
          <Text size="sm" className={classes[problem.severity]} fw={problem.severity === 'warning' ? 400 : 600}>
            {PREFIX[problem.severity]}
            {problem.message}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
