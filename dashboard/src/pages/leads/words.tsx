import { Badge } from '@mantine/core';
import type { Outcome } from './filters';

const OUTCOME_COLORS: Record<Outcome, string> = { Active: 'blue', Responded: 'green', Closed: 'gray', Failed: 'red' };

export function OutcomeBadge({ outcome }: { outcome: Outcome }) {
  return (
    <Badge color={OUTCOME_COLORS[outcome]} variant="dot" style={{ flexShrink: 0 }}>
      {outcome}
    </Badge>
  );
}
