/**
 * The gates of the send_touch task: each check that can keep a touch from going now, as a pure function
 * of what the task has read and of `now`. A gate answers null to let the touch through, or a `Verdict`:
 * hold it (rescheduled, with why), skip it (with the reason), or end its lead. No database and no
 * clock: the task (sendTouchTask.ts) reads what each gate needs, asks them in order, and the touch store
 * writes what they decide.
 */
import type { Product } from '../../accounts/index.ts';
import type { AutopilotSettings, Channel, StoredTouch, TouchKind } from '../contract.ts';
import { fellBehind } from '../pacing/dropBehind.ts';
import type { Hold } from '../pacing/window.ts';
import type { SenderPick } from './pickSender.ts';
import type { ChannelSender, OutgoingTouch, Sender, SendOutcome, SkipReason } from './ports.ts';

/** A send left unfinished this long (its worker died mid-send) is taken up again by the next delivery of its job. */
export const SEND_CLAIM_TTL_MS = 10 * 60_000;
/** A touch whose lead's research is still running looks again this much later. */
export const RESEARCH_RECHECK_MS = 60_000;
/** A touch held by the account's configuration (no sender identity, no writer) looks again this much later. */
export const CONFIGURATION_RECHECK_MS = 60 * 60_000;

/** A touch whose earlier step is still to go follows it by this much (a thread starts with its first e-mail). */
export const STEP_ORDER_GAP_MS = 60_000;

/** A warm-only step waits for the lead to warm up, looking again this often, and gives up this long after its planned date (never_warmed_up). */
export const WARM_RECHECK_MS = 2 * 60 * 60_000;
export const WARM_GIVE_UP_MS = 21 * 24 * 60 * 60_000;

/** What the log says of a verdict, besides the touch, its lead, its channel and the reason. */
export interface Note {
  level: 'info' | 'warn';
  message: string;
}

/**
 * Why a touch is held, in a word for the metrics (`prospect_touches_total`'s `reason`): the hold's
 * `reason` says it in words, with senders, times and dates, which would make a new series of each.
 */
export type HoldCode = 'research_pending' | 'step_order' | 'warm_only' | 'not_configured' | 'sender_paused' | 'not_sending_day' | 'holiday' | 'outside_window' | 'daily_limit' | 'provider_deferred';

const PACE_HOLDS: Record<Hold['kind'], HoldCode> = { day: 'not_sending_day', holiday: 'holiday', window: 'outside_window', limit: 'daily_limit' };

/** What a gate decided, short of sending the touch. */
export type Verdict =
  /** Rescheduled to `until`, never skipped: `reason` is its `held_reason`, `code` the same in a word. */
  | { kind: 'hold'; until: Date; reason: string; code: HoldCode; note?: Note }
  /**
   * Skipped with the reason; then its lead ends once none of its touches is left (`sequence_ended`). With
   * `unreachable` (the channel cannot reach the contact), it ends `no_reachable_channel` when none of
   * those left can act either.
   */
  | { kind: 'skip'; reason: SkipReason; detail?: string; unreachable?: boolean; note?: Note }
  /** The lead ends (every queued touch of it cancelled). */
  | { kind: 'end'; reason: 'fell_behind'; note?: Note };

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/**
 * Whose the touch is for this delivery of its job: `ended` when it is no longer scheduled or its lead is
 * no longer Active; `being_sent` while another delivery sends it (that one records the outcome or
 * re-queues it); `abandoned` when a send of it never finished within `SEND_CLAIM_TTL_MS` (its worker
 * stopped), so it is sent again; `free` otherwise.
 */
export function turnOf(touch: { state: string; outcome: string; sending_at: Date | null }, now: Date): 'ended' | 'being_sent' | 'abandoned' | 'free' {
  if (touch.state !== 'scheduled' || touch.outcome !== 'Active') return 'ended';
  if (touch.sending_at === null) return 'free';
  return now.getTime() - touch.sending_at.getTime() < SEND_CLAIM_TTL_MS ? 'being_sent' : 'abandoned';
}

/** Research still running: held a minute (a failed or purged research lets the touch be written without a brief). */
export function researchGate(researchStatus: string | null, now: Date): Verdict | null {
  if (researchStatus !== 'queued' && researchStatus !== 'processing') return null;
  return { kind: 'hold', until: later(now, RESEARCH_RECHECK_MS), reason: "waiting for the lead's research to finish", code: 'research_pending' };
}

