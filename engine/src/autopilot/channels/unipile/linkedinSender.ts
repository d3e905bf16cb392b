import { sendInvitation, userProfile } from '../../../integrations/index.ts';
import type { Clock } from '../../../platform/time.ts';
import type { ChannelSender, CheckOutcome, OutgoingTouch, Sender, SendOutcome } from '../../sequence/ports.ts';
import { linkedinOf } from './contactFields.ts';
import { messageLead } from './conversation.ts';
import { call, type NotSent, refusedForGood, type SeatContext, seatFor } from './seatCalls.ts';
import { seatSenders } from './seats.ts';
import { isConnected, readThread, saveThread } from './threads.ts';

/** A message step to someone not connected yet waits for the invitation, looking again this often, and gives up this long after its date. */
export const INVITE_RECHECK_MS = 12 * 60 * 60_000;
export const INVITE_GIVE_UP_MS = 7 * 24 * 60 * 60_000;

type Checked = Omit<OutgoingTouch, 'message'>;

/**
 * The professional network through Unipile: connection requests (with the note the writer wrote, 300
 * characters at most, or none when the step says `note: false`) and messages (in the lead's chat, or a
 * new one). Before anything is written, the profile is looked up (`check`): a member the network no
 * longer returns is skipped `profile_not_returned`; a connection request to a first-degree connection is
 * skipped `already_connected` (later message steps still run); a message step to someone not connected
 * waits for the invitation to be accepted and gives up a week after its date, `invite_never_accepted`.
 */
export function linkedinSender(options: { context: () => SeatContext | undefined; clock: Clock }): ChannelSender {
  const { clock } = options;

  async function check(touch: Checked, sender: Sender, signal: AbortSignal): Promise<CheckOutcome> {
    const found = await seatFor(options.context(), sender, touch.accountId, clock);
    if ('kind' in found) return found;
    const { seat, context } = found;
    const identifier = linkedinOf(touch.contact.properties);
    if (identifier === null) return { kind: 'skipped', reason: 'no_network_profile', detail: 'the contact has no profile URL on the professional network' };
    const place = { leadId: touch.leadId, accountId: touch.accountId, channel: 'linkedin' as const, seatId: seat.id };

    if (touch.kind === 'message') {
      const thread = await readThread(context.pool, touch.leadId, 'linkedin');
      if (thread?.seatId === seat.id && (await isConnected(context.pool, touch.leadId))) return { kind: 'go' };
    }
    const looked = await call(seat, context, clock, () => userProfile(context.client, seat.unipileAccountId, identifier, signal), refusedForGood);
    if ('outcome' in looked) return looked.outcome;
    const profile = looked.ok;
    if (profile === null) return { kind: 'skipped', reason: 'profile_not_returned', detail: `the network returned no profile for ${identifier}` };
    const connected = profile.networkDistance === 'FIRST_DEGREE';
    // A request already pending counts as the lead's invitation: its acceptance is recorded as ours.
    const pending = !connected && profile.invitationPending;
    await saveThread(context.pool, { ...place, providerUserId: profile.providerId, ...(connected ? { connectedAt: clock.now() } : {}), ...(pending ? { invitedAt: clock.now() } : {}) });

    if (touch.kind === 'connection_request') {
      if (connected) return { kind: 'skipped', reason: 'already_connected', detail: `${identifier} is already a connection of ${seat.label}` };
      if (pending) return { kind: 'skipped', reason: 'already_invited', detail: `${identifier} already has a connection request from ${seat.label} waiting for an answer` };
      return { kind: 'go' };
    }
    if (connected) return { kind: 'go' };
    return waitForInvitation(touch, identifier);
  }

  function waitForInvitation(touch: Checked, identifier: string): NotSent {
    const now = clock.now().getTime();
    const giveUp = touch.plannedAt.getTime() + INVITE_GIVE_UP_MS;
    if (now >= giveUp) return { kind: 'skipped', reason: 'invite_never_accepted', detail: `${identifier} did not accept the connection request within a week of the step's date` };
    return { kind: 'deferred', until: new Date(Math.min(giveUp, now + INVITE_RECHECK_MS)), why: `waits for ${identifier} to accept the connection request (a message needs a connection)` };
  }

  async function send(touch: OutgoingTouch, sender: Sender, signal: AbortSignal): Promise<SendOutcome> {
    const found = await seatFor(options.context(), sender, touch.accountId, clock);
    if ('kind' in found) return found;
    const { seat, context } = found;
    const thread = await readThread(context.pool, touch.leadId, 'linkedin');
    // check() recorded the person on this seat; a thread of another seat (removed since) is looked up again next time.
    if (thread === null || thread.seatId !== seat.id) return { kind: 'deferred', until: clock.now(), why: 'the profile is looked up again on this seat' };

    if (touch.kind === 'connection_request') {
      const note = touch.message.body.trim() === '' ? null : touch.message.body;
      const invited = await call(
        seat,
        context,
        clock,
        () => sendInvitation(context.client, seat.unipileAccountId, thread.providerUserId, note, signal),
        (failure) => (failure.type === 'errors/already_connected' ? { kind: 'skipped', reason: 'already_connected', detail: failure.detail } : refusedForGood(failure)),
      );
      if ('outcome' in invited) return invited.outcome;
      const sentAt = clock.now();
      await saveThread(context.pool, {
        leadId: touch.leadId,
        accountId: touch.accountId,
        channel: 'linkedin',
        seatId: seat.id,
        providerUserId: thread.providerUserId,
        invitationId: invited.ok.invitationId,
        invitedAt: sentAt,
      });
      return { kind: 'sent', messageId: invited.ok.invitationId, sentAt };
    }

    return messageLead(seat, context, clock, { leadId: touch.leadId, accountId: touch.accountId, channel: 'linkedin', thread }, touch.message.body, signal);
  }

  return {
    channel: 'linkedin',
    senders: (db, accountId) => seatSenders(db, accountId, 'linkedin'),
    unreachable: (contact) => (linkedinOf(contact.properties) === null ? 'no_network_profile' : null),
    check,
    send,
  };
}
