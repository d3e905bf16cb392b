import { sendMessage, startChat } from '../../../integrations/index.ts';
import type { Clock } from '../../../platform/time.ts';
import type { SendOutcome } from '../../sequence/ports.ts';
import type { SeatChannel } from './contract.ts';
import { call, type NotSent, refusedForGood, type SeatContext } from './seatCalls.ts';
import type { Seat } from './seats.ts';
import { type ChannelThread, saveThread } from './threads.ts';

/**
 * A message to the lead from its seat: in the lead's chat when the thread has one, else (none yet, or
 * the chat is gone: 404) in a new chat started with it, whose id the thread keeps. `refusedToStart`
 * says what a refusal to open a chat means on the channel; a refusal in an open chat is for good.
 */
export async function messageLead(
  seat: Seat,
  context: SeatContext,
  clock: Clock,
  lead: { leadId: number; accountId: number; channel: SeatChannel; thread: ChannelThread },
  body: string,
  signal: AbortSignal,
  refusedToStart: (failure: { status: number; type: string; detail: string }) => NotSent = refusedForGood,
): Promise<SendOutcome> {
  const { thread } = lead;
  if (thread.chatId !== null) {
    const chatId = thread.chatId;
    const inChat = await call(seat, context, clock, () => sendMessage(context.client, seat.unipileAccountId, chatId, body, signal), refusedForGood);
    if ('outcome' in inChat) return inChat.outcome;
    if (inChat.ok !== null) return { kind: 'sent', messageId: inChat.ok.messageId, sentAt: clock.now() };
  }
  const started = await call(seat, context, clock, () => startChat(context.client, seat.unipileAccountId, thread.providerUserId, body, signal), refusedToStart);
  if ('outcome' in started) return started.outcome;
  await saveThread(context.pool, { leadId: lead.leadId, accountId: lead.accountId, channel: lead.channel, seatId: seat.id, providerUserId: thread.providerUserId, chatId: started.ok.chatId });
  return { kind: 'sent', messageId: started.ok.messageId, sentAt: clock.now() };
}
