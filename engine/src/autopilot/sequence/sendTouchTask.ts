import { observe } from '../../platform/ops/metrics.ts';
import { currentProduct } from '../../accounts/index.ts';
import { type Pool, type PoolClient, transaction } from '../../platform/database/database.ts';
import type { Logger } from '../../platform/logger.ts';
import { JobHandedBack } from '../../platform/queue/tasks.ts';
import { type Clock, isoWithOffset } from '../../platform/time.ts';
import type { Channel } from '../contract.ts';
import { planningCalendar } from '../pacing/leadCalendar.ts';
import { readSettings } from '../settings/accountSettings.ts';
import { endLead, endLeadIfSequenceOver } from './endLead.ts';
import {
  anyCanAct,
  configurationGate,
  dropBehindGate,
  outcomeVerdict,
  reachGate,
  recordsOutcome,
  researchGate,
  senderGate,
  stepOrderGate,
  turnOf,
  type Verdict,
  warmGate,
  withoutNote,
} from './gates.ts';
import { messageRequest, outgoingTouch, readBrief } from './messageRequest.ts';
import { type DayUse, pickSender, usableSenders } from './pickSender.ts';
import type { ChannelSender, CheckOutcome, MessageRequest, MessageResult, MessageWriter, OutgoingTouch, Sender, SendOutcome, UnsubscribeLinks } from './ports.ts';
import { claimDay, countsAgainstWeek } from './senderLoad.ts';
import { holdTouch, lockTouch, markSent, readTouch, releaseTouch, remainingTouches, skipTouch, stillToSend, type Touch } from './touchStore.ts';

/** A touch whose writer failed (the model down, a time-out) is tried again this much later. */
export const WRITER_RETRY_MS = 5 * 60_000;

/** What the send_touch task works with: the module's clock, channels, writer and unsubscribe links. */
export interface SequenceRuntime {
  pool: Pool;
  log: Logger;
  clock: Clock;
  channels: readonly ChannelSender[];
  writer: MessageWriter | null;
  unsubscribeLinks: UnsubscribeLinks | null;
  /**
   * A send the recipient's server refused for good (`address_bounced`), raised as the lead's bounce in
   * the send's transaction (outcomes/signals.ts, `bouncedAtSend`): it ends the lead's other steps on
   * the channel, as a bounce read from the mailbox does. None: the touch alone is skipped.
   */
  bouncedAtSend?: (client: PoolClient, event: { accountId: number; leadId: number; touchId: number; channel: Channel }, now: Date) => Promise<unknown>;
}

/** A touch claimed for sending: what the channel is given, and what its message is written from (with the brief, read after the claim). */
interface Claimed {
  touch: Touch;
  channel: ChannelSender;
  sender: Sender;
  request: (brief: Record<string, unknown> | null) => MessageRequest;
  outgoing: Omit<OutgoingTouch, 'message'>;
}

/**
 * A claim that finds its sender's day full (another worker took its last place since the count was read)
 * decides again, counting; this many in a row means places keep being given back and taken at once, and
 * the job is tried again later.
 */
const CLAIM_ATTEMPTS = 10;

type Written = Extract<MessageResult, { kind: 'written' }>;

/** What a connection request without a note is "written" as: nothing, and no writer asked. */
const NOTHING_TO_WRITE: Written = { kind: 'written', message: { subject: null, body: '' }, writerCalls: 0, rejections: [] };

/**
 * The send_touch task: one touch of one lead, in five steps.
 * 1. Claim: in a first transaction, the lead's row then the touch's locked, the gates (gates.ts) decide
 *    whether the touch can go now; one that cannot is held, skipped or ends its lead there. One that can
 *    is claimed (a place in its sender's day taken, `sending_at` set: it counts from then on) and the
 *    transaction commits, so no transaction stays open while the writer and the channel work over the
 *    network.
 * 2. Check: the channel's look before writing (when it has one) may still skip or hold it.
 * 3. Write: the lead's brief is read (no transaction open), then the per-lead writer writes its message
 *    (a connection request without a note needs none).
 * 4. Send: the lead is read once more (a reply meanwhile stops it), then the channel sends.
 * 5. Record: what became of it, in a last transaction.
 * A step that throws, or a worker that stops, hands the claim back (`sending_at` cleared, its place in
 * the sender's day given back) for the job's next delivery.
 */
