import { List, Text } from '@mantine/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { type Autopilot, type AutopilotStats, useArchiveAutopilot } from './autopilotsApi';

/** What archiving does to the Autopilot's leads, said before anything else (docs/autopilot.md, "On, off, order, archive"). */
export function leadsConsequence(active: number | undefined): string {
  if (active === undefined) return 'Every lead it has active now ends at once, closed with "Its Autopilot was archived".';
  if (active === 0) return 'It has no active leads, so no lead ends.';
  return `${active === 1 ? 'Its 1 active lead ends' : `Its ${active} active leads end`} at once, closed with "Its Autopilot was archived".`;
}

/** Archives an Autopilot once the admin has read what it does to its active leads, and confirmed. */
export function ArchiveAutopilot({ autopilot, stats, onClose }: { autopilot: Autopilot | null; stats: AutopilotStats | undefined; onClose: () => void }) {
  const archive = useArchiveAutopilot();
  return (
    <ConfirmDialog
      opened={autopilot !== null}
      title={autopilot ? `Archive ${autopilot.name}?` : ''}
      confirmLabel="Archive Autopilot"
      confirmColor="red"
      action={archive}
      onConfirm={() => autopilot && archive.mutate(autopilot.name, { onSuccess: onClose })}
      onClose={onClose}
    >
      <Text fw={600}>{leadsConsequence(stats?.active)}</Text>
      <List size="sm" spacing="xs">
        <List.Item>Contacts it holds while they wait for credits are routed again at the next sweep.</List.Item>
        <List.Item>It is switched off for good and leaves the order; those below it move up.</List.Item>
        <List.Item>Its leads keep their history, and its name is free for a new Autopilot. An archived Autopilot cannot be brought back.</List.Item>
      </List>
    </ConfirmDialog>
  );
}
