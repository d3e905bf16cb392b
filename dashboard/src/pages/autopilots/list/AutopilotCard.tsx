import { ActionIcon, Alert, Anchor, Badge, Button, Group, List, Paper, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { type CSSProperties, type Ref, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, messageOf } from '../../../api/client';
import { CHANNEL_NAMES } from '../../../words/channels';
import { filterInWords } from '../filterInWords';
import classes from './AutopilotCard.module.css';
import { type Autopilot, type AutopilotStats, type Problem, useSwitchAutopilot } from './autopilotsApi';
import { formatDate } from '../../../format';

const GOALS: Record<Autopilot['goal']['type'], string> = { engage: 'Engage', meetings: 'Book meetings', self_serve: 'Self-serve sign-up', qualify: 'Qualify' };
const SEVERITIES: Record<Problem['severity'], { label: string; color: string }> = {
  error: { label: 'Error', color: 'red.9' },
  blocks_enabling: { label: 'Blocks switching on', color: 'red.9' },
  warning: { label: 'Warning', color: 'yellow.4' },
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
export const rateInWords = (rate: number | null | undefined) => (rate === null || rate === undefined ? '–' : `${Math.round(rate * 100)}%`);

/** What the card's drag handle needs from the sortable list (absent for archived ones). */
export interface DragHandle {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
}

export interface CardProps {
  autopilot: Autopilot;
  stats: AutopilotStats | undefined;
  /** False for members and archived Autopilots: everything shown, nothing to change. */
  canChange: boolean;
  handle?: DragHandle;
  onMove?: (step: -1 | 1) => void;
  isFirst?: boolean;
  isLast?: boolean;
  onArchive?: () => void;
  containerRef?: Ref<HTMLLIElement>;
  style?: CSSProperties;
  dragging?: boolean;
}

/** One Autopilot in the list: what it catches, what it does, how it is doing, and what is wrong with it. */
export function AutopilotCard({ autopilot, stats, canChange, handle, onMove, isFirst, isLast, onArchive, containerRef, style, dragging }: CardProps) {
  const { name } = autopilot;
  return (
    <Paper component="li" ref={containerRef} style={style} withBorder p="md" shadow={dragging ? 'md' : undefined} aria-label={name} data-testid="autopilot">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Group wrap="nowrap" gap="xs" align="center" miw={0}>
            {handle && canChange && <GripHandle name={name} handle={handle} />}
            {autopilot.position !== null && (
              <Text fw={700} c="dimmed" miw="2ch" ta="right">
                <VisuallyHidden>Position </VisuallyHidden>
                {autopilot.position}
              </Text>
            )}
            {autopilot.archived_at ? (
              <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
            ) : (
              <Anchor component={Link} to={`/autopilots/${encodeURIComponent(name)}`} fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Anchor>
            )}
            {autopilot.fallback && (
              <Badge variant="light" color="grape" style={{ flexShrink: 0 }}>
                Fallback
              </Badge>
            )}
          </Group>
          {autopilot.archived_at ? (
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              Archived {formatDate(autopilot.archived_at)}
            </Text>
          ) : (
            <OnOff autopilot={autopilot} canChange={canChange} />
          )}
        </Group>
        <p className={classes.filter}>
          <span className={classes.dimmed}>Filter: </span>
          {filterInWords(autopilot.filter)}
        </p>
        <dl className={classes.facts}>
          <Fact label="Channels">{autopilot.channels.map((channel) => CHANNEL_NAMES[channel]).join(', ') || 'None yet'}</Fact>
          <Fact label="Goal">{GOALS[autopilot.goal.type]}</Fact>
          <Fact label="Steps">{autopilot.sequence.length}</Fact>
          <Fact label="Enrolled">{stats?.enrolled ?? '–'}</Fact>
          <Fact label="Responded">{rateInWords(stats?.responded_rate)}</Fact>
        </dl>
        <Problems problems={autopilot.problems} />
        {canChange && (onMove || onArchive) && (
          <Group justify="flex-end" gap="xs">
            {onMove && (
              <>
                <ActionIcon variant="default" size="lg" aria-label={`Move ${name} up`} disabled={isFirst} onClick={() => onMove(-1)}>
                  <Arrow direction="up" />
                </ActionIcon>
                <ActionIcon variant="default" size="lg" aria-label={`Move ${name} down`} disabled={isLast} onClick={() => onMove(1)}>
                  <Arrow direction="down" />
                </ActionIcon>
              </>
            )}
            {onArchive && (
              <Button variant="subtle" color="red" size="xs" onClick={onArchive} aria-label={`Archive ${name}`}>
                Archive
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The on/off switch; a refusal to switch on shows the engine's reasons, in its words. */
function OnOff({ autopilot, canChange }: { autopilot: Autopilot; canChange: boolean }) {
  const toggle = useSwitchAutopilot(autopilot.name);
  const enabled = toggle.isPending ? (toggle.variables ?? autopilot.enabled) : autopilot.enabled;
  const refusal = toggle.error;
  return (
    <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
      <Switch
        checked={enabled}
        disabled={!canChange || toggle.isPending}
        onChange={(event) => toggle.mutate(event.currentTarget.checked)}
        label={enabled ? 'On' : 'Off'}
        labelPosition="left"
        aria-label={`${autopilot.name} on`}
        size="md"
      />
      {refusal && (
        <Alert
          color="red"
          role="alert"
          maw={420}
          p="xs"
          title={`${autopilot.name} was not switched ${toggle.variables ? 'on' : 'off'}`}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={toggle.reset}
        >
          <Refusal error={refusal} />
        </Alert>
      )}
    </Stack>
  );
}

/** The engine's reasons, each in its words; a refusal without reasons in one sentence. */
function Refusal({ error }: { error: unknown }) {
  const problems = error instanceof ApiError ? (error.body.problems ?? []) : [];
  if (problems.length === 0) return <Text size="sm">{messageOf(error)}</Text>;
  return (
    <List size="sm" spacing={2}>
      {problems.map((problem) => (
        <List.Item key={`${problem.path} ${problem.message}`}>{problem.message}</List.Item>
      ))}
    </List>
  );
}

/**
 * The problems the engine answers, in its words: those that block switching on always shown, the
 * warnings (often the account's, the same on every card) one click away.
 */
function Problems({ problems }: { problems: Problem[] }) {
  const [showWarnings, setShowWarnings] = useState(false);
  if (problems.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No problems
      </Text>
    );
  const blocking = problems.filter((problem) => problem.severity !== 'warning');
  const warnings = problems.filter((problem) => problem.severity === 'warning');
  const shown = showWarnings ? [...blocking, ...warnings] : blocking;
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" fw={600}>
        {plural(problems.length, 'problem')}
        {blocking.length > 0 && ` (${blocking.length} ${blocking.length === 1 ? 'blocks' : 'block'} switching on)`}
      </Text>
      {shown.length > 0 && (
        <List size="sm" spacing={4} listStyleType="none" ml={0} pl={0}>
          {shown.map((problem) => (
            <List.Item key={`${problem.path} ${problem.message}`}>
              <Badge size="xs" variant="filled" autoContrast color={SEVERITIES[problem.severity].color} mr={6}>
                {SEVERITIES[problem.severity].label}
              </Badge>
              {problem.message}
            </List.Item>
          ))}
        </List>
      )}
      {warnings.length > 0 && (
        <Button variant="subtle" size="compact-sm" px={4} aria-expanded={showWarnings} onClick={() => setShowWarnings(!showWarnings)}>
          {showWarnings ? 'Hide the warnings' : `Show ${plural(warnings.length, 'warning')}`}
        </Button>
      )}
    </Stack>
  );
}

function GripHandle({ name, handle }: { name: string; handle: DragHandle }) {
  return (
    <ActionIcon
      ref={handle.setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="lg"
      style={{ cursor: 'grab', touchAction: 'none', flexShrink: 0 }}
      {...handle.attributes}
      {...handle.listeners}
      aria-label={`Reorder ${name}`}
    >
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
        {[3, 8, 13].flatMap((y) => [5, 11].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" />))}
      </svg>
    </ActionIcon>
  );
}

function Arrow({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      {direction === 'up' ? <path d="M8 13V3M3.5 7.5 8 3l4.5 4.5" /> : <path d="M8 3v10M3.5 8.5 8 13l4.5-4.5" />}
    </svg>
  );
}
