import { currentProduct, type Product } from '../../accounts/products.ts';
import { type Pool, type PoolClient, transaction } from '../../platform/database/database.ts';
import { storableText } from '../../platform/database/storableText.ts';
import type { Logger } from '../../platform/logger.ts';
import { addJob, JobHandedBack } from '../../platform/queue/tasks.ts';
import { type Clock, isoWithOffset } from '../../platform/time.ts';
import type { ResearchData } from '../../research/contract.ts';
import { fromStoredResult } from '../../research/jobs.ts';
import { inSpecOrder } from '../../research/specOrder.ts';
import type { AutopilotDocument, AutopilotSettings, Channel, ContactProperties, StoredTouch, TouchKind } from '../contract.ts';
import { fellBehind } from '../pacing/dropBehind.ts';
import { nextSendMoment, type Pace } from '../pacing/nextMoment.ts';
import { planningCalendar, type LeadCalendar, sendingCalendar } from '../pacing/leadCalendar.ts';
import { canEverSend } from '../pacing/window.ts';
import { type LeadPlace, leadPlace } from '../pacing/zones.ts';
import { readSettings } from '../settings/accountSettings.ts';
import { endLead } from './endLead.ts';
import {
  type ChannelSender,
  type MessageRequest,
  type MessageWriter,
  type OutgoingTouch,
  SEND_TOUCH_TASK,
  type Sender,
  type SendOutcome,
  type SkipReason,
  touchJobKey,
  type UnsubscribeLinks,
  type WriterGoal,
} from './ports.ts';
import { lockSenders, scheduleFor, sentThatDay, weeklyHold } from './senderLoad.ts';

/** A send left unfinished this long (its worker died mid-send) is taken up again by the next delivery of its job. */
export const SEND_CLAIM_TTL_MS = 10 * 60_000;
/** A touch whose lead's research is still running looks again this much later. */
export const RESEARCH_RECHECK_MS = 60_000;
/** A touch held by the account's configuration (no sender identity, no writer) looks again this much later. */
export const CONFIGURATION_RECHECK_MS = 60 * 60_000;
/** A touch whose writer failed (the model down, a time-out) is tried again this much later. */
export const WRITER_RETRY_MS = 5 * 60_000;

/** A touch whose earlier step is still to go follows it by this much (a thread starts with its first e-mail). */
export const STEP_ORDER_GAP_MS = 60_000;

/** A warm-only step waits for the lead to warm up, looking again this often, and gives up this long after its planned date (never_warmed_up). */
export const WARM_RECHECK_MS = 2 * 60 * 60_000;
export const WARM_GIVE_UP_MS = 21 * 24 * 60 * 60_000;

/** What the send_touch task works with: the module's clock, channels, writer and unsubscribe links. */
export interface SequenceRuntime {
  pool: Pool;
  log: Logger;
  clock: Clock;
  channels: readonly ChannelSender[];
  writer: MessageWriter | null;
  unsubscribeLinks: UnsubscribeLinks | null;
}

type AutopilotRest = Pick<AutopilotDocument, 'tone' | 'goal' | 'lead_origin' | 'threading'>;

interface TouchRow {
  id: string;
  account_id: string;
  lead_id: string;
  step: number;
  spec: StoredTouch;
  channel: Channel;
  kind: TouchKind;
  planned_at: Date;
  state: 'scheduled' | 'sent' | 'skipped' | 'cancelled';
  sending_at: Date | null;
  outcome: string;
  contact_id: string;
  properties: ContactProperties;
  email: string | null;
  research_status: string | null;
  document: AutopilotRest;
}

interface Touch {
  id: number;
  accountId: number;
  leadId: number;
  row: TouchRow;
  place: LeadPlace;
  contact: OutgoingTouch['contact'];
}

interface EarlierTouch {
  channel: Channel;
  kind: TouchKind;
  body: string | null;
  subject: string | null;
  message_id: string | null;
  sender_id: string | null;
  sent_at: Date;
  facts: string[] | null;
}

/** A touch claimed for sending: what the writer and the channel are given. */
interface Claimed {
  touch: Touch;
  channel: ChannelSender;
  sender: Sender;
  request: MessageRequest;
  outgoing: Omit<OutgoingTouch, 'message'>;
}

