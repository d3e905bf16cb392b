import { accountsModule } from '../../../src/accounts/module.ts';
import type { Channel, TouchKind } from '../../../src/autopilot/contract.ts';
import { unipileChannels } from '../../../src/autopilot/channels/unipile/channel.ts';
import { autopilotModule } from '../../../src/autopilot/module.ts';
import type { ChannelSender, MessageRequest, MessageResult, MessageWriter, OutgoingTouch, Sender, SendOutcome, SkipReason } from '../../../src/autopilot/sequence/ports.ts';
import type { Pool, Queryable } from '../../../src/platform/database/database.ts';
import type { FeatureModule } from '../../../src/platform/module.ts';
import type { ResearchInput } from '../../../src/research/pipeline/pipeline.ts';
import { researchModule } from '../../../src/research/module.ts';
import type { SendingSchedule } from '../../../src/senders/schedule.ts';
import { TestClock } from '../../support/clock.ts';
import { until, useEngine } from '../../support/engine.ts';
import { ScriptedPipeline, sourceless } from '../../support/pipelines.ts';
import { routingCustomer } from '../routingSupport.ts';

let nextSenderId = 1;

/** A channel that records what it was asked to send and answers as a test scripts it (sent, by default). */
export class RecordingChannel implements ChannelSender {
  readonly sent: { touch: OutgoingTouch; sender: Sender }[] = [];
  private readonly accounts = new Map<number, Sender[]>();
  /** What `send` answers for a touch; undefined: sent now, with a Message-ID. */
  script: (touch: OutgoingTouch) => SendOutcome | undefined = () => undefined;
  /** Keeps the channel busy sending a touch until the promise settles (a slow server): the message is out, its answer not yet back. */
  pause: (touch: OutgoingTouch) => Promise<void> | undefined = () => undefined;
  /** Why a contact cannot be reached; by default everyone can. */
  unreachableWhen: (contact: OutgoingTouch['contact'], kind: TouchKind) => SkipReason | null = () => null;

  readonly channel: Channel;
  private readonly clock: TestClock;

  constructor(channel: Channel, clock: TestClock) {
    this.channel = channel;
    this.clock = clock;
  }

  /** Gives an account a sender (a mailbox, a seat) with this schedule. */
  addSender(accountId: number, schedule: Partial<SendingSchedule> = {}, label?: string): Sender {
    const id = nextSenderId++;
    const sender: Sender = { id, channel: this.channel, label: label ?? `sender-${id}@ledgerly.test`, schedule: { ...officeHours(), ...schedule } };
    this.accounts.set(accountId, [...(this.accounts.get(accountId) ?? []), sender]);
    return sender;
  }

  async senders(_db: Queryable, accountId: number): Promise<Sender[]> {
    return this.accounts.get(accountId) ?? [];
  }

  unreachable(contact: OutgoingTouch['contact'], kind: TouchKind): SkipReason | null {
    return this.unreachableWhen(contact, kind);
  }

  async send(touch: OutgoingTouch, sender: Sender): Promise<SendOutcome> {
    this.sent.push({ touch, sender });
    await this.pause(touch);
    return this.script(touch) ?? { kind: 'sent', messageId: `<touch-${touch.touchId}@ledgerly.test>`, sentAt: this.clock.now() };
  }

  to(email: string) {
    return this.sent.filter((item) => item.touch.contact.email === email);
  }
}

/** Monday to Friday, 09:00 to 17:00 in Berlin, 50 a day, no warm-up. */
export function officeHours(): SendingSchedule {
  return { timeZone: 'Europe/Berlin', windowStart: '09:00', windowEnd: '17:00', days: [1, 2, 3, 4, 5], dailyLimit: 50, warmup: null };
}

/** A writer that records each request and writes a plain message from it (or what a test scripts). */
export class RecordingWriter implements MessageWriter {
  readonly requests: MessageRequest[] = [];
  script: (request: MessageRequest) => MessageResult | undefined = () => undefined;
  /** Keeps the writer busy on a request until the promise settles (a slow model). */
  pause: (request: MessageRequest) => Promise<void> | undefined = () => undefined;

