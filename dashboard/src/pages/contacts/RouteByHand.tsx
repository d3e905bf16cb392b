import { Alert, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { useSession } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type ByHandAction, type Contact, useAutopilotNames, useByHandCost, useCredits, useRouteByHand } from './contactsApi';

/**
 * Routing an abandoned contact by hand: reprocess it (the Autopilots again, then the fallbacks) or
 * assign it to one. The confirmation shows what the engine says it would do and cost before anything
 * is done. Members see why they cannot.
 */
export function RouteByHand({ contact, source, onDone }: { contact: Contact; source: string | undefined; onDone: (text: string) => void }) {
  const role = useSession().data?.role;
  const autopilots = useAutopilotNames();
  const [chosen, setChosen] = useState<string | null>(null);
  const [asking, setAsking] = useState<ByHandAction | null>(null);
  const enabled = autopilots.data?.filter((autopilot) => autopilot.enabled) ?? [];

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="by-hand">
      <Title order={2} size="h4" id="by-hand" mb="xs">
        Route it by hand
      </Title>
      {role === 'member' ? (
        <Text size="sm" c="dimmed">
          Nothing took this contact. An owner or admin may reprocess it or assign it to an Autopilot; you are a member of this account.
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm">Nothing took this contact. Route it again now, or enrol it in an Autopilot whatever its filter says. Either researches it, which takes a credit.</Text>
          <Group align="flex-end" wrap="wrap">
            <Button variant="default" onClick={() => setAsking({ kind: 'reprocess' })}>
              Reprocess
            </Button>
            <Select
              label="Autopilot to assign it to"
              placeholder={enabled.length > 0 ? 'Choose an Autopilot' : 'No Autopilot is switched on'}
              data={enabled.map((autopilot) => autopilot.name)}
              value={chosen}
              onChange={setChosen}
              style={{ flex: '1 1 220px' }}
            />
            <Button disabled={chosen === null} onClick={() => chosen && setAsking({ kind: 'assign', autopilot: chosen })}>
              Assign
            </Button>
          </Group>
        </Stack>
      )}
      <Confirm contact={contact} source={source} action={asking} onClose={() => setAsking(null)} onDone={onDone} />
    </Paper>
  );
}

function Confirm({ contact, source, action, onClose, onDone }: { contact: Contact; source: string | undefined; action: ByHandAction | null; onClose: () => void; onDone: (text: string) => void }) {
  const cost = useByHandCost(contact.id, source, action);
  const credits = useCredits();
  const route = useRouteByHand(contact.id, source);
  const title = action?.kind === 'assign' ? `Assign to ${action.autopilot}?` : 'Reprocess this contact?';
  return (
    <ConfirmDialog
      opened={action !== null}
      title={title}
      confirmLabel={cost.data ? `Enrol for ${cost.data.credits} credit${cost.data.credits === 1 ? '' : 's'}` : 'Enrol'}
      cancelLabel="Cancel"
      confirmDisabled={!cost.data}
      action={route}
      onConfirm={() =>
        action &&
        route.mutate(action, {
          onSuccess: (answer) => {
            onDone(answer.text);
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      {cost.isPending && (
        <Group gap="sm" aria-busy="true">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Asking the engine what it would do</Text>
        </Group>
      )}
      {cost.isError && (
        <Alert color="red" role="alert" title="It cannot be done">
          {messageOf(cost.error)}
        </Alert>
      )}
      {cost.data && (
        <>
          <Text size="sm">
            It would be enrolled in <b>{cost.data.contact.autopilot}</b> and researched.
          </Text>
          <Alert color={cost.data.credits > 0 ? 'blue' : 'green'} variant="light" data-testid="credit-cost">
            {cost.data.credits > 0
              ? `This takes 1 credit${credits.data ? ` (${credits.data.remaining.toLocaleString()} of ${credits.data.limit.toLocaleString()} left this cycle)` : ''}.`
              : 'No credit: an earlier research of the same address is reused.'}
          </Alert>
        </>
      )}
    </ConfirmDialog>
  );
}