/**
 * The send_touch task: one touch of one lead. In a first transaction (the lead's row, then the
 * touch's, locked) it decides whether the touch can go now: still scheduled and the lead Active; the
 * research finished; a channel with a sender that can reach the contact; the account configured for
 * the channel; not fallen behind its plan; and a sender whose window, days and daily limit let it go
 * now. Otherwise it ends, skips, or holds the touch (rescheduled, with `held_reason`) and re-queues its
 * job under the same key. A touch that can go is claimed (`sending_at`: it counts against the
 * sender's day from then on) and the transaction commits, so no transaction stays open while the
 * writer and the channel work over the network. The lead is checked once more right before sending;
 * the outcome is recorded in a last transaction.
 */
export async function sendTouch(runtime: SequenceRuntime, touchId: number, signal: AbortSignal): Promise<void> {
  const claimed = await transaction(runtime.pool, (client) => decide(runtime, client, touchId));
  if (claimed === null) return;
  const { touch, channel, sender } = claimed;
  const release = () => runtime.pool.query(`UPDATE autopilot_touches SET sending_at = NULL WHERE id = $1 AND state = 'scheduled'`, [touch.id]);

  if (channel.check) {
    let checked;
    try {
      checked = await channel.check(claimed.outgoing, sender, signal);
    } catch (error) {
      await release();
      throw error;
    }
    if (checked.kind !== 'go') {
      await record(runtime, touch, checked);
      return;
    }
  }

  let written;
  try {
    written = withoutNote(touch.row) ? ({ kind: 'written', message: { subject: null, body: '' }, writerCalls: 0, rejections: [] } as const) : await runtime.writer!.write(claimed.request, signal);
  } catch (error) {
    if (signal.aborted) {
      await release();
      throw new JobHandedBack('the worker stopped while the message was being written');
    }
    // The model is down or failed (not a message it could not write): the touch waits, never lost nor skipped.
    runtime.log.warn({ touchId: touch.id, leadId: touch.leadId, err: error }, 'the message writer failed; the touch is held');
    const until = new Date(runtime.clock.now().getTime() + WRITER_RETRY_MS);
    await record(runtime, touch, { kind: 'deferred', until, why: `the message writer failed (${error instanceof Error ? error.message : String(error)}); trying again` });
    return;
  }
  if (written.kind === 'skipped') {
    runtime.log.info({ touchId: touch.id, leadId: touch.leadId, reason: written.reason, detail: written.detail }, 'touch skipped: the writer had nothing credible to send');
    await record(runtime, touch, { kind: 'skipped', reason: written.reason, detail: written.detail });
    return;
  }
  if (signal.aborted) {
    await release();
    throw new JobHandedBack('the worker stopped before the touch was sent');
  }
  if (!(await stillToSend(runtime.pool, touch.id))) {
    await release();
    runtime.log.info({ touchId: touch.id, leadId: touch.leadId }, 'touch not sent: its lead ended while it was being written');
    return;
  }
  let outcome: SendOutcome;
  try {
    outcome = await channel.send({ ...claimed.outgoing, message: written.message }, sender, signal);
  } catch (error) {
    await release();
    throw error;
  }
  await record(runtime, touch, outcome, { ...written.message, facts: written.facts ?? null });
}