  async write(request: MessageRequest): Promise<MessageResult> {
    this.requests.push(request);
    await this.pause(request);
    const body = [request.leadOrigin, `Step ${request.step.angle}`, request.goal.type === 'qualify' ? request.goal.question : null].filter(Boolean).join('\n');
    return this.script(request) ?? { kind: 'written', message: { subject: request.subjectAngle === null ? null : `Re: ${request.subjectAngle}`, body }, writerCalls: 1, rejections: [] };
  }

  to(leadId: number) {
    return this.requests.filter((request) => request.leadId === leadId);
  }
}

/** Research that finishes at once, except for addresses starting with `slow`, which wait until `finishSlowResearch()`. */
function gatedResearch() {
  const empty = sourceless();
  let open!: () => void;
  let gate = new Promise<void>((resolve) => (open = resolve));
  const pipeline = new ScriptedPipeline(async (input: ResearchInput, identities, signal) => {
    if (input.email.startsWith('slow')) await gate;
    return empty.run(input, identities, signal);
  });
  return {
    pipeline,
    finish: () => {
      open();
      gate = new Promise<void>((resolve) => (open = resolve));
    },
  };
}

/**
 * The engine with the Autopilot's sequence runtime, a recording e-mail and professional-network
 * channel and a recording writer, on a clock the test moves. Jobs are queued at the clock's times (in
 * 2030): `runDue` hands the worker those whose time has come on the test clock and waits for them.
 */
export function useSequenceEngine(options: { realEmail?: boolean; unipile?: boolean; env?: Record<string, string>; modules?: FeatureModule[] } = {}) {
  const clock = new TestClock();
  const email = new RecordingChannel('email', clock);
  const linkedin = new RecordingChannel('linkedin', clock);
  const writer = new RecordingWriter();
  const research = gatedResearch();
  // With `realEmail`, the engine's own e-mail channel (its mailboxes, SMTP and IMAP) and signed unsubscribe links.
  // The Unipile channels (linkedin, whatsapp, telegram on seats) only with `unipile`; else the recording
  // linkedin channel, and whatsapp and telegram are channels this engine does not send on.
  const unipile = options.unipile ? unipileChannels({ clock }) : null;
  const recording = options.unipile ? [email] : [email, linkedin];
  const autopilot = options.realEmail
    ? autopilotModule({ clock, channels: recording.filter((channel) => channel !== email), writer, unipile })
    : autopilotModule({ clock, channels: recording, writer, unipile, unsubscribeLinks: ({ leadId }) => `https://engine.test/unsubscribe/${leadId}` });
  const fixture = useEngine({ modules: [accountsModule(), researchModule({ pipeline: research.pipeline }), autopilot, ...(options.modules ?? [])], env: options.env });
  const pool = () => fixture.engine.pool;

  async function newCustomer(options: { identity?: boolean; dropBehindDays?: number | null } = {}) {
    const customer = await routingCustomer(fixture, clock, {});
    const settings: Record<string, unknown> = { drop_behind_days: options.dropBehindDays ?? null };
    if (options.identity ?? true) {
      Object.assign(settings, { email_signature: 'Jane Doe\nLedgerly', sender_identity: { name: 'Jane Doe', company: 'Ledgerly GmbH', postal_address: 'Hauptstr. 1, 10115 Berlin' } });
    }
    const patched = await customer.api.patchSettings(settings);
    if (patched.status !== 200) throw new Error(`settings refused: ${JSON.stringify(patched.body)}`);
    return {
      ...customer,
      /** Sends the contact from the CRM, waits until it is enrolled and its research has finished (unless `slow`), and answers its lead id. */
      async enrol(id: string, properties: Record<string, unknown>): Promise<number> {
        await customer.crm.send([customer.contact(id, properties)]);
        const routed = await customer.routed(id);
        if (routed.state !== 'enrolled') throw new Error(`contact ${id} was not enrolled: ${JSON.stringify(routed)}`);
        const leadId = (routed.lead as { id: number }).id;
        if (!String(properties.email).startsWith('slow')) await researchDone(pool(), leadId);
        return leadId;
      },
      runDue: () => runDue(pool(), clock, customer.accountId),
    };
  }

  return { clock, fixture, email, linkedin, writer, finishSlowResearch: research.finish, pool, newCustomer };
}