/** An earlier step of the lead still to go: held until a little after it (touches go out in step order). */
export function stepOrderGate(before: { step: number; due_at: Date } | null, now: Date): Verdict | null {
  if (before === null) return null;
  const after = new Date(Math.max(now.getTime(), before.due_at.getTime()) + STEP_ORDER_GAP_MS);
  return { kind: 'hold', until: after, reason: `waits for step ${before.step + 1} of the sequence to go first`, code: 'step_order' };
}

/**
 * Whether the touch can act at all: a second connection request in the sequence never does; a channel
 * this engine does not send on (`channel` null) has no sender; a contact the channel cannot reach (no
 * address, no phone number) is skipped with the channel's reason.
 */
export function reachGate(touch: { kind: TouchKind }, contact: OutgoingTouch['contact'], channel: ChannelSender | null, secondRequest: boolean): Verdict | null {
  if (secondRequest) return { kind: 'skip', reason: 'second_connection_request' };
  const unreachable = channel === null ? 'no_sender' : channel.unreachable(contact, touch.kind);
  if (unreachable === null) return null;
  return { kind: 'skip', reason: unreachable, unreachable: true, note: { level: 'info', message: 'touch cannot act' } };
}

/**
 * Whether any other touch still scheduled for the lead could ever act: on a channel the engine sends on
 * (it can act once the account has a sender there; till then its touches wait), that can reach the
 * contact, and not a second connection request.
 */
export function anyCanAct(remaining: readonly { channel: Channel; kind: TouchKind; second: boolean }[], channels: readonly ChannelSender[], contact: OutgoingTouch['contact']): boolean {
  return remaining.some((touch) => {
    if (touch.second) return false;
    const channel = channels.find((candidate) => candidate.channel === touch.channel);
    return channel !== undefined && channel.unreachable(contact, touch.kind) === null;
  });
}

/**
 * A warm-only step while the lead is not warm (no accepted connection request, no reply): held, looking
 * again every `WARM_RECHECK_MS`, and skipped `never_warmed_up` once `WARM_GIVE_UP_MS` have passed since
 * its planned date.
 */
export function warmGate(touch: { spec: Pick<StoredTouch, 'warm_only'>; planned_at: Date }, warm: boolean, now: Date): Verdict | null {
  if (touch.spec.warm_only !== true || warm) return null;
  const giveUp = touch.planned_at.getTime() + WARM_GIVE_UP_MS;
  if (now.getTime() >= giveUp) return { kind: 'skip', reason: 'never_warmed_up', note: { level: 'info', message: 'touch skipped: the lead never warmed up' } };
  return {
    kind: 'hold',
    until: new Date(Math.min(giveUp, now.getTime() + WARM_RECHECK_MS)),
    reason: 'a warm-only step: waits for the lead to accept a connection request or reply',
    code: 'warm_only',
  };
}

/** "Drop messages that fall too far behind plan": a touch that could go at `at` at the earliest ends its lead `fell_behind` past the deadline. */
export function dropBehindGate(plannedAt: Date, at: Date, dropBehindDays: number | null, zone: string): Verdict | null {
  if (!fellBehind(plannedAt, at, dropBehindDays, zone)) return null;
  return { kind: 'end', reason: 'fell_behind', note: { level: 'info', message: 'lead ended: its touch fell too far behind its plan' } };
}

/** A connection request whose step says `note: false`: sent without a note, so nothing is written. */
export function withoutNote(touch: { kind: TouchKind; spec: Pick<StoredTouch, 'note'> }): boolean {
  return touch.kind === 'connection_request' && touch.spec.note === false;
}

/** What the account and this engine lack to send a touch on the channel (see `missingConfiguration`). */
export interface Configuration {
  /** The account's senders on the channel that can ever send. */
  usableSenders: number;
  settings: AutopilotSettings;
  product: Product | null;
  /** Whether this engine has a message writer, and makes unsubscribe links. */
  writer: boolean;
  unsubscribeLinks: boolean;
}

/**
 * The account not configured to send the touch (no sender on its channel, no sender identity, no
 * product...): held and looked at again every `CONFIGURATION_RECHECK_MS`, never ended for it (a lead
 * whose research credit was spent is not thrown away for an unfinished setup).
 */
