import type { Channel, TouchKind } from '../contract.ts';

/**
 * How long a written message may be, per channel and kind: the one writing rule an angle can never
 * lift. `body` is the most a channel takes, or our own ceiling where the channel's is far above what a
 * first-contact message should be (an angle asking for "a long, detailed e-mail" still stops there).
 * `aim` is the length the model is asked for when the angle does not say. Lengths are counted in
 * UTF-16 code units (JavaScript's `length`), which is what the professional network's 300-character
 * note limit counts too, and never fewer than the characters a reader sees.
 *
 * | channel  | kind               | body max | why                                                                  |
 * | email    | email              | 2,000    | ours: e-mail has no limit; the signature and identity block come after |
 * | linkedin | connection_request | 300      | the network's limit for an invitation note                           |
 * | linkedin | message            | 1,900    | ours: the network takes 8,000                                         |
 * | whatsapp | message            | 1,000    | ours: the app takes 65,536 (its Business API 4,096)                  |
 * | telegram | message            | 1,000    | ours: the app takes 4,096                                             |
 *
 * An e-mail subject (only on the e-mail that starts a thread) is one line of at most 80 characters.
 */
export interface LengthLimit {
  body: number;
  aim: string;
}

export const SUBJECT_MAX_LENGTH = 80;

const LIMITS: Record<`${Channel}/${TouchKind}`, LengthLimit | undefined> = {
  'email/email': { body: 2_000, aim: '60 to 150 words' },
  'linkedin/connection_request': { body: 300, aim: 'one to three short sentences, well under 300 characters' },
  'linkedin/message': { body: 1_900, aim: '40 to 120 words' },
  'whatsapp/message': { body: 1_000, aim: '20 to 80 words' },
  'telegram/message': { body: 1_000, aim: '20 to 80 words' },
  'email/connection_request': undefined,
  'email/message': undefined,
  'linkedin/email': undefined,
  'whatsapp/email': undefined,
  'whatsapp/connection_request': undefined,
  'telegram/email': undefined,
  'telegram/connection_request': undefined,
};

/** The limit of a channel's kind; undefined for a kind the channel does not send (contract.ts CHANNEL_KINDS). */
export function lengthLimit(channel: Channel, kind: TouchKind): LengthLimit | undefined {
  return LIMITS[`${channel}/${kind}`];
}