export async function sendTouchTask(runtime: SequenceRuntime, touchId: number, signal: AbortSignal): Promise<void> {
  const claimed = await claim(runtime, touchId);
  if (claimed === null) return;
  const release = () => releaseTouch(runtime.pool, claimed.touch.id);
  const checked = await releasedOnError(release, () => check(claimed, signal));
  if (checked.kind !== 'go') return record(runtime, claimed, checked);
  const brief = await releasedOnError(release, () => (claimed.touch.row.research_status === 'completed' ? readBrief(runtime.pool, claimed.touch.leadId) : Promise.resolve(null)));
  const written = await write(runtime, claimed, claimed.request(brief), signal, release);
  if (written.kind !== 'written') return record(runtime, claimed, written);
  if (!(await stillToGo(runtime, claimed.touch, signal, release))) return;
  const outcome = await releasedOnError(release, () => claimed.channel.send({ ...claimed.outgoing, message: written.message }, claimed.sender, signal));
  await record(runtime, claimed, outcome, { ...written.message, facts: written.facts ?? null });
}

/**
 * Step 1: the claim. First a look (`decide` without a transaction: one read of the touch and what its
 * gates need, no lock); a touch it lets go takes its place in its sender's day in a statement of its own
 * (`claimDay`), which claims it only while it is still scheduled, unclaimed and its lead Active, so a
 * lead that ended since the look sends nothing. Anything else the look would write (a hold, a skip, an
 * end, a claim whose worker died) or a connection request a weekly limit counts is decided again in a
 * transaction, the lead's row then the touch's locked, where the verdict is written. The day's row, which
 * every claim of the sender updates, is so locked only while a claim commits. A claim that finds the day
 * full (another worker took its last place since the count was read) decides again, locked, counting.
 */
async function claim(runtime: SequenceRuntime, touchId: number): Promise<Claimed | null> {
  for (let attempt = 1; ; attempt++) {
    const dayUse = attempt === 1 ? 'assume_free' : 'read';
    let decided = attempt === 1 ? await decide(runtime, touchId, dayUse) : 'locked';
    if (decided === 'locked') decided = await transaction(runtime.pool, (client) => decide(runtime, touchId, dayUse, client));
    if (decided === null) return null;
    if (decided !== 'day_full' && decided !== 'locked') {
      if (decided.placeTaken) return decided.claimed;
      const { touch, sender } = decided.claimed;
      if ((await claimDay(runtime.pool, { id: touch.id, kind: touch.row.kind }, sender, decided.at)) !== null) return decided.claimed;
    }
    if (attempt === CLAIM_ATTEMPTS) throw new Error(`touch ${touchId}: its sender's day was full at each of ${CLAIM_ATTEMPTS} claims, though counted free just before`);
  }
}

/**
 * What deciding found: nothing to send (a verdict written, or the touch not this delivery's), the touch
 * to decide again under locks (`locked`: a look only), the sender's day full, or the touch to send, its
 * place in its sender's day taken already (`placeTaken`) or to be taken next.
 */
type Decision = null | 'locked' | 'day_full' | { claimed: Claimed; at: Date; placeTaken: boolean };

/**
 * The gates in order, on what one read of the touch gives them, then the account's settings, senders
 * and product. With `client` (a transaction), the lead's row then the touch's are locked throughout and
 * a verdict is written at once; a connection request a seat's weekly limit counts takes its place there,
 * as the weekly limit's lock (`lockWeeks`) holds only until the commit. Without, it is a look that
 * writes nothing: whatever would be written is `locked`.
 */
