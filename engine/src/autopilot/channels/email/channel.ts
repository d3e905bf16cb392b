import {
  accountMailboxes,
  findMailbox,
  MAILBOX_ERRORS,
  type MailAccess,
  type MailboxUse,
  mailAccess,
  mailboxCommands,
  mailboxRoutes,
  type MailboxSettings,
  mailboxSettings,
  type MailHostPolicy,
  RETRY_AFTER_MS,
  SmtpTransports,
} from '../../../mailboxes/index.ts';
import type { Pool, Queryable } from '../../../platform/database/database.ts';
import { type Env, integer } from '../../../platform/env.ts';
import type { CronPayload } from '../../../platform/queue/tasks.ts';
import { Secrets } from '../../../platform/secrets.ts';
import { type Clock, systemClock } from '../../../platform/time.ts';
import type { ChannelSender, OutgoingTouch, Sender, SendOutcome } from '../../sequence/ports.ts';
import { senderUse } from '../../sequence/senderLoad.ts';
import type { ChannelContext, ChannelPlug } from '../plug.ts';
import { readMailbox } from './reader.ts';
import { sendOverSmtp } from './send.ts';

export interface ReadMailboxPayload {
  mailboxId: number;
}

declare global {
  namespace GraphileWorker {
    interface Tasks {
      /** Reads one mailbox's new messages over IMAP (replies, auto-replies, bounces), then waits in IDLE for more. */
      read_mailbox: ReadMailboxPayload;
      /** Cron, every minute: queues read_mailbox for every mailbox that reads replies (the poll behind IDLE). */
      read_mailboxes: CronPayload;
    }
  }
}

/** The e-mail channel's environment (README, configuration table): the mailboxes' own, and how their replies are read. */
export interface EmailSettings extends MailboxSettings {
  /**
   * `EMAIL_IDLE_SECONDS` (default 0: poll only): how long each minute's read of a mailbox stays in IMAP
   * IDLE for new mail. Off by default because a read waiting in IDLE holds one of the worker's main slots
   * (the runner that deliveries, routing and sends share) for that long, one per mailbox.
   */
  idleSeconds: number;
}

export function emailSettings(env: Env): EmailSettings {
  return {
    ...mailboxSettings(env),
    idleSeconds: integer(env, 'EMAIL_IDLE_SECONDS', 0, { min: 0, max: 55 }),
  };
}

/** The account's mailboxes as the sequence runtime's senders. */
async function mailboxSenders(db: Queryable, accountId: number): Promise<Sender[]> {
  return (await accountMailboxes(db, accountId)).map((mailbox) => ({ id: mailbox.id, channel: 'email', label: mailbox.fromAddress, schedule: mailbox.schedule }));
}

export interface EmailChannelOptions {
  clock?: Clock;
  /** Name resolution for mailbox hosts (tests answer their own). */
  lookup?: MailHostPolicy['lookup'];
}

/** The e-mail channel as the Autopilot module plugs it in, and its SMTP connections to close. */
export interface EmailChannel extends ChannelPlug<EmailSettings> {
  /** The e-mail channel's sender (also among `senders`). */
  readonly sender: ChannelSender;
  /** Closes the SMTP connections kept open between touches (they also close themselves after 2 s unused). */
  close(): void;
}

/** The read of each mailbox runs one at a time (its own queue), every minute, one attempt: the next minute is the retry. */
const READ_EVERY_MINUTE = `SELECT graphile_worker.add_job('read_mailbox', json_build_object('mailboxId', id), job_key := 'read_mailbox:' || id,
  queue_name := 'mailbox:' || id, max_attempts := 1) FROM autopilot_mailboxes WHERE imap_host IS NOT NULL`;

/**
 * The e-mail channel: the ChannelSender the sequence runtime sends touches through, from the account's
 * mailboxes (engine/src/mailboxes/: SMTP to send, IMAP to read), and the reader that turns replies and
 * bounces into LeadSignals. It also serves the mailboxes' API and commands: their table is in the
 * Autopilot's migrations, and an Autopilot built without the e-mail channel serves no mailboxes, so they
 * arrive with the channel that sends from them rather than as a feature module of their own.
 */
