/**
 * The seams of the sequence runtime: what it asks of a channel (send a touch, say who can send), of
 * the per-lead writer (write a message), and what channels tell it back (a reply, a bounce, an
 * unsubscribe). The runtime (sequence/), the writer (writer/) and each channel (channels/<name>/)
 * meet only here, so a channel arrives as one folder that implements `ChannelSender` and reports
 * through `LeadSignals`.
 */
import type { Queryable } from '../../platform/database/database.ts';
import type { SendingSchedule } from '../../senders/index.ts';
import type { AutopilotDocument, Channel, ContactProperties, SenderIdentity, Signal, StoredTouch, TouchKind } from '../contract.ts';

/** The graphile-worker task that sends one touch, and the key of its job: `graphile_worker.remove_job(touchJobKey(id))` cancels it. */
export const SEND_TOUCH_TASK = 'send_touch';
export const touchJobKey = (touchId: number | string): string => `touch:${touchId}`;

/** The spec's skip reasons on a touch, plus the second connection request it says never acts. */
export const SKIP_REASONS = [
  'no_phone_number',
  'no_chat_username',
  'no_network_profile',
  'already_connected',
  'profile_not_returned',
  'invite_never_accepted',
  'never_warmed_up',
  'could_not_write',
  'nothing_to_follow_up',
  'address_bounced',
  'second_connection_request',
  /** Addition: the account has no mailbox or seat on the touch's channel (or none the runtime was given), so it cannot act. */
  'no_sender',
  /** Addition: the contact has no e-mail address any more (the CRM removed it after enrolment). */
  'no_email_address',
  /** Addition: the provider refused this touch for good (the network will not let this person be invited or written to); the detail says what it answered. */
  'provider_refused',
  /** Addition: a connection request to someone who already has one pending from the seat (sent by hand, say): none is sent again; later message steps wait for it to be accepted. */
  'already_invited',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** One mailbox or seat that can send on a channel, with its schedule (senders/schedule.ts). */
export interface Sender {
  id: number;
  channel: Channel;
  /** How the runtime names it in a timeline and in logs (an address, a seat's name). */
  label: string;
  schedule: SendingSchedule;
  /**
   * A seat of the professional network: connection requests count against these (in the sender's day,
   * and in any 7 days), messages against `schedule.dailyLimit`. Absent: every touch counts against the daily limit.
   */
  invitationLimits?: { perDay: number; perWeek: number };
  /** Why the sender cannot send at all for now (a disconnected seat): its touches are held with these words. */
  pausedBecause?: string;
}

/** A written message. `subject` only on an e-mail that starts a thread. */
export interface WrittenMessage {
  subject: string | null;
  body: string;
}

/** A touch ready to go: what the channel needs to send it. */
export interface OutgoingTouch {
  touchId: number;
  accountId: number;
  leadId: number;
  channel: Channel;
  kind: TouchKind;
  step: number;
  /** When the lead's plan put this touch (a step that waits gives up counting from here). */
  plannedAt: Date;
  contact: { id: string; email: string | null; properties: ContactProperties };
  message: WrittenMessage;
  /** This lead's touches sent earlier on this channel, oldest first (e-mail threading: In-Reply-To, References). */
  earlier: { messageId: string | null; subject: string | null; sentAt: Date }[];
  /** The account's sender identity and signature (required before an e-mail step sends). */
  identity: SenderIdentity;
  signature: string | null;
  /** Where the lead unsubscribes with one click (List-Unsubscribe, RFC 8058). */
  unsubscribeUrl: string;
  /** The account's content language (`en`, `pl`...): the words a channel adds itself, such as the e-mail footer's unsubscribe line. English when absent. */
  language?: string;
}

/** What became of a send. */
export type SendOutcome =
  | { kind: 'sent'; messageId: string | null; sentAt: Date }
  /** It can never go out: recorded with the spec's reason. */
  | { kind: 'skipped'; reason: SkipReason; detail?: string }
  /** Not now (a provider's rate limit, a mailbox refusing for a while, a disconnected account): rescheduled, never skipped. */
  | { kind: 'deferred'; until: Date; why: string };

/** What a channel's look before writing says: go on, or already the touch's outcome (a skip, a deferral). */
export type CheckOutcome = { kind: 'go' } | Extract<SendOutcome, { kind: 'skipped' | 'deferred' }>;

/** A channel as the runtime sees it. */
export interface ChannelSender {
  readonly channel: Channel;
  /** The account's senders on this channel, in a stable order; none means the channel cannot act for the account. */
  senders(db: Queryable, accountId: number): Promise<Sender[]>;
  /** Why this contact can never be reached on the channel (no address, no phone number), or null. */
  unreachable(contact: OutgoingTouch['contact'], kind: TouchKind): SkipReason | null;
  /**
   * Optional: asked once the touch is claimed and before its message is written, so no model call is
   * spent on a touch that cannot go now (a profile the network no longer returns, a message step whose
   * connection request is not accepted yet). A deferral holds the touch; a skip records it.
   */
  check?(touch: Omit<OutgoingTouch, 'message'>, sender: Sender, signal: AbortSignal): Promise<CheckOutcome>;
  send(touch: OutgoingTouch, sender: Sender, signal: AbortSignal): Promise<SendOutcome>;
}

/** Which question of a Qualify goal a message asks, and the goal's input as the writer uses it. */
export type WriterGoal =
  | { type: 'engage' }
  | { type: 'meetings'; calendar_link: string }
  | { type: 'self_serve'; pricing_url: string }
  | {
      type: 'qualify';
      question: string;
      questionIndex: number;
      /** The goal's questions in order (optional, additive): the writer checks the message asks `question` and none of the others. */
      questions?: string[];
    };

/** Everything the per-lead writer is given for one touch, at send time. */
export interface MessageRequest {
  accountId: number;
  leadId: number;
  language: string;
  channel: Channel;
  kind: TouchKind;
  step: StoredTouch;
  /** The step's subject angle when this e-mail starts the thread; null otherwise (no subject is written). */
  subjectAngle: string | null;
  tone: AutopilotDocument['tone'];
  goal: WriterGoal;
  /** The lead origin sentence, only for the lead's first message (its opening line); null otherwise. */
  leadOrigin: string | null;
  /** The research brief's data (`GET /research-status/{id}`'s `data`), or null when there is none. */
  brief: Record<string, unknown> | null;
  signals: Signal[];
  product: { name: string; description: string; features: string[]; customers: string[] };
  identity: SenderIdentity | null;
  signature: string | null;
  contact: { id: string; properties: ContactProperties };
  /** The lead's messages already sent, oldest first (a follow-up builds on something new, or skips). */
  earlier: {
    channel: Channel;
    kind: TouchKind;
    body: string;
    sentAt: Date;
    /**
     * Optional, additive: the keys of the research facts that message was written from (`MessageResult.facts`
     * when it was written). Stored with the touch and handed back, they tell a follow-up which facts are
     * still new; without them the writer falls back on the earlier text (writer/followUp.ts).
     */
    facts?: string[];
  }[];
}

export type MessageResult =
  | {
      kind: 'written';
      message: WrittenMessage;
      writerCalls: number;
      /** Answers the checks turned down before this one (the first answer, when the repair turn fixed it). */
      rejections: { reason: string; text: string }[];
      /** Optional, additive: keys of the research facts the message was written from; store them and pass them back in `earlier[].facts`. */
      facts?: string[];
    }
  | {
      kind: 'skipped';
      reason: 'could_not_write' | 'nothing_to_follow_up';
      detail: string;
      writerCalls: number;
      /** Optional, additive: each answer turned down, with why (could_not_write). */
      rejections?: { reason: string; text: string }[];
    };

export interface MessageWriter {
  write(request: MessageRequest, signal: AbortSignal): Promise<MessageResult>;
}

/**
 * Where a lead unsubscribes with one click (the `List-Unsubscribe` of its e-mails): a signed link the
 * unsubscribe endpoint verifies. Given to the Autopilot module; without it e-mail steps wait (see docs).
 */
export type UnsubscribeLinks = (lead: { accountId: number; leadId: number }) => string;

/** What channels report about a lead; the runtime ends leads and touches accordingly, idempotently (a signal may come twice or late). */
export interface LeadSignals {
  /** A human reply (never an auto-reply: the channel filters those) to one of the lead's touches. */
  replied(event: { accountId: number; leadId: number; channel: Channel; occurredAt: Date; dedupeKey: string; text?: string }): Promise<void>;
  /**
   * An auto-reply (an out-of-office, a vacation notice) to one of the lead's touches, with what marks it
   * as one (`reason`: a header, its subject): recorded on the lead's timeline, never a reply; nothing ends.
   */
  autoReplied?(event: { accountId: number; leadId: number; channel: Channel; occurredAt: Date; dedupeKey: string; text?: string; reason: string }): Promise<void>;
  /** The address stopped accepting mail: the lead's e-mail steps end ("address_bounced"), other channels go on. */
  bounced(event: { accountId: number; leadId: number; channel: Channel; occurredAt: Date; dedupeKey: string }): Promise<void>;
  /** The lead asked to hear no more. */
  unsubscribed(event: { accountId: number; leadId: number; occurredAt: Date; dedupeKey: string }): Promise<void>;
  /**
   * The lead accepted a connection request (the professional network): a win (`invite_accepted`) when its
   * Autopilot's stop condition `invite_accepted` is on, else recorded as a connection and the sequence goes on.
   */
  inviteAccepted?(event: { accountId: number; leadId: number; channel: Channel; occurredAt: Date; dedupeKey: string }): Promise<void>;
}
