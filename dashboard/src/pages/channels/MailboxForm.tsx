import { Alert, Button, Divider, Group, Modal, NumberInput, PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../api/client';
import { type Mailbox, type MailboxInput, useAddMailbox, useUpdateMailbox } from './channelsApi';
import { DEFAULT_SCHEDULE, type Schedule, ScheduleFields, warmupOf } from './ScheduleFields';
import { OWN_ZONE } from './words';

type Security = 'tls' | 'starttls' | 'none';
interface Server {
  host: string;
  port: number | string;
  security: Security;
  user: string;
  password: string;
}

const SECURITY_CHOICES = [
  { value: 'starttls', label: 'STARTTLS (usually 587 or 143)' },
  { value: 'tls', label: 'TLS (usually 465 or 993)' },
  { value: 'none', label: 'None (a local test server only)' },
];

function ServerFields({ name, value, onChange }: { name: 'SMTP' | 'IMAP'; value: Server; onChange: (value: Server) => void }) {
  const set = (change: Partial<Server>) => onChange({ ...value, ...change });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={`${name} host`} placeholder={`${name.toLowerCase()}.example.com`} required value={value.host} onChange={(event) => set({ host: event.currentTarget.value })} />
        <NumberInput label={`${name} port`} min={1} max={65535} required value={value.port} onChange={(port) => set({ port })} />
      </SimpleGrid>
      <Select label={`${name} security`} data={SECURITY_CHOICES} value={value.security} allowDeselect={false} onChange={(security) => security && set({ security: security as Security })} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={`${name} user`} required value={value.user} onChange={(event) => set({ user: event.currentTarget.value })} autoComplete="off" />
        <PasswordInput label={`${name} password`} required value={value.password} onChange={(event) => set({ password: event.currentTarget.value })} autoComplete="new-password" />
      </SimpleGrid>
    </Stack>
  );
}

const serverBody = (server: Server) => ({ host: server.host.trim(), port: Number(server.port), security: server.security, user: server.user.trim(), password: server.password });

/** Adding a mailbox: its address and name, its SMTP server, its IMAP server when it reads replies, and its schedule. Saved, its servers are tested at once. */
export function AddMailbox({ opened, onClose, onAdded }: { opened: boolean; onClose: () => void; onAdded: (mailbox: Mailbox) => void }) {
  const add = useAddMailbox();
  const [address, setAddress] = useState('');
  const [name, setName] = useState('');
  const [smtp, setSmtp] = useState<Server>({ host: '', port: 587, security: 'starttls', user: '', password: '' });
  const [reads, setReads] = useState(true);
  const [imap, setImap] = useState<Server>({ host: '', port: 993, security: 'tls', user: '', password: '' });
  const [schedule, setSchedule] = useState<Schedule>(DEFAULT_SCHEDULE(OWN_ZONE));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: MailboxInput = {
      from_address: address.trim(),
      from_name: name.trim() || null,
      smtp: serverBody(smtp),
      imap: reads ? serverBody(imap) : null,
      time_zone: schedule.timeZone,
      sending_hours: { start: schedule.start, end: schedule.end },
      sending_days: schedule.days as MailboxInput['sending_days'],
      daily_limit: Number(schedule.dailyLimit),
      warmup: warmupOf(schedule),
    };
    add.mutate(body, {
      onSuccess: (mailbox) => {
        add.reset();
        onAdded(mailbox);
      },
    });
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={onClose} title="Add a mailbox" size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Sends from (address)"
              placeholder="anna@acme.com"
              required
              value={address}
              onChange={(event) => {
                const typed = event.currentTarget.value;
                setAddress(typed);
                if (smtp.user === '' || smtp.user === address) setSmtp({ ...smtp, user: typed });
                if (imap.user === '' || imap.user === address) setImap({ ...imap, user: typed });
              }}
            />
            <TextInput label="Sender name" placeholder="Anna Novak" value={name} onChange={(event) => setName(event.currentTarget.value)} />
          </SimpleGrid>
          <Divider label="Sending (SMTP)" labelPosition="left" />
          <ServerFields name="SMTP" value={smtp} onChange={setSmtp} />
          <Divider label="Reading replies (IMAP)" labelPosition="left" />
          <Switch label="Read replies, auto-replies and bounces over IMAP" checked={reads} onChange={(event) => setReads(event.currentTarget.checked)} />
          {reads && <ServerFields name="IMAP" value={imap} onChange={setImap} />}
          <Divider label="Schedule" labelPosition="left" />
          <ScheduleFields value={schedule} onChange={setSchedule} limitLabel="E-mails a day (once warmed up)" />
          {add.isError && (
            <Alert color="red" role="alert" title="The mailbox was not saved">
              {messageOf(add.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Save and test
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Changing a mailbox's sender name, hours, days, limit and warm-up (its servers stay as they are). */
export function EditMailbox({ mailbox, onClose }: { mailbox: Mailbox; onClose: () => void }) {
  const update = useUpdateMailbox(mailbox.id);
  const [name, setName] = useState(mailbox.from_name ?? '');
  const [schedule, setSchedule] = useState<Schedule>({
    timeZone: mailbox.time_zone,
    start: mailbox.sending_hours.start,
    end: mailbox.sending_hours.end,
    days: mailbox.sending_days,
    dailyLimit: mailbox.daily_limit,
    warmup: mailbox.warmup && { start: mailbox.warmup.start_per_day, increase: mailbox.warmup.increase_per_day },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sameWarmup = mailbox.warmup && schedule.warmup && Number(schedule.warmup.start) === mailbox.warmup.start_per_day && Number(schedule.warmup.increase) === mailbox.warmup.increase_per_day;
    update.mutate(
      {
        from_name: name.trim() || null,
        time_zone: schedule.timeZone,
        sending_hours: { start: schedule.start, end: schedule.end },
        sending_days: schedule.days as MailboxInput['sending_days'],
        daily_limit: Number(schedule.dailyLimit),
        // An unchanged warm-up keeps the day it started on.
        ...(sameWarmup ? {} : { warmup: warmupOf(schedule) }),
      },
      { onSuccess: onClose },
    );
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened onClose={onClose} title={<Title order={2} size="h4">{`Change ${mailbox.from_address}`}</Title>} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Sender name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
          <ScheduleFields value={schedule} onChange={setSchedule} limitLabel="E-mails a day (once warmed up)" />
          {update.isError && (
            <Alert color="red" role="alert" title="The mailbox was not changed">
              {messageOf(update.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