async function decide(runtime: SequenceRuntime, client: PoolClient, touchId: number): Promise<Claimed | null> {
  const { log } = runtime;
  const now = runtime.clock.now();
  const touch = await lockTouch(client, touchId);
  if (touch === null) return null;
  const { row } = touch;
  if (row.state !== 'scheduled' || row.outcome !== 'Active') return null;
  if (row.sending_at !== null && now.getTime() - row.sending_at.getTime() < SEND_CLAIM_TTL_MS) {
    // Another delivery of this job is sending it; that one records the outcome (or re-queues it).
    log.info({ touchId }, 'touch already being sent by another delivery of its job; left to it');
    return null;
  }
  if (row.sending_at !== null) log.warn({ touchId, sendingSince: row.sending_at }, 'a send of this touch never finished (its worker stopped); sending it again');

  if (row.research_status === 'queued' || row.research_status === 'processing') {
    await hold(client, touch, new Date(now.getTime() + RESEARCH_RECHECK_MS), "waiting for the lead's research to finish");
    return null;
  }
  const before = await earlierStepToGo(client, touch);
  if (before !== null) {
    const after = new Date(Math.max(now.getTime(), before.due_at.getTime()) + STEP_ORDER_GAP_MS);
    await hold(client, touch, after, `waits for step ${before.step + 1} of the sequence to go first`);
    return null;
  }
  if (row.kind === 'connection_request' && (await earlierConnectionRequest(client, touch))) {
    await skip(client, touch, 'second_connection_request', now);
    await endIfDone(client, touch, now, log);
    return null;
  }

  const channel = runtime.channels.find((candidate) => candidate.channel === row.channel) ?? null;
  const unreachable = channel === null ? null : channel.unreachable(touch.contact, row.kind);
  if (channel === null || unreachable !== null) {
    const reason: SkipReason = unreachable ?? 'no_sender';
    await skip(client, touch, reason, now);
    log.info({ touchId, leadId: touch.leadId, channel: row.channel, reason }, 'touch cannot act');
    if (!(await anyRemainingCanAct(runtime, client, touch))) {
      await endLead(client, touch.leadId, 'no_reachable_channel', now);
      log.info({ leadId: touch.leadId }, 'lead ended: no remaining touch can reach it');
    } else {
      await endIfDone(client, touch, now, log);
    }
    return null;
  }

  if (row.spec.warm_only === true && !(await isWarm(client, touch))) {
    const giveUp = row.planned_at.getTime() + WARM_GIVE_UP_MS;
    if (now.getTime() >= giveUp) {
      await skip(client, touch, 'never_warmed_up', now);
      log.info({ touchId, leadId: touch.leadId }, 'touch skipped: the lead never warmed up');
      await endIfDone(client, touch, now, log);
    } else {
      await hold(client, touch, new Date(Math.min(giveUp, now.getTime() + WARM_RECHECK_MS)), 'a warm-only step: waits for the lead to accept a connection request or reply');
    }
    return null;
  }

  const settings = await readSettings(client, touch.accountId);
  if (fellBehind(row.planned_at, now, settings.drop_behind_days, planningCalendar(touch.place).zone)) {
    await endFellBehind(client, touch, now, log);
    return null;
  }
  const senders = usable(await channel.senders(client, touch.accountId));
  const product = await currentProduct(client, touch.accountId);
  const missing = senders.length === 0 ? noSenderYet(row.channel) : missingConfiguration(runtime, row, settings, product);
  if (missing !== null) {
    log.warn({ touchId, leadId: touch.leadId, accountId: touch.accountId, channel: row.channel, reason: missing }, 'touch held: the account is not configured to send it');
    await hold(client, touch, new Date(now.getTime() + CONFIGURATION_RECHECK_MS), missing);
    return null;
  }

  const earlier = await earlierTouches(client, touch.leadId);
  // Read before pickSender takes the senders' locks, held until commit: every touch of a mailbox waits on them.
  const brief = row.research_status === 'completed' ? await readBrief(client, touch.leadId) : null;
  const pick = await pickSender(client, touch, senders, earlier, now);
  if (pick !== null && 'paused' in pick) {
    log.warn({ touchId, leadId: touch.leadId, channel: row.channel, reason: pick.paused }, 'touch held: its sender is paused');
    await hold(client, touch, new Date(now.getTime() + CONFIGURATION_RECHECK_MS), pick.paused);
    return null;
  }
  if (pick === null) {
    await skip(client, touch, 'no_sender', now);
    await endIfDone(client, touch, now, log);
    return null;
  }
  if (fellBehind(row.planned_at, pick.pace.at, settings.drop_behind_days, pick.calendar.zone)) {
    await endFellBehind(client, touch, now, log);
    return null;
  }
  if (pick.pace.hold !== null) {
    await hold(client, touch, pick.pace.at, `${pick.pace.hold.text}; sender ${pick.sender.label}`);
    return null;
  }
  await client.query(`UPDATE autopilot_touches SET sending_at = $2, sender_id = $3 WHERE id = $1`, [touch.id, now, pick.sender.id]);
  return {
    touch,
    channel: channel!,
    sender: pick.sender,
    request: messageRequest(touch, settings, product!, brief, earlier),
    outgoing: {
      touchId: touch.id,
      accountId: touch.accountId,
      leadId: touch.leadId,
      channel: row.channel,
      kind: row.kind,
      step: row.step,
      plannedAt: row.planned_at,
      contact: touch.contact,
      earlier: earlier.filter((item) => item.channel === row.channel).map((item) => ({ messageId: item.message_id, subject: item.subject, sentAt: item.sent_at })),
      identity: settings.sender_identity!,
      signature: settings.email_signature,
      unsubscribeUrl: runtime.unsubscribeLinks?.({ accountId: touch.accountId, leadId: touch.leadId }) ?? '',
    },
  };
}

