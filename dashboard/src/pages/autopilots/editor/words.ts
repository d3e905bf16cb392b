import type { Channel, GoalType, Kind, Operator, Signal, Tone } from './types';
import { CHANNEL_NAMES, CHANNEL_OPTIONS } from '../../../words/channels';

// The document's allowed values in a CRM admin's words (docs/autopilot.md); each list is checked against the API's types.

/** How many values an operator takes: which inputs the filter builder shows (the engine says what is wrong with them). */
export type Arity = 'many' | 'one' | 'two' | 'none';

export const OPERATORS: { value: Operator; label: string; arity: Arity }[] = [
  { value: 'is', label: 'is', arity: 'many' },
  { value: 'is_not', label: 'is not', arity: 'many' },
  { value: 'contains', label: 'contains', arity: 'many' },
  { value: 'not_contains', label: 'does not contain', arity: 'many' },
  { value: 'gt', label: 'is greater than', arity: 'one' },
  { value: 'gte', label: 'is at least', arity: 'one' },
  { value: 'lt', label: 'is less than', arity: 'one' },
  { value: 'lte', label: 'is at most', arity: 'one' },
  { value: 'between', label: 'is between', arity: 'two' },
  { value: 'is_known', label: 'is known', arity: 'none' },
  { value: 'is_unknown', label: 'is unknown', arity: 'none' },
];

export const arityOf = (operator: Operator): Arity => OPERATORS.find((entry) => entry.value === operator)!.arity;

export const CHANNELS: readonly { value: Channel; label: string }[] = CHANNEL_OPTIONS;

/** What a step can send: each channel with the kinds it has. */
export const STEP_KINDS: { channel: Channel; kind: Kind; label: string }[] = [
  { channel: 'email', kind: 'email', label: CHANNEL_NAMES.email },
  { channel: 'linkedin', kind: 'connection_request', label: `${CHANNEL_NAMES.linkedin}: connection request` },
  { channel: 'linkedin', kind: 'message', label: `${CHANNEL_NAMES.linkedin}: message` },
  { channel: 'whatsapp', kind: 'message', label: `${CHANNEL_NAMES.whatsapp}: message` },
  { channel: 'telegram', kind: 'message', label: `${CHANNEL_NAMES.telegram}: message` },
];

export const SIGNALS: { value: Signal; label: string }[] = [
  { value: 'posts', label: 'Their posts' },
  { value: 'company_posts', label: 'Company posts' },
  { value: 'news', label: 'News' },
  { value: 'role', label: 'Role' },
  { value: 'technologies', label: 'Technologies' },
  { value: 'problems', label: 'Problems' },
  { value: 'services', label: 'Services' },
  { value: 'synergy_points', label: 'Synergy points' },
  { value: 'insights', label: 'Insights' },
  { value: 'discovery_questions', label: 'Discovery questions' },
];

export const TONES: Tone[] = ['Friendly', 'Direct', 'Formal', 'Founder'];

export const GOALS: { value: GoalType; label: string }[] = [
  { value: 'engage', label: 'Engage: start a conversation' },
  { value: 'meetings', label: 'Meetings: book a call' },
  { value: 'self_serve', label: 'Self-serve: send them to pricing' },
  { value: 'qualify', label: 'Qualify: ask questions' },
];

/** The document's limits (docs/autopilot.md, "Limits"): the builder offers no more than these. */
export const MAX_RULES = 3;
export const MAX_STEPS = 20;
export const MAX_QUESTIONS = 3;
export const MAX_PROPERTY_CHANGES = 10;