async function decide(runtime: SequenceRuntime, touchId: number, dayUse: DayUse, client?: PoolClient): Promise<Decision> {
  const now = runtime.clock.now();
  const db = client ?? runtime.pool;
  const touch = client ? await lockTouch(client, touchId) : await readTouch(runtime.pool, touchId);
  if (touch === null) return null;
  const turn = turnOf(touch.row, now);
  if (!client && turn === 'abandoned') return 'locked';
  if (!takesTurn(runtime.log, touch, turn)) return null;
  const { row } = touch;
  // A claim whose worker died: its place in its sender's day is given back before the touch claims one again.
  if (client && row.sending_at !== null) await releaseTouch(client, touch.id);
  const settle = async (verdict: Verdict): Promise<Decision> => {
    if (!client) return 'locked';
    await apply(runtime, client, touch, verdict, now);
    return null;
  };

  const research = researchGate(row.research_status, now);
  if (research) return settle(research);
  const stepOrder = stepOrderGate(touch.stepBefore, now);
  if (stepOrder) return settle(stepOrder);
  const channel = runtime.channels.find((candidate) => candidate.channel === row.channel) ?? null;
  const unreachable = reachGate(row, touch.contact, channel, touch.secondRequest);
  if (unreachable) return settle(unreachable);
  const cold = warmGate(row, touch.warm, now);
  if (cold) return settle(cold);

  const settings = await readSettings(db, touch.accountId);
  const behind = dropBehindGate(row.planned_at, now, settings.drop_behind_days, planningCalendar(touch.place).zone);
  if (behind) return settle(behind);
  const senders = usableSenders(await channel!.senders(db, touch.accountId));
  if (!client && senders.some((sender) => countsAgainstWeek(sender, row.kind))) return 'locked';
  const product = await currentProduct(db, touch.accountId);
  const configuration = { usableSenders: senders.length, settings, product, writer: runtime.writer !== null, unsubscribeLinks: runtime.unsubscribeLinks !== null };
  const unconfigured = configurationGate(row, configuration, now);
  if (unconfigured) return settle(unconfigured);

  const { earlier } = touch;
  const pickFor = (use: DayUse) => pickSender(db, { channel: row.channel, kind: row.kind, place: touch.place }, senders, earlier, now, use);
  let { pick, assumed } = await pickFor(dayUse);
  let paced = senderGate(pick, row.planned_at, settings.drop_behind_days, now);
  // A lone sender's day taken as not full, for a touch that would not go now: looked at again with the
  // day's use read, so every verdict is the counted one.
  if (paced.kind !== 'go' && assumed) {
    ({ pick, assumed } = await pickFor('read'));
    paced = senderGate(pick, row.planned_at, settings.drop_behind_days, now);
  }
  if (paced.kind !== 'go') return settle(paced);

  const unsubscribeUrl = runtime.unsubscribeLinks?.({ accountId: touch.accountId, leadId: touch.leadId }) ?? '';
  const claimed: Claimed = {
    touch,
    channel: channel!,
    sender: paced.sender,
    request: (brief) => messageRequest(touch, settings, product!, brief, earlier),
    outgoing: outgoingTouch(touch, settings, earlier, unsubscribeUrl),
  };
  if (!countsAgainstWeek(paced.sender, row.kind)) return { claimed, at: now, placeTaken: false };
  return (await claimDay(db, { id: touch.id, kind: row.kind }, paced.sender, now)) === null ? 'day_full' : { claimed, at: now, placeTaken: true };
}

/** Whether this delivery of the job takes the touch (`turnOf`); the log says when another delivery has it, or left it unfinished. */
function takesTurn(log: Logger, touch: Touch, turn: ReturnType<typeof turnOf>): boolean {
  if (turn === 'being_sent') log.info({ touchId: touch.id }, 'touch already being sent by another delivery of its job; left to it');
  if (turn === 'abandoned') log.warn({ touchId: touch.id, sendingSince: touch.row.sending_at }, 'a send of this touch never finished (its worker stopped); sending it again');
  return turn === 'free' || turn === 'abandoned';
}

/** Step 2: the channel's look before writing, when it has one. */
async function check(claimed: Claimed, signal: AbortSignal): Promise<CheckOutcome> {
  return claimed.channel.check ? claimed.channel.check(claimed.outgoing, claimed.sender, signal) : { kind: 'go' };
}

/**
 * Step 3: the message, or what becomes of the touch instead: a skip the writer decided (nothing credible
 * to send), or a deferral while the model is down or failing (the touch waits, never lost nor skipped).
 */
async function write(
  runtime: SequenceRuntime,
  claimed: Claimed,
  request: MessageRequest,
  signal: AbortSignal,
  release: () => Promise<void>,
): Promise<Written | Extract<SendOutcome, { kind: 'skipped' | 'deferred' }>> {
  const { touch } = claimed;
  let written: MessageResult;
  try {
    written = withoutNote(touch.row) ? NOTHING_TO_WRITE : await runtime.writer!.write(request, signal);
  } catch (error) {
    if (signal.aborted) {
      await release();
      throw new JobHandedBack('the worker stopped while the message was being written');
    }
    runtime.log.warn({ touchId: touch.id, leadId: touch.leadId, err: error }, 'the message writer failed; the touch is held');
    const until = new Date(runtime.clock.now().getTime() + WRITER_RETRY_MS);
    return { kind: 'deferred', until, why: `the message writer failed (${error instanceof Error ? error.message : String(error)}); trying again` };
  }
  if (written.kind === 'written') return written;
  runtime.log.info({ touchId: touch.id, leadId: touch.leadId, reason: written.reason, detail: written.detail }, 'touch skipped: the writer had nothing credible to send');
  return { kind: 'skipped', reason: written.reason, detail: written.detail };
}

