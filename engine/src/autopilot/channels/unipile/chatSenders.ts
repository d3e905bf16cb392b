import { userProfile } from '../../../integrations/index.ts';
import type { Clock } from '../../../platform/time.ts';
import type { ChannelSender, CheckOutcome, OutgoingTouch, Sender, SendOutcome } from '../../sequence/ports.ts';
import { phoneOf, telegramOf } from './contactFields.ts';
import type { SeatChannel } from './contract.ts';
import { messageLead } from './conversation.ts';
import { call, type NotSent, refusedForGood, type SeatContext, seatFor } from './seatCalls.ts';
import type { Seat } from './seats.ts';
import { seatSenders } from './seats.ts';
import { readThread, saveThread } from './threads.ts';

type Checked = Omit<OutgoingTouch, 'message'>;

/** How a chat app finds the contact: its handle (a phone number, a username), the person's id for it, and the skip when it has none. */
interface ChatApp {
  channel: Extract<SeatChannel, 'whatsapp' | 'telegram'>;
  handle(touch: Checked): string | null;
  missing: NotSent & { kind: 'skipped' };
  /** The person's provider id, or the touch's outcome when the app has no such person. */
  person(handle: string, seat: Seat, context: SeatContext, signal: AbortSignal): Promise<{ providerUserId: string } | NotSent>;
  /** What a refusal to open a conversation means on this app. */
  refusedToStart(handle: string, failure: { status: number; type: string; detail: string }): NotSent;
}

/**
 * A chat app through Unipile: the lead's conversation (autopilot_channel_threads) when there is one,
 * else a new one started with the first message. `check` finds the person before anything is written.
 */
function chatSender(app: ChatApp, options: { context: () => SeatContext | undefined; clock: Clock }): ChannelSender {
  const { clock } = options;

  async function check(touch: Checked, sender: Sender, signal: AbortSignal): Promise<CheckOutcome> {
    const found = await seatFor(options.context(), sender, touch.accountId, clock);
    if ('kind' in found) return found;
    const { seat, context } = found;
    const handle = app.handle(touch);
    if (handle === null) return app.missing;
    const thread = await readThread(context.pool, touch.leadId, app.channel);
    if (thread?.seatId === seat.id) return { kind: 'go' };
    const person = await app.person(handle, seat, context, signal);
    if ('kind' in person) return person;
    await saveThread(context.pool, { leadId: touch.leadId, accountId: touch.accountId, channel: app.channel, seatId: seat.id, providerUserId: person.providerUserId });
    return { kind: 'go' };
  }

  async function send(touch: OutgoingTouch, sender: Sender, signal: AbortSignal): Promise<SendOutcome> {
    const found = await seatFor(options.context(), sender, touch.accountId, clock);
    if ('kind' in found) return found;
    const { seat, context } = found;
    const thread = await readThread(context.pool, touch.leadId, app.channel);
    if (thread === null || thread.seatId !== seat.id) return { kind: 'deferred', until: clock.now(), why: 'the person is looked up again on this seat' };
    const handle = app.handle(touch) ?? thread.providerUserId;
    return messageLead(seat, context, clock, { leadId: touch.leadId, accountId: touch.accountId, channel: app.channel, thread }, touch.message.body, signal, (failure) =>
      app.refusedToStart(handle, failure),
    );
  }

  return {
    channel: app.channel,
    senders: (db, accountId) => seatSenders(db, accountId, app.channel),
    unreachable: (contact) => (app.handle({ contact } as Checked) === null ? app.missing.reason : null),
    check,
    send,
  };
}

/** WhatsApp's id of a phone number: its digits, without `+`, at `s.whatsapp.net` (Unipile's documented form). */
export const whatsappId = (e164: string): string => `${e164.replace(/^\+/, '')}@s.whatsapp.net`;

/**
 * The messaging app (WhatsApp), by the contact's phone number in E.164: a contact without a valid number
 * is skipped `no_phone_number`, and so is a number no WhatsApp account uses (Unipile answers 404 for it).
 */
export function whatsappSender(options: { context: () => SeatContext | undefined; clock: Clock }): ChannelSender {
  return chatSender(
    {
      channel: 'whatsapp',
      handle: (touch) => phoneOf(touch.contact.properties),
      missing: { kind: 'skipped', reason: 'no_phone_number', detail: 'the contact has no valid phone number' },
      async person(phone, seat, context, signal) {
        const id = whatsappId(phone);
        const looked = await call(seat, context, options.clock, () => userProfile(context.client, seat.unipileAccountId, id, signal), refusedForGood);
        if ('outcome' in looked) return looked.outcome;
        if (looked.ok === null) return { kind: 'skipped', reason: 'no_phone_number', detail: `no WhatsApp account uses ${phone}` };
        return { providerUserId: looked.ok.providerId };
      },
      refusedToStart: (_phone, failure) => refusedForGood(failure),
    },
    options,
  );
}

/**
 * The chat app (Telegram), by the contact's username: a contact without one is skipped
 * `no_chat_username`, and so is a username Telegram does not know (404). Telegram lets an account write
 * first only to people whose privacy settings allow it: when it refuses to open a conversation the
 * account never had (Unipile answers 4xx), the touch is skipped `no_chat_username` with what Telegram
 * said. Waiting would not help (the person's setting decides, not time), and the lead's other
 * channels go on.
 */
export function telegramSender(options: { context: () => SeatContext | undefined; clock: Clock }): ChannelSender {
  return chatSender(
    {
      channel: 'telegram',
      handle: (touch) => telegramOf(touch.contact.properties),
      missing: { kind: 'skipped', reason: 'no_chat_username', detail: 'the contact has no Telegram username' },
      async person(username, seat, context, signal) {
        const looked = await call(seat, context, options.clock, () => userProfile(context.client, seat.unipileAccountId, username, signal), refusedForGood);
        if ('outcome' in looked) return looked.outcome;
        if (looked.ok === null) return { kind: 'skipped', reason: 'no_chat_username', detail: `Telegram has no user @${username}` };
        return { providerUserId: looked.ok.providerId };
      },
      refusedToStart: (username, failure) => ({
        kind: 'skipped',
        reason: 'no_chat_username',
        detail: `Telegram would not open a conversation with @${username} (${failure.type}: ${failure.detail}); their privacy settings allow messages only from people they know`,
      }),
    },
    options,
  );
}
