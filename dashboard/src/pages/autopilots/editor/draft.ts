import type { AutopilotDocument, AutopilotView, Channel, GoalType, Kind, Operator, Signal, Tone } from './types';
import { arityOf } from './words';

/**
 * The editor's state: the Autopilot document as a person edits it (values as typed text, lists with
 * keys to reorder by), and the document it stands for (`documentOf`). `enabled` is not here: the list
 * switches Autopilots on and off, and a document without it keeps the Autopilot's state.
 */
export interface RuleDraft {
  key: number;
  property: string;
  operator: Operator;
  values: string[];
}

export interface FilterDraft {
  match: 'all' | 'any';
  rules: RuleDraft[];
}

export interface StepDraft {
  key: number;
  day: number | string;
  channel: Channel;
  kind: Kind;
  angle: string;
  subject_angle: string;
  signals: Signal[];
  warm_only: boolean;
  note: boolean;
}

export interface PropertyChangeDraft {
  key: number;
  property: string;
  value: string;
}

export interface Draft {
  name: string;
  fallback: boolean;
  filter: FilterDraft;
  channels: Channel[];
  tone: Tone;
  goal: { type: GoalType; calendar_link: string; pricing_url: string; questions: string[] };
  lead_origin: string;
  threading: boolean;
  sequence: StepDraft[];
  stop_conditions: { reply: boolean; call_connected: boolean; meeting_booked: boolean; invite_accepted: boolean; property_changes: PropertyChangeDraft[] };
}

let lastKey = 0;
/** A key for a new rule, step or stop property: React keeps each one's inputs with it as the list is reordered. */
export const newKey = () => ++lastKey;

export function newRule(): RuleDraft {
  return { key: newKey(), property: '', operator: 'is', values: [] };
}

export function newStep(after?: StepDraft, channels: Channel[] = []): StepDraft {
  const channel = after?.channel ?? channels[0] ?? 'email';
  const kind: Kind = channel === 'email' ? 'email' : channel === 'linkedin' && !after ? 'connection_request' : 'message';
  const day = after ? Number(after.day) + 2 || 1 : 1;
  return { key: newKey(), day, channel, kind, angle: '', subject_angle: '', signals: [], warm_only: false, note: true };
}

export function emptyDraft(): Draft {
  return {
    name: '',
    fallback: false,
    filter: { match: 'all', rules: [] },
    channels: ['email'],
    tone: 'Friendly',
    goal: { type: 'engage', calendar_link: '', pricing_url: '', questions: [] },
    lead_origin: '',
    threading: true,
    sequence: [],
    stop_conditions: { reply: true, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [] },
  };
}

export function draftOf(view: AutopilotView): Draft {
  return {
    name: view.name,
    fallback: view.fallback,
    filter: { match: view.filter.match, rules: view.filter.rules.map((rule) => ({ key: newKey(), property: rule.property, operator: rule.operator, values: rule.values.map(String) })) },
    channels: [...view.channels],
    tone: view.tone,
    goal: { type: view.goal.type, calendar_link: view.goal.calendar_link ?? '', pricing_url: view.goal.pricing_url ?? '', questions: [...(view.goal.questions ?? [])] },
    lead_origin: view.lead_origin ?? '',
    threading: view.threading,
    sequence: view.sequence.map((step) => ({
      key: newKey(),
      day: step.day,
      channel: step.channel,
      kind: step.kind,
      angle: step.angle,
      subject_angle: step.subject_angle ?? '',
      signals: [...step.signals],
      warm_only: step.warm_only ?? false,
      note: step.note ?? true,
    })),
    stop_conditions: {
      ...view.stop_conditions,
      property_changes: view.stop_conditions.property_changes.map((change) => ({ key: newKey(), property: change.property, value: change.value ?? '' })),
    },
  };
}

/** A comparison's value as the engine reads it: a number when it is written as one, else text (a date). */
function comparisonValue(text: string): string | number {
  const trimmed = text.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export function filterDocument(filter: FilterDraft): AutopilotDocument['filter'] {
  return {
    match: filter.match,
    rules: filter.rules.map(({ property, operator, values }) => {
      const arity = arityOf(operator);
      if (arity === 'none') return { property: property.trim(), operator };
      const given = values.filter((value) => value.trim() !== '');
      return { property: property.trim(), operator, values: arity === 'many' ? given.map((value) => value.trim()) : given.map(comparisonValue) };
    }),
  };
}

export function sequenceDocument(steps: StepDraft[]): AutopilotDocument['sequence'] {
  return steps.map((step) => ({
    day: typeof step.day === 'number' ? step.day : Number(step.day),
    channel: step.channel,
    kind: step.kind,
    angle: step.angle,
    ...(step.kind === 'email' && step.subject_angle.trim() !== '' ? { subject_angle: step.subject_angle } : {}),
    signals: step.signals,
    ...(step.warm_only ? { warm_only: true } : {}),
    ...(step.kind === 'connection_request' && !step.note ? { note: false } : {}),
  }));
}

function goalDocument(goal: Draft['goal']): AutopilotDocument['goal'] {
  const questions = goal.questions.filter((question) => question.trim() !== '');
  switch (goal.type) {
    case 'meetings':
      return goal.calendar_link.trim() ? { type: 'meetings', calendar_link: goal.calendar_link.trim() } : { type: 'meetings' };
    case 'self_serve':
      return goal.pricing_url.trim() ? { type: 'self_serve', pricing_url: goal.pricing_url.trim() } : { type: 'self_serve' };
    case 'qualify':
      return questions.length > 0 ? { type: 'qualify', questions } : { type: 'qualify' };
    default:
      return { type: goal.type };
  }
}

/** The Autopilot document the draft stands for, as `PUT /autopilots/{name}` and the preview take it. */
export function documentOf(draft: Draft): AutopilotDocument {
  return {
    name: draft.name,
    fallback: draft.fallback,
    filter: filterDocument(draft.filter),
    channels: draft.channels,
    tone: draft.tone,
    goal: goalDocument(draft.goal),
    lead_origin: draft.lead_origin.trim() === '' ? null : draft.lead_origin,
    threading: draft.threading,
    sequence: sequenceDocument(draft.sequence),
    stop_conditions: {
      ...draft.stop_conditions,
      property_changes: draft.stop_conditions.property_changes.map(({ property, value }) => ({ property: property.trim(), value: value.trim() === '' ? null : value })),
    },
  };
}