/** Step 4, before the channel sends: a worker stopping hands the touch back; a lead that ended while it was written sends nothing. */
async function stillToGo(runtime: SequenceRuntime, touch: Touch, signal: AbortSignal, release: () => Promise<void>): Promise<boolean> {
  if (signal.aborted) {
    await release();
    throw new JobHandedBack('the worker stopped before the touch was sent');
  }
  if (await stillToSend(runtime.pool, touch.id)) return true;
  await release();
  runtime.log.info({ touchId: touch.id, leadId: touch.leadId }, 'touch not sent: its lead ended while it was being written');
  return false;
}

/** Runs a step of a claimed touch; when it throws, the claim is handed back first. */
async function releasedOnError<T>(release: () => Promise<void>, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    await release();
    throw error;
  }
}

/** Step 5, in a last transaction: what became of the claimed touch, when it is still to be recorded (`recordsOutcome`). */
async function record(runtime: SequenceRuntime, claimed: Claimed, outcome: SendOutcome, message?: { subject: string | null; body: string; facts: string[] | null }): Promise<void> {
  const { touch } = claimed;
  const now = runtime.clock.now();
  const sent = await transaction(runtime.pool, async (client) => {
    if (outcome.kind === 'sent') {
      // What went out is recorded whatever became of the touch meanwhile (`recordsOutcome`), so nothing is read first.
      if (!(await markSent(client, touch.id, outcome, message))) return false;
      runtime.log.info({ touchId: touch.id, leadId: touch.leadId, channel: touch.row.channel, messageId: outcome.messageId }, 'touch sent');
      await endIfOver(runtime, client, touch, now);
      return true;
    }
    const locked = await lockTouch(client, touch.id);
    if (locked === null) return false;
    if (!recordsOutcome(locked.row, outcome)) {
      // Ended meanwhile (its lead did) and not sent: its claim's place in the sender's day goes back.
      await releaseTouch(client, touch.id);
      return false;
    }
    await apply(runtime, client, touch, outcomeVerdict(outcome), now);
    // The spec: a hard bounce ends the e-mail steps, not only this one.
    if (outcome.kind === 'skipped' && outcome.reason === 'address_bounced') {
      await runtime.bouncedAtSend?.(client, { accountId: touch.accountId, leadId: touch.leadId, touchId: touch.id, channel: touch.row.channel }, now);
    }
    return false;
  });
  if (sent) observe.touch(touch.row.channel, 'sent');
}

/** Writes a verdict in the caller's transaction: the touch held or skipped (its lead ended when nothing is left for it), or its lead ended. */
async function apply(runtime: SequenceRuntime, client: PoolClient, touch: Touch, verdict: Verdict, now: Date): Promise<void> {
  const { log } = runtime;
  if (verdict.note) {
    const fields = { touchId: touch.id, leadId: touch.leadId, accountId: touch.accountId, channel: touch.row.channel, reason: verdict.reason };
    const more = verdict.kind === 'hold' ? { until: isoWithOffset(verdict.until) } : verdict.kind === 'skip' ? { detail: verdict.detail } : { plannedAt: touch.row.planned_at };
    log[verdict.note.level]({ ...fields, ...more }, verdict.note.message);
  }
  switch (verdict.kind) {
    case 'hold':
      await holdTouch(client, touch.id, verdict.until, verdict.reason);
      observe.touch(touch.row.channel, 'held', verdict.code);
      return;
    case 'skip':
      await skipTouch(client, touch.id, verdict.reason, now, verdict.detail);
      observe.touch(touch.row.channel, 'skipped', verdict.reason);
      if (verdict.unreachable && !anyCanAct(await remainingTouches(client, touch), runtime.channels, touch.contact)) {
        await endLead(client, touch.leadId, 'no_reachable_channel', now);
        log.info({ leadId: touch.leadId }, 'lead ended: no remaining touch can reach it');
        return;
      }
      await endIfOver(runtime, client, touch, now);
      return;
    case 'end':
      await endLead(client, touch.leadId, verdict.reason, now);
      return;
  }
}

async function endIfOver(runtime: SequenceRuntime, client: PoolClient, touch: Touch, now: Date): Promise<void> {
  if (await endLeadIfSequenceOver(client, touch.leadId, now)) runtime.log.info({ leadId: touch.leadId }, 'lead ended: its sequence is over');
}