async function researchDone(pool: Pool, leadId: number): Promise<void> {
  await until(`the research of lead ${leadId} to finish`, async () => {
    const { rows } = await pool.query<{ status: string }>(`SELECT r.status FROM autopilot_leads l JOIN research_jobs r ON r.id = l.research_id WHERE l.id = $1`, [leadId]);
    return rows[0] !== undefined && !['queued', 'processing'].includes(rows[0].status);
  });
}

/**
 * Runs the account's send_touch jobs that are due on the test clock: moves their run_at to the real
 * now, wakes the worker, and waits until none due is left (jobs they queue for later on the test clock
 * stay). Fails on a job that failed.
 */
export async function runDue(pool: Pool, clock: TestClock, accountId: number): Promise<void> {
  const mine = `j.task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'send_touch')
                AND (j.payload->>'touchId')::bigint IN (SELECT id FROM autopilot_touches WHERE account_id = $1)`;
  await pool.query(`UPDATE graphile_worker._private_jobs j SET run_at = now() WHERE ${mine} AND j.run_at <= $2 AND j.run_at > now() AND j.locked_at IS NULL`, [accountId, clock.now()]);
  await pool.query(`SELECT pg_notify('jobs:insert', '{"count":100}')`);
  let failed: string | undefined;
  await until('the due send_touch jobs to run', async () => {
    const { rows } = await pool.query<{ due: number; error: string | null }>(
      `SELECT count(*)::int AS due, max(j.last_error) AS error FROM graphile_worker._private_jobs j WHERE ${mine} AND (j.run_at <= now() OR j.locked_at IS NOT NULL)`,
      [accountId],
    );
    failed = rows[0]!.error ?? undefined;
    return rows[0]!.due === 0 || failed !== undefined;
  });
  if (failed !== undefined) throw new Error(`a send_touch job failed: ${failed}`);
}

export interface TouchRow {
  id: number;
  step: number;
  channel: Channel;
  kind: TouchKind;
  state: string;
  planned_at: Date;
  due_at: Date;
  skip_reason: string | null;
  held_reason: string | null;
  sender_id: number | null;
  subject: string | null;
  body: string | null;
  message_id: string | null;
  sent_at: Date | null;
}

/** A lead's touches in step order, as the table has them. */
export async function touchesOf(pool: Pool, leadId: number): Promise<TouchRow[]> {
  const { rows } = await pool.query<TouchRow>(
    `SELECT id::int, step, channel, kind, state, planned_at, due_at, skip_reason, held_reason, sender_id::int, subject, body, message_id, sent_at
     FROM autopilot_touches WHERE lead_id = $1 ORDER BY step`,
    [leadId],
  );
  return rows;
}

/** The queued send_touch jobs of these touches: key and run_at. */
export async function jobsOf(pool: Pool, touchIds: number[]): Promise<{ key: string; run_at: Date }[]> {
  const { rows } = await pool.query<{ key: string; run_at: Date }>(`SELECT key, run_at FROM graphile_worker.jobs WHERE key = ANY($1::text[]) ORDER BY key`, [touchIds.map((id) => `touch:${id}`)]);
  return rows;
}

export async function leadOf(pool: Pool, leadId: number): Promise<{ outcome: string; end_reason: string | null }> {
  const { rows } = await pool.query<{ outcome: string; end_reason: string | null }>(`SELECT outcome, end_reason FROM autopilot_leads WHERE id = $1`, [leadId]);
  return rows[0]!;
}
