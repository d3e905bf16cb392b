/**
 * Picking a touch's sender at send time: among the account's senders on the touch's channel, the lead's
 * own (a thread stays in one mailbox) or the least loaded that can send now, else the one that can send
 * soonest, with when the touch may go with it (its window and days in the lead's calendar, its daily and
 * weekly limits: senderLoad.ts counts them).
 */
import type { Queryable } from '../../platform/database/database.ts';
import type { Channel, TouchKind } from '../contract.ts';
import { type LeadCalendar, sendingCalendar } from '../pacing/leadCalendar.ts';
import { nextSendMoment, type Pace } from '../pacing/nextMoment.ts';
import { canEverSend } from '../pacing/window.ts';
import type { LeadPlace } from '../pacing/zones.ts';
import type { Sender } from './ports.ts';
import { lockWeeks, scheduleFor, sentThatDay, weeklyHold } from './senderLoad.ts';

/** The sender picked for a touch and when it may go with it; or why the touch's sender is paused; null when none ever can. */
export type SenderPick = { sender: Sender; pace: Pace; calendar: LeadCalendar } | { paused: string } | null;

/**
 * How `pickSender` knows each sender's use of its day: `read` counts it; `assume_free` takes a lone
 * candidate's day as not yet full without reading it, for a first try whose claim (`claimDay`) finds out
 * (one statement fewer when it goes); with several candidates the least loaded is chosen, so it reads.
 */
export type DayUse = 'read' | 'assume_free';

/** One sender that could take the touch, with its pace, its load today (touches of the kind's limit) and its place in the account's order. */
export interface SenderOption {
  sender: Sender;
  pace: Pace;
  calendar: LeadCalendar;
  load: number;
  order: number;
}

/** Schedules that can never send (no day, an empty window, no limit) are no sender at all. */
export function usableSenders(senders: readonly Sender[]): Sender[] {
  return senders.filter((sender) => canEverSend(sender.schedule));
}

/**
 * The senders that may take the lead's touch on `channel`: the sender of the lead's first touch on the
 * channel while it is still there (a thread stays in one mailbox, a conversation on one seat), else every
 * sender not paused. When the lead's own sender, or every sender, is paused: why.
 */
export function candidateSenders(senders: readonly Sender[], earlier: readonly { channel: Channel; sender_id: string | null }[], channel: Channel): Sender[] | { paused: string } {
  const first = earlier.find((item) => item.channel === channel && item.sender_id !== null);
  const kept = first === undefined ? undefined : senders.find((sender) => sender.id === Number(first.sender_id));
  const candidates = kept === undefined ? senders.filter((sender) => sender.pausedBecause === undefined) : [kept];
  const paused = candidates.length === 0 ? senders[0]?.pausedBecause : candidates[0]!.pausedBecause;
  return paused === undefined ? candidates : { paused };
}

/** The least loaded of the options that can send now (the first in order on a tie), else the one that can send soonest. */
export function bestOption(options: readonly SenderOption[]): SenderOption | null {
  const ready = options.filter((option) => option.pace.hold === null).sort((a, b) => a.load - b.load || a.order - b.order);
  return ready[0] ?? [...options].sort((a, b) => a.pace.at.getTime() - b.pace.at.getTime() || a.order - b.order)[0] ?? null;
}

/**
 * The sender for this touch and when it may go (`candidateSenders`, then `bestOption` over each one's
 * next moment in the lead's calendar, its daily and weekly limits), and whether its day's use was
 * assumed (`DayUse`) rather than read. The day's counts are read without a lock: the claim (`claimDay`)
 * takes the day's place only while one is left, and a claim that finds none asks again. A seat's
 * connection requests take its weekly limit's lock first, held to the end of the caller's transaction.
 * Statements: one count (none when assumed), and a lock and a weekly count per candidate a seat's
 * connection requests limit.
 */
export async function pickSender(
  client: Queryable,
  touch: { channel: Channel; kind: TouchKind; place: LeadPlace },
  senders: readonly Sender[],
  earlier: readonly { channel: Channel; sender_id: string | null }[],
  now: Date,
  dayUse: DayUse = 'read',
): Promise<{ pick: SenderPick; assumed: boolean }> {
  const candidates = candidateSenders(senders, earlier, touch.channel);
  if ('paused' in candidates) return { pick: candidates, assumed: false };
  await lockWeeks(client, candidates, touch.kind);
  const assumed = dayUse === 'assume_free' && candidates.length === 1;
  const counts = assumed ? new Map<number, number>() : await sentThatDay(client, candidates, now, touch.kind);
  const options: SenderOption[] = [];
  for (const [order, sender] of candidates.entries()) {
    const schedule = scheduleFor(sender, touch.kind);
    const calendar = sendingCalendar(touch.place, schedule);
    const load = counts.get(sender.id) ?? 0;
    let pace = nextSendMoment({ schedule, calendar, from: now, sentThatDay: load, senderLabel: sender.label });
    if (pace === null) continue;
    const weekly = await weeklyHold(client, sender, touch.kind, now);
    // The weekly limit holds it past the day's own moment: the hold says so.
    if (weekly !== null) pace = weekly.at > pace.at ? weekly : { at: pace.at, hold: pace.hold ?? weekly.hold };
    options.push({ sender, pace, calendar, load, order });
  }
  return { pick: bestOption(options), assumed };
}
