import { Alert, Badge, Button, Group, Modal, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CHANNEL_NAMES, CHANNEL_OPTIONS } from '../../words/channels';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { type Seat, type SeatConnect, useConnectSeat, useRemoveSeat, useSeats } from './channelsApi';
import { UseBar } from './UseBar';
import { OWN_ZONE, rampInWords, scheduleInWords, zonesWith } from './words';
import { formatDateTime } from '../../format';

/** The channels a seat sends on: every one but e-mail, which mailboxes send. */
const SEAT_CHANNELS = CHANNEL_OPTIONS.filter(({ value }) => value !== 'email');

/**
 * The account's seats (LinkedIn, WhatsApp and Telegram accounts connected in Unipile). An owner connects
 * one through Unipile's hosted authentication: the engine gives the link, the person signs in to their
 * account on Unipile's page, and Unipile tells the engine which account it was, so no account id is typed.
 */
export function Seats({ canChange, canConnect, watching }: { canChange: boolean; canConnect: boolean; watching: boolean }) {
  const seats = useSeats(watching);
  const [connecting, setConnecting] = useState(false);
  const [removing, setRemoving] = useState<Seat | null>(null);
  const reconnect = useConnectSeat();
  return (
    <Stack gap="md" component="section" aria-labelledby="seats-heading">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} size="h3" id="seats-heading">
            Seats
          </Title>
          <Text size="sm" c="dimmed">
            LinkedIn, WhatsApp and Telegram touches go out as these accounts, through Unipile.
          </Text>
        </Stack>
        {canConnect && <Button onClick={() => setConnecting(true)}>Connect a seat</Button>}
      </Group>
      {!canConnect && canChange && (
        <Text size="sm" c="dimmed">
          Only the account&apos;s owners connect seats.
        </Text>
      )}
      {reconnect.isError && (
        <Alert color="red" role="alert" title="Unipile's page could not be opened">
          {messageOf(reconnect.error)}
        </Alert>
      )}
      {seats.isPending && <LoadingState label="Reading the seats" />}
      {seats.isError && <ErrorState error={seats.error} retry={() => void seats.refetch()} />}
      {seats.data?.length === 0 && <EmptyState title="No seats yet">{canConnect ? 'Connect a LinkedIn, WhatsApp or Telegram account to send from it.' : 'An owner connects them.'}</EmptyState>}
      {seats.data && seats.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {seats.data.map((seat) => (
            <SeatCard
              key={seat.id}
              seat={seat}
              canChange={canChange}
              canConnect={canConnect}
              reconnecting={reconnect.isPending && reconnect.variables?.seat_id === seat.id}
              onReconnect={() => reconnect.mutate({ channel: seat.channel, seat_id: seat.id })}
              onRemove={() => setRemoving(seat)}
            />
          ))}
        </SimpleGrid>
      )}
      {connecting && <ConnectSeat onClose={() => setConnecting(false)} />}
      <ConfirmRemove seat={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

function SeatCard(props: { seat: Seat; canChange: boolean; canConnect: boolean; reconnecting: boolean; onReconnect: () => void; onRemove: () => void }) {
  const { seat } = props;
  const connected = seat.status === 'connected';
  const ramp = seat.ramp && rampInWords(seat.ramp, seat.messages_per_day, seat.warmup?.increase_per_day);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={seat.label} data-testid="seat">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {seat.label}
            </Title>
            <Text size="sm" c="dimmed">
              {CHANNEL_NAMES[seat.channel]}
            </Text>
          </Stack>
          <Badge color={connected ? 'green' : 'red'} variant="dot">
            {connected ? 'Connected' : 'Disconnected'}
          </Badge>
        </Group>
        {!connected && (
          <Text size="sm" fw={600}>
            {seat.status_detail ? `Unipile lost the account (${seat.status_detail})` : 'Unipile lost the account'} on {formatDateTime(seat.status_changed_at)}; its touches wait until it is
            reconnected.
          </Text>
        )}
        <Text size="sm">{scheduleInWords(seat.days, seat.window, seat.time_zone)}</Text>
        <Text size="sm">
          Limits: {seat.messages_per_day} messages a day
          {seat.invitations_per_day !== null && `; ${seat.invitations_per_day} connection requests a day, ${seat.invitations_per_week} a week`}
        </Text>
        {seat.today && <UseBar label="Messages" sent={seat.today.messages.sent} limit={seat.today.messages.limit} />}
        {seat.today?.invitations && <UseBar label="Connection requests" sent={seat.today.invitations.sent} limit={seat.today.invitations.limit} />}
        <Text size="sm" c="dimmed">
          {ramp ?? (seat.warmup ? 'Warmed up' : 'No warm-up')}
        </Text>
        {(props.canConnect || props.canChange) && (
          <Group gap="xs">
            {props.canConnect && (
              <Button size="xs" variant={connected ? 'default' : 'filled'} loading={props.reconnecting} onClick={props.onReconnect} aria-label={`Reconnect ${seat.label}`}>
                Reconnect
              </Button>
            )}
            {props.canChange && (
              <Button size="xs" variant="light" color="red" onClick={props.onRemove} aria-label={`Remove ${seat.label}`}>
                Remove
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** A new seat's channel, name, zone and limits, then off to Unipile's page to sign in to the account. */
function ConnectSeat({ onClose }: { onClose: () => void }) {
  const connect = useConnectSeat();
  const [channel, setChannel] = useState<Seat['channel']>('linkedin');
  const [label, setLabel] = useState('');
  const [timeZone, setTimeZone] = useState(OWN_ZONE);
  const [messages, setMessages] = useState<number | string>(50);
  const [invitationsPerDay, setInvitationsPerDay] = useState<number | string>(80);
  const [invitationsPerWeek, setInvitationsPerWeek] = useState<number | string>(200);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: SeatConnect = {
      channel,
      label: label.trim(),
      time_zone: timeZone,
      messages_per_day: Number(messages),
      ...(channel === 'linkedin' ? { invitations_per_day: Number(invitationsPerDay), invitations_per_week: Number(invitationsPerWeek) } : {}),
    };
    connect.mutate(body);
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened onClose={onClose} title="Connect a seat" size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            You will sign in to the account on Unipile&apos;s page, then come back here. The seat is added to this account once Unipile confirms it.
          </Text>
          <Select label="Channel" data={SEAT_CHANNELS} value={channel} allowDeselect={false} onChange={(value) => value && setChannel(value as Seat['channel'])} />
          <TextInput label="Name" description="How the seat is named in timelines" placeholder="Anna (LinkedIn)" required value={label} onChange={(event) => setLabel(event.currentTarget.value)} />
          <Select label="Time zone" data={zonesWith(timeZone)} searchable value={timeZone} allowDeselect={false} onChange={(zone) => zone && setTimeZone(zone)} />
          <NumberInput label="Messages a day" min={1} max={1000} value={messages} onChange={setMessages} />
          {channel === 'linkedin' && (
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <NumberInput label="Connection requests a day" min={1} max={100} value={invitationsPerDay} onChange={setInvitationsPerDay} />
              <NumberInput label="Connection requests a week" min={1} max={250} value={invitationsPerWeek} onChange={setInvitationsPerWeek} />
            </SimpleGrid>
          )}
          {connect.isError && (
            <Alert color="red" role="alert" title="Unipile's page could not be opened">
              {messageOf(connect.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={connect.isPending || connect.isSuccess}>
              Continue to Unipile
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ConfirmRemove({ seat, onClose }: { seat: Seat | null; onClose: () => void }) {
  const remove = useRemoveSeat();
  return (
    <ConfirmDialog
      opened={seat !== null}
      title="Remove this seat?"
      confirmLabel="Remove seat"
      confirmColor="red"
      action={remove}
      onConfirm={() => seat && remove.mutate(seat.id, { onSuccess: onClose })}
      onClose={onClose}
    >
      {seat && (
        <Text size="sm">
          Nothing more is sent as <b>{seat.label}</b>. Touches it was to send go out from another seat of the channel, or wait for one. The account stays connected in Unipile.
        </Text>
      )}
    </ConfirmDialog>
  );
}