export function configurationGate(touch: { channel: Channel; kind: TouchKind; spec: Pick<StoredTouch, 'note'> }, configuration: Configuration, now: Date): Verdict | null {
  const missing = configuration.usableSenders === 0 ? noSenderYet(touch.channel) : missingConfiguration(touch, configuration);
  if (missing === null) return null;
  return {
    kind: 'hold',
    until: later(now, CONFIGURATION_RECHECK_MS),
    reason: missing,
    code: 'not_configured',
    note: { level: 'warn', message: 'touch held: the account is not configured to send it' },
  };
}

/** Why a touch on a channel the engine sends on waits while the account has no usable sender on it. */
function noSenderYet(channel: Channel): string {
  return channel === 'email'
    ? 'the account has no mailbox that can send (POST /mailboxes, or prospect-engine mailboxes add)'
    : `the account has no ${channel} seat that can send (POST /seats/connect, or prospect-engine seats add)`;
}

/** What keeps a touch on this channel from going out until the account is configured, in words; null when nothing. */
function missingConfiguration(touch: { channel: Channel; kind: TouchKind; spec: Pick<StoredTouch, 'note'> }, { settings, product, writer, unsubscribeLinks }: Configuration): string | null {
  const { channel } = touch;
  if (channel === 'email' && !settings.email_ready) {
    const missing = [settings.sender_identity === null ? 'sender identity (name, company, postal address)' : null, settings.email_signature === null ? 'e-mail signature' : null].filter(Boolean);
    return `e-mail cannot be sent: the account has no ${missing.join(' and no ')} (PATCH /autopilot/settings, or prospect-engine settings set)`;
  }
  if (settings.sender_identity === null) return 'the account has no sender identity (PATCH /autopilot/settings, or prospect-engine settings set)';
  if (!writer && !withoutNote(touch)) return 'no message writer is configured in this engine, so no message can be written';
  if (channel === 'email' && !unsubscribeLinks) return 'commercial e-mail needs a one-click unsubscribe link, and this engine makes none without SECRET_KEY';
  if (product === null) return 'the account has no product to write about (prospect-engine products set)';
  return null;
}

/**
 * The sender and pacing, once a sender is picked (`pickSender`): a paused sender (a disconnected seat)
 * holds the touch; no sender that can ever send skips it `no_sender`; a moment past the drop-behind
 * deadline ends the lead; a moment later than now (outside the window, a day off, a limit reached) holds
 * it until then. Else the touch goes now with that sender.
 */
export function senderGate(pick: SenderPick, plannedAt: Date, dropBehindDays: number | null, now: Date): Verdict | { kind: 'go'; sender: Sender } {
  if (pick !== null && 'paused' in pick) {
    return { kind: 'hold', until: later(now, CONFIGURATION_RECHECK_MS), reason: pick.paused, code: 'sender_paused', note: { level: 'warn', message: 'touch held: its sender is paused' } };
  }
  if (pick === null) return { kind: 'skip', reason: 'no_sender' };
  const behind = dropBehindGate(plannedAt, pick.pace.at, dropBehindDays, pick.calendar.zone);
  if (behind !== null) return behind;
  if (pick.pace.hold !== null) return { kind: 'hold', until: pick.pace.at, reason: `${pick.pace.hold.text}; sender ${pick.sender.label}`, code: PACE_HOLDS[pick.pace.hold.kind] };
  return { kind: 'go', sender: pick.sender };
}

/**
 * Whether what became of a claimed touch is recorded: sent always (a reply that ended the lead while the
 * channel was sending cancelled the touch, but it did go out); a skip only while the touch is still
 * scheduled; a deferral only while it is scheduled and its lead Active.
 */
export function recordsOutcome(touch: { state: string; outcome: string }, outcome: Pick<SendOutcome, 'kind'>): boolean {
  switch (outcome.kind) {
    case 'sent':
      return true;
    case 'skipped':
      return touch.state === 'scheduled';
    case 'deferred':
      return touch.state === 'scheduled' && touch.outcome === 'Active';
  }
}

/** A channel's or the writer's skip or deferral, as the verdict the touch store writes. */
export function outcomeVerdict(outcome: Extract<SendOutcome, { kind: 'skipped' | 'deferred' }>): Verdict {
  return outcome.kind === 'skipped'
    ? { kind: 'skip', reason: outcome.reason, detail: outcome.detail, note: { level: 'info', message: 'touch skipped' } }
    : { kind: 'hold', until: outcome.until, reason: outcome.why, code: 'provider_deferred', note: { level: 'info', message: 'touch deferred' } };
}