/** Locks the touch's lead, then the touch (the order every writer of both keeps: ending a lead locks it first), and reads what deciding needs. */
async function lockTouch(client: PoolClient, touchId: number): Promise<Touch | null> {
  const { rowCount } = await client.query(
    `SELECT 1 FROM autopilot_leads WHERE id = (SELECT lead_id FROM autopilot_touches WHERE id = $1) FOR NO KEY UPDATE`,
    [touchId],
  );
  if (rowCount === 0) return null;
  const { rows } = await client.query<TouchRow>(
    `SELECT t.id, t.account_id, t.lead_id, t.step, t.spec, t.channel, t.kind, t.planned_at, t.state, t.sending_at,
            l.outcome, l.contact_id, c.properties, c.email, r.status AS research_status, p.document
     FROM autopilot_touches t
     JOIN autopilot_leads l ON l.id = t.lead_id
     JOIN autopilot_contacts c ON c.account_id = l.account_id AND c.source = l.source AND c.contact_id = l.contact_id
     JOIN autopilots p ON p.id = l.autopilot_id
     LEFT JOIN research_jobs r ON r.id = l.research_id AND r.purged_at IS NULL
     WHERE t.id = $1 FOR UPDATE OF t`,
    [touchId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    leadId: Number(row.lead_id),
    row,
    place: leadPlace(row.properties),
    contact: { id: row.contact_id, email: row.email, properties: row.properties },
  };
}

/** A connection request whose step says `note: false`: sent without a note, so nothing is written. */
function withoutNote(row: Pick<TouchRow, 'kind' | 'spec'>): boolean {
  return row.kind === 'connection_request' && row.spec.note === false;
}

/**
 * Whether the lead is warm: it accepted a connection request, or replied on any channel (a reply with
 * the `reply` stop condition off leaves it Active), as its timeline or its place on a channel records.
 */
async function isWarm(client: PoolClient, touch: Touch): Promise<boolean> {
  const { rows } = await client.query<{ warm: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM autopilot_lead_events WHERE lead_id = $1 AND kind IN ('reply', 'connection'))
         OR EXISTS (SELECT 1 FROM autopilot_channel_threads WHERE lead_id = $1 AND connected_at IS NOT NULL) AS warm`,
    [touch.leadId],
  );
  return rows[0]!.warm;
}

/** Schedules that can never send (no day, an empty window, no limit) are no sender at all. */
function usable(senders: readonly Sender[]): Sender[] {
  return senders.filter((sender) => canEverSend(sender.schedule));
}

/** Rescheduled, never skipped: the touch is due later, with why, and its job re-queued under its key. */
async function hold(client: PoolClient, touch: Touch, until: Date, reason: string): Promise<void> {
  await client.query(`UPDATE autopilot_touches SET due_at = $2, held_reason = $3, sending_at = NULL WHERE id = $1`, [touch.id, until, reason]);
  await addJob(client, SEND_TOUCH_TASK, { touchId: touch.id }, { jobKey: touchJobKey(touch.id), runAt: until });
}

/** The longest skip detail kept on a timeline (a provider's words, the writer's reason). */
const SKIP_DETAIL_MAX = 1000;

async function skip(client: PoolClient, touch: Touch, reason: SkipReason, now: Date, detail?: string): Promise<void> {
  await client.query(
    `UPDATE autopilot_touches SET state = 'skipped', skip_reason = $2, skip_detail = $4, ended_at = $3, sending_at = NULL WHERE id = $1 AND state = 'scheduled'`,
    [touch.id, reason, now, detail === undefined ? null : storableText(detail, SKIP_DETAIL_MAX)],
  );
}

/** The lead's last touch has ended (sent or skipped): its sequence is over. */
async function endIfDone(client: PoolClient, touch: Touch, now: Date, log: Logger): Promise<void> {
  const { rows } = await client.query<{ left: boolean }>(`SELECT EXISTS (SELECT 1 FROM autopilot_touches WHERE lead_id = $1 AND state = 'scheduled') AS left`, [touch.leadId]);
  if (rows[0]!.left) return;
  if (await endLead(client, touch.leadId, 'sequence_ended', now)) log.info({ leadId: touch.leadId }, 'lead ended: its sequence is over');
}

async function endFellBehind(client: PoolClient, touch: Touch, now: Date, log: Logger): Promise<void> {
  await endLead(client, touch.leadId, 'fell_behind', now);
  log.info({ leadId: touch.leadId, touchId: touch.id, plannedAt: touch.row.planned_at }, 'lead ended: its touch fell too far behind its plan');
}

/** The lead's earliest step before this one that is still to go, if any: touches go out in step order. */
async function earlierStepToGo(client: PoolClient, touch: Touch): Promise<{ step: number; due_at: Date } | null> {
  const { rows } = await client.query<{ step: number; due_at: Date }>(
    `SELECT step, due_at FROM autopilot_touches WHERE lead_id = $1 AND state = 'scheduled' AND step < $2 ORDER BY step LIMIT 1`,
    [touch.leadId, touch.row.step],
  );
  return rows[0] ?? null;
}

async function earlierConnectionRequest(client: PoolClient, touch: Touch): Promise<boolean> {
  const { rowCount } = await client.query(`SELECT 1 FROM autopilot_touches WHERE lead_id = $1 AND kind = 'connection_request' AND step < $2 LIMIT 1`, [touch.leadId, touch.row.step]);
  return rowCount !== 0;
}

/**
 * Whether any other touch still scheduled for the lead could ever act: a channel the runtime has, with
 * a sender, that can reach the contact, and not a second connection request.
 */
async function anyRemainingCanAct(runtime: SequenceRuntime, client: PoolClient, touch: Touch): Promise<boolean> {
  const { rows } = await client.query<{ step: number; channel: Channel; kind: TouchKind; second: boolean }>(
    `SELECT t.step, t.channel, t.kind,
            t.kind = 'connection_request' AND EXISTS (SELECT 1 FROM autopilot_touches e WHERE e.lead_id = t.lead_id AND e.kind = 'connection_request' AND e.step < t.step) AS second
     FROM autopilot_touches t WHERE t.lead_id = $1 AND t.state = 'scheduled' AND t.id <> $2`,
    [touch.leadId, touch.id],
  );
  // A channel the engine sends on can act once the account has a sender on it (till then its touches wait).
  return rows.some((row) => {
    if (row.second) return false;
    const channel = runtime.channels.find((candidate) => candidate.channel === row.channel);
    return channel !== undefined && channel.unreachable(touch.contact, row.kind) === null;
  });
}

/** Why a touch on a channel the engine sends on waits while the account has no usable sender on it. */
function noSenderYet(channel: Channel): string {
  return channel === 'email'
    ? 'the account has no mailbox that can send (POST /mailboxes, or prospect-engine mailboxes add)'
    : `the account has no ${channel} seat that can send (POST /seats, or prospect-engine seats add)`;
}

/** What keeps a touch on this channel from going out until the account is configured, in words; null when nothing. */
function missingConfiguration(runtime: SequenceRuntime, row: TouchRow, settings: AutopilotSettings, product: Product | null): string | null {
  const { channel } = row;
  if (channel === 'email' && !settings.email_ready) {
    const missing = [settings.sender_identity === null ? 'sender identity (name, company, postal address)' : null, settings.email_signature === null ? 'e-mail signature' : null].filter(Boolean);
    return `e-mail cannot be sent: the account has no ${missing.join(' and no ')} (PATCH /autopilot/settings, or prospect-engine settings set)`;
  }
  if (settings.sender_identity === null) return 'the account has no sender identity (PATCH /autopilot/settings, or prospect-engine settings set)';
  if (runtime.writer === null && !withoutNote(row)) return 'no message writer is configured in this engine, so no message can be written';
  if (channel === 'email' && runtime.unsubscribeLinks === null) return 'commercial e-mail needs a one-click unsubscribe link, and this engine makes none without SECRET_KEY';
  if (product === null) return 'the account has no product to write about (prospect-engine products set)';
  return null;
}

async function earlierTouches(client: PoolClient, leadId: number): Promise<EarlierTouch[]> {
  const { rows } = await client.query<EarlierTouch>(
    `SELECT channel, kind, body, subject, message_id, sender_id, sent_at, facts FROM autopilot_touches WHERE lead_id = $1 AND state = 'sent' ORDER BY sent_at, step`,
    [leadId],
  );
  return rows;
}

/**
 * The sender for this touch and when it may go. The lead keeps the sender of its first touch on the
 * channel (a thread stays in one mailbox, a conversation on one seat) while that sender is still there;
 * else the least loaded of the channel's senders that can send now (fewest touches of the kind's limit
 * today), else the one that can send soonest. A paused sender (a disconnected seat) sends nothing: when
 * the lead's own or every sender is paused, `paused` says why. The senders' limit locks are held to
 * the end of the transaction.
 */
async function pickSender(
  client: PoolClient,
  touch: Touch,
  senders: Sender[],
  earlier: EarlierTouch[],
  now: Date,
): Promise<{ sender: Sender; pace: Pace; calendar: LeadCalendar } | { paused: string } | null> {
  const first = earlier.find((item) => item.channel === touch.row.channel && item.sender_id !== null);
  const kept = first === undefined ? undefined : senders.find((sender) => sender.id === Number(first.sender_id));
  const candidates = kept === undefined ? senders.filter((sender) => sender.pausedBecause === undefined) : [kept];
  const paused = candidates.length === 0 ? senders[0]?.pausedBecause : candidates[0]!.pausedBecause;
  if (paused !== undefined) return { paused };
  const { kind } = touch.row;
  await lockSenders(client, candidates);
  const counts = await sentThatDay(client, candidates, now, kind);
  const options = [];
  for (const [order, sender] of candidates.entries()) {
    const schedule = scheduleFor(sender, kind);
    const calendar = sendingCalendar(touch.place, schedule);
    const load = counts.get(sender.id) ?? 0;
    let pace = nextSendMoment({ schedule, calendar, from: now, sentThatDay: load, senderLabel: sender.label });
    if (pace === null) continue;
    const weekly = await weeklyHold(client, sender, kind, now);
    // The weekly limit holds it past the day's own moment: the hold says so.
    if (weekly !== null) pace = weekly.at > pace.at ? weekly : { at: pace.at, hold: pace.hold ?? weekly.hold };
    options.push({ sender, pace, calendar, load, order });
  }
  const ready = options.filter((option) => option.pace.hold === null).sort((a, b) => a.load - b.load || a.order - b.order);
  return ready[0] ?? [...options].sort((a, b) => a.pace.at.getTime() - b.pace.at.getTime() || a.order - b.order)[0] ?? null;
}

/** The lead's brief as `GET /research-status/{id}` answers its `data`: what is stored beside it (its provenance) stays out. */
async function readBrief(client: PoolClient, leadId: number): Promise<Record<string, unknown> | null> {
  const { rows } = await client.query<{ result: ResearchData | null }>(
    `SELECT r.result FROM autopilot_leads l JOIN research_jobs r ON r.id = l.research_id WHERE l.id = $1 AND r.status = 'completed' AND r.purged_at IS NULL`,
    [leadId],
  );
  const result = rows[0]?.result;
  return result ? (inSpecOrder(fromStoredResult(result).data) as unknown as Record<string, unknown>) : null;
}

/** The writer's goal: a Qualify goal asks its questions in order, one per message already sent (the last one again once all were asked). */
function writerGoal(goal: AutopilotDocument['goal'], messagesSent: number): WriterGoal {
  switch (goal.type) {
    case 'engage':
      return { type: 'engage' };
    case 'meetings':
      return { type: 'meetings', calendar_link: goal.calendar_link ?? '' };
    case 'self_serve':
      return { type: 'self_serve', pricing_url: goal.pricing_url ?? '' };
    case 'qualify': {
      const questions = goal.questions ?? [];
      const questionIndex = Math.max(0, Math.min(messagesSent, questions.length - 1));
      return { type: 'qualify', question: questions[questionIndex] ?? '', questionIndex, questions };
    }
  }
}

function messageRequest(touch: Touch, settings: AutopilotSettings, product: Product, brief: Record<string, unknown> | null, earlier: EarlierTouch[]): MessageRequest {
  const { row } = touch;
  const messages = earlier.filter((item) => item.kind !== 'connection_request');
  const startsThread = row.channel === 'email' && (row.document.threading === false || !earlier.some((item) => item.channel === 'email'));
  return {
    accountId: touch.accountId,
    leadId: touch.leadId,
    language: settings.content_language,
    channel: row.channel,
    kind: row.kind,
    step: row.spec,
    subjectAngle: startsThread ? row.spec.subject_angle : null,
    tone: row.document.tone,
    goal: writerGoal(row.document.goal, messages.length),
    leadOrigin: earlier.length === 0 ? row.document.lead_origin : null,
    brief,
    signals: row.spec.signals,
    product: { name: product.name, description: product.description, features: product.features, customers: product.customers },
    identity: settings.sender_identity,
    signature: settings.email_signature,
    contact: { id: touch.contact.id, properties: touch.contact.properties },
    earlier: earlier.map((item) => ({ channel: item.channel, kind: item.kind, body: item.body ?? '', sentAt: item.sent_at, ...(item.facts ? { facts: item.facts } : {}) })),
  };
}

async function stillToSend(pool: Pool, touchId: number): Promise<boolean> {
  const { rows } = await pool.query<{ go: boolean }>(
    `SELECT t.state = 'scheduled' AND l.outcome = 'Active' AS go FROM autopilot_touches t JOIN autopilot_leads l ON l.id = t.lead_id WHERE t.id = $1`,
    [touchId],
  );
  return rows[0]?.go === true;
}

/**
 * Records what became of a claimed touch. Sent is recorded whatever happened meanwhile (a reply that
 * ended the lead while the channel was sending cancelled the touch, but it did go out); a skip or a
 * deferral only while the touch is still scheduled.
 */
async function record(runtime: SequenceRuntime, touch: Touch, outcome: SendOutcome, message?: { subject: string | null; body: string; facts: string[] | null }): Promise<void> {
  const now = runtime.clock.now();
  await transaction(runtime.pool, async (client) => {
    const locked = await lockTouch(client, touch.id);
    if (locked === null) return;
    switch (outcome.kind) {
      case 'sent':
        await client.query(
          `UPDATE autopilot_touches SET state = 'sent', sent_at = $2, ended_at = $2, subject = $3, body = $4, message_id = $5, facts = $6, sending_at = NULL, skip_reason = NULL, skip_detail = NULL
           WHERE id = $1 AND state <> 'sent'`,
          [touch.id, outcome.sentAt, message?.subject ?? null, message?.body ?? null, outcome.messageId, message?.facts ?? null],
        );
        runtime.log.info({ touchId: touch.id, leadId: touch.leadId, channel: touch.row.channel, messageId: outcome.messageId }, 'touch sent');
        await endIfDone(client, touch, now, runtime.log);
        return;
      case 'skipped':
        if (locked.row.state !== 'scheduled') return;
        await skip(client, touch, outcome.reason, now, outcome.detail);
        runtime.log.info({ touchId: touch.id, leadId: touch.leadId, reason: outcome.reason, detail: outcome.detail }, 'touch skipped');
        await endIfDone(client, touch, now, runtime.log);
        return;
      case 'deferred':
        if (locked.row.state !== 'scheduled' || locked.row.outcome !== 'Active') return;
        await hold(client, touch, outcome.until, outcome.why);
        runtime.log.info({ touchId: touch.id, until: isoWithOffset(outcome.until), why: outcome.why }, 'touch deferred');
        return;
    }
  });
}