export function emailChannel(options: EmailChannelOptions = {}): EmailChannel {
  const clock = options.clock ?? systemClock;
  let configured: { pool: Pool; access: MailAccess } | undefined;
  const transports = new SmtpTransports();
  const accessFor = (secretKey: Buffer | undefined, settings: EmailSettings): MailAccess => mailAccess(secretKey ? new Secrets(secretKey) : undefined, settings, options.lookup);

  const sender: ChannelSender = {
    channel: 'email',
    senders: (db, accountId): Promise<Sender[]> => mailboxSenders(db, accountId),
    // Leads are enrolled with an address; one that lost it since cannot be written to.
    unreachable: (contact) => (contact.email ? null : 'no_email_address'),
    async send(touch: OutgoingTouch, from: Sender, signal: AbortSignal): Promise<SendOutcome> {
      const now = clock.now();
      if (!configured) return { kind: 'deferred', until: new Date(now.getTime() + RETRY_AFTER_MS.mailbox), why: 'the e-mail channel is not configured in this process' };
      const mailbox = await findMailbox(configured.pool, from.id);
      if (!mailbox || mailbox.accountId !== touch.accountId) {
        return { kind: 'deferred', until: new Date(now.getTime() + RETRY_AFTER_MS.mailbox), why: `mailbox ${from.id} was removed; another of the account's mailboxes will send it` };
      }
      return sendOverSmtp(touch, mailbox, configured.access, clock, signal, transports);
    },
  };
  const configure = (context: Pick<ChannelContext<EmailSettings>, 'pool' | 'secretKey' | 'settings'>) => {
    configured = { pool: context.pool, access: accessFor(context.secretKey, context.settings) };
    return configured.access;
  };

  return {
    name: 'email',
    errors: MAILBOX_ERRORS,
    sender,
    senders: [sender],
    settings: emailSettings,
    summary: ({ allowPrivateHosts, idleSeconds }) => {
      const reading = idleSeconds > 0 ? `read every minute, then ${idleSeconds} s in IMAP IDLE (a main worker slot each while waiting)` : 'read every minute (no IDLE)';
      return `e-mail channel on: mailboxes ${reading}; mail servers on private addresses ${allowPrivateHosts ? 'allowed' : 'refused'}`;
    },
    routes({ withApiKey }, context) {
      const use: MailboxUse = async (mailboxes, at) => {
        const used = await senderUse(
          context.pool,
          mailboxes.map((mailbox) => ({ id: mailbox.id, channel: 'email', schedule: mailbox.schedule })),
          at,
        );
        return new Map([...used].map(([id, day]) => [id, { date: day.date, sent: day.touches }]));
      };
      mailboxRoutes(withApiKey, context.pool, configure(context), clock, use);
    },
    commands(program, cli, settingsOf) {
      mailboxCommands(program, cli, (secretKey, moduleSettings) => accessFor(secretKey, settingsOf(moduleSettings) ?? emailSettings({})), clock);
    },
    tasks(context) {
      const { pool, log, settings, signals } = context;
      const reading = configure(context);
      return {
        read_mailboxes: async () => {
          await pool.query(READ_EVERY_MINUTE);
        },
        read_mailbox: async (payload, helpers) => {
          const mailboxId = (payload as Partial<ReadMailboxPayload> | null)?.mailboxId;
          if (!Number.isSafeInteger(mailboxId)) {
            log.error({ payload }, 'read_mailbox task without a mailboxId; dropped');
            return;
          }
          const mailbox = await findMailbox(pool, mailboxId!);
          if (!mailbox?.imap) return;
          await readMailbox(mailbox, { db: pool, signals, clock, access: reading, log, idleMs: settings.idleSeconds * 1000, signal: helpers.abortSignal ?? new AbortController().signal });
        },
      };
    },
    close: () => transports.close(),
    cron: () => [{ task: 'read_mailboxes', match: '* * * * *', options: { maxAttempts: 1, backfillPeriod: 0 } }],
  };
}
