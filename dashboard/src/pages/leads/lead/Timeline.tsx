import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../format';
import type { TimelineEntry } from '../leadsApi';
import { channelName } from '../../../words/channels';
import { endReasonWords, WINS } from '../../../words/endReasons';

type Touch = Extract<TimelineEntry, { type: 'touch' }>;
type LeadEvent = Extract<TimelineEntry, { type: 'event' }>;

const EVENTS: Record<string, string> = {
  reply: 'Reply',
  bounce: 'Bounce',
  unsubscribe: 'Unsubscribed',
  connection: 'Connection accepted',
  call: 'Call',
  meeting: 'Meeting',
  property_change: 'CRM property changed',
};
const STATE_COLORS: Record<string, string> = { scheduled: 'blue', sent: 'green', skipped: 'orange', cancelled: 'gray' };
const words = (code: string) => code.replaceAll('_', ' ');

/** A lead's timeline, enrolment first: each touch as it was planned and sent, each event, wins marked. */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="timeline-heading">
      <Title order={2} size="h3" id="timeline-heading">
        Timeline
      </Title>
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <li key={keyOf(entry)} data-entry={entry.type}>
            <Entry entry={entry} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

const keyOf = (entry: TimelineEntry) => (entry.type === 'touch' ? `touch-${entry.touch_id}` : entry.type === 'event' ? `event-${entry.event_id}` : `${entry.type}-${entry.at}`);

function Entry({ entry }: { entry: TimelineEntry }) {
  switch (entry.type) {
    case 'enrolled':
      return (
        <Card title={`Enrolled by ${entry.autopilot}`} at={entry.at}>
          <Text size="sm" c="dimmed">
            {entry.enrolled_by === 'matched' ? 'Its filter matched.' : entry.enrolled_by === 'fallback' ? 'A fallback took it when its queue wait ended.' : `By hand (${entry.enrolled_by}).`}
          </Text>
        </Card>
      );
    case 'ended':
      return (
        <Card title={`Ended: ${entry.outcome}`} at={entry.at} win={WINS.has(entry.end_reason)}>
          <Text size="sm">{endReasonWords(entry.end_reason)}</Text>
        </Card>
      );
    case 'touch':
      return <TouchCard touch={entry} />;
    case 'event':
      return <EventCard event={entry} />;
  }
}

function Card({ title, at, win, badges, children }: { title: string; at: string; win?: boolean; badges?: ReactNode; children?: ReactNode }) {
  return (
    <Paper withBorder p="sm" style={win ? { borderColor: 'var(--mantine-color-green-6)', borderWidth: 2 } : undefined}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Text fw={600}>{title}</Text>
            {win && (
              <Badge color="green" variant="dot">
                Win
              </Badge>
            )}
            {badges}
          </Group>
          <Text size="sm" c="dimmed" component="time" dateTime={at}>
            {formatDateTime(at)}
          </Text>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function TouchCard({ touch }: { touch: Touch }) {
  const times = [
    ['Planned', touch.planned_at],
    ['Due', touch.due_at],
    ['Sent', touch.sent_at],
  ].filter((pair): pair is [string, string] => Boolean(pair[1]));
  return (
    <Card
      title={`Step ${touch.step}: ${channelName(touch.channel)}`}
      at={touch.at}
      badges={
        <>
          <Badge variant="light" color="gray">
            {words(touch.kind)}
          </Badge>
          <Badge variant="dot" color={STATE_COLORS[touch.state]}>
            {touch.state}
          </Badge>
        </>
      }
    >
      <Text size="sm" c="dimmed">
        {times.map(([label, at]) => `${label} ${formatDateTime(at)}`).join(' · ')}
      </Text>
      {touch.skip_reason && (
        <Text size="sm">
          <Text span fw={600} inherit>
            Skipped:
          </Text>{' '}
          {words(touch.skip_reason)}
          {touch.skip_detail ? ` (${touch.skip_detail})` : ''}
        </Text>
      )}
      {touch.held_reason && (
        <Text size="sm">
          <Text span fw={600} inherit>
            Held back:
          </Text>{' '}
          {touch.held_reason}
        </Text>
      )}
      {touch.subject && (
        <Text size="sm" fw={600}>
          {touch.subject}
        </Text>
      )}
      {touch.body && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {touch.body}
        </Text>
      )}
    </Card>
  );
}

function EventCard({ event }: { event: LeadEvent }) {
  const detail = event.detail as Record<string, unknown>;
  const text = (name: string) => (typeof detail[name] === 'string' ? (detail[name] as string) : undefined);
  const lines: string[] = [];
  if (event.kind === 'call') lines.push(detail.connected === true ? 'Connected' : detail.connected === false ? 'Did not connect' : '', text('disposition') ?? '');
  if (event.kind === 'property_change') lines.push(`${text('property') ?? 'A property'}: ${JSON.stringify(detail.from ?? null)} → ${JSON.stringify(detail.to ?? null)}`);
  // An out-of-office or other automatic answer is recorded as a reply with what marked it, yet it is no reply: it ends nothing.
  const autoReply = text('auto_reply');
  if (autoReply) lines.push(`Not counted as a reply: ${autoReply}`);
  const name = autoReply ? 'Auto-reply' : (EVENTS[event.kind] ?? words(event.kind));
  return (
    <Card
      title={`${name} (${channelName(event.channel)})`}
      at={event.at}
      win={event.effect === 'ended_lead' && WINS.has(event.end_reason ?? '')}
      badges={
        event.effect === 'skipped_touches' ? (
          <Badge variant="dot" color="orange">
            skipped touches
          </Badge>
        ) : undefined
      }
    >
      {text('subject') && (
        <Text size="sm" fw={600}>
          {text('subject')}
        </Text>
      )}
      {text('text') && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text('text')}
        </Text>
      )}
      {lines.filter(Boolean).map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
      {event.end_reason && <Text size="sm">Ended the lead: {endReasonWords(event.end_reason)}</Text>}
    </Card>
  );
}
