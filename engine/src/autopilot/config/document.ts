import {
  type AutopilotDocument,
  type AutopilotInput,
  autopilotInputSchema,
  type Channel,
  CHANNEL_KINDS,
  CHANNELS,
  type Filter,
  type GoalType,
  NAME_MAX_LENGTH,
  OPERATORS,
  type Operator,
  type StoredFilter,
  type StoredRule,
  TOUCH_KINDS,
} from '../contract.ts';
import { type Operand, operandFor, WITHOUT_VALUES } from '../filter/compile.ts';
import { describeRule } from '../filter/phrases.ts';
import { isRecord, pointer, prepare, type Problem, Problems, schemaCheck, shown } from '../../platform/validation/index.ts';
import { isReservedName, normaliseName } from './names.ts';
import { storedTouch } from './store.ts';

/**
 * A document that passed validation, normalised: every field present, text trimmed, comparison
 * values read (numbers as numbers). `enabled` is undefined when the document leaves it out (the
 * Autopilot then keeps its current state).
 */
export type AutopilotDraft = Omit<AutopilotDocument, 'enabled'> & { enabled: boolean | undefined };

export interface Validation {
  /** Present when the document has no `error`. */
  draft?: AutopilotDraft;
  /** Every problem: errors, what blocks enabling, and warnings about this document alone. */
  problems: Problem[];
}

const checkSchema = schemaCheck(autopilotInputSchema);

/** Optional text where blank means "none": automation tools send empty strings for unmapped fields. */
function blankToNull(input: Record<string, unknown>): void {
  if (input.lead_origin === '') input.lead_origin = null;
  for (const step of Array.isArray(input.sequence) ? input.sequence : []) {
    if (isRecord(step) && step.subject_angle === '') step.subject_angle = null;
  }
  const stops = input.stop_conditions;
  for (const change of isRecord(stops) && Array.isArray(stops.property_changes) ? stops.property_changes : []) {
    if (isRecord(change) && change.value === '') change.value = null;
  }
}

/**
 * Validates an Autopilot document and explains every problem in a CRM admin's words: which rule,
 * which value, why. Never throws on any input.
 */
export function validateAutopilot(input: unknown): Validation {
  const problems = new Problems();
  const prepared = prepare(input, problems);
  if (!isRecord(prepared)) {
    problems.error('', 'An Autopilot is a set of fields (a JSON object or a YAML mapping) with at least name, filter, channels, tone, goal and sequence');
    return { problems: problems.list };
  }
  blankToNull(prepared);
  checkSchema(prepared, problems);
  checkName(prepared, problems);
  checkFilter(prepared.filter, problems);
  checkGoal(prepared.goal, problems);
  checkSequence(prepared.sequence, problems);
  if (problems.hasErrors) {
    // What would keep it from being switched on is worth knowing now too, when those parts are sound.
    const sound = ['/goal', '/sequence', '/channels'].every((path) => prepared[path.slice(1)] !== undefined && !problems.hasErrorAt(path));
    const later = sound ? enablingProblems(prepared as unknown as Pick<AutopilotDocument, 'goal' | 'sequence' | 'channels'>) : [];
    return { problems: [...problems.list, ...later] };
  }
  const draft = normalise(prepared);
  return { draft, problems: [...problems.list, ...enablingProblems(draft), ...documentWarnings(draft)] };
}

function checkName(input: Record<string, unknown>, problems: Problems): void {
  if (typeof input.name !== 'string') return;
  if (isReservedName(input.name)) {
    problems.error('/name', `"${input.name}" cannot name an Autopilot: PUT /autopilots/order reorders them, so the name is reserved`);
  }
  // The schema counts characters; a URL's path segment is limited in UTF-16 units, where an emoji is two.
  const name = normaliseName(input.name);
  if ([...name].length <= NAME_MAX_LENGTH && name.length > NAME_MAX_LENGTH) {
    problems.error('/name', `"name" is too long: at most ${NAME_MAX_LENGTH} characters, an emoji counting as two, and it has ${name.length}`);
  }
}

/** `Rule 2 (numberofemployees between)`: the rule as written, even when it is broken. */
function ruleLabel(rule: Record<string, unknown>, index: number): string {
  const words = [rule.property, rule.operator].filter((word) => typeof word === 'string' && word !== '');
  return `Rule ${index + 1}${words.length > 0 ? ` (${words.join(' ')})` : ''}`;
}

const VALUE_COUNT: Record<Operator, { min: number; max: number; says: string }> = {
  is: { min: 1, max: Infinity, says: 'at least one value (several mean any of them)' },
  is_not: { min: 1, max: Infinity, says: 'at least one value (several mean any of them)' },
  contains: { min: 1, max: Infinity, says: 'at least one piece of text (several mean any of them)' },
  not_contains: { min: 1, max: Infinity, says: 'at least one piece of text (several mean any of them)' },
  gt: { min: 1, max: 1, says: 'exactly one value, a number or a date' },
  gte: { min: 1, max: 1, says: 'exactly one value, a number or a date' },
  lt: { min: 1, max: 1, says: 'exactly one value, a number or a date' },
  lte: { min: 1, max: 1, says: 'exactly one value, a number or a date' },
  between: { min: 2, max: 2, says: 'exactly two values, the lower and the upper bound (both included)' },
  is_known: { min: 0, max: 0, says: 'no values' },
  is_unknown: { min: 0, max: 0, says: 'no values' },
};

/** What the schema cannot say about rules: how many values each operator takes, and what they must be. */
function checkFilter(filter: unknown, problems: Problems): void {
  if (!isRecord(filter) || !Array.isArray(filter.rules)) return;
  filter.rules.forEach((rule, index) => {
    if (!isRecord(rule) || !(OPERATORS as readonly unknown[]).includes(rule.operator)) return;
    const operator = rule.operator as Operator;
    const label = ruleLabel(rule, index);
    const values = rule.values === undefined ? [] : rule.values;
    if (!Array.isArray(values)) return;
    const count = VALUE_COUNT[operator];
    if (values.length < count.min || values.length > count.max) {
      const has = values.length === 0 ? 'none' : String(values.length);
      problems.error(pointer('filter', 'rules', index, 'values'), `${label}: "${operator}" takes ${count.says}; it has ${has}`);
      if (values.length > count.max) return;
    }
    const operands: Operand[] = [];
    values.forEach((value, j) => {
      if (!['string', 'number', 'boolean'].includes(typeof value)) return;
      const operand = operandFor(operator, value as string | number | boolean);
      const at = pointer('filter', 'rules', index, 'values', j);
      const valueLabel = `${label}, value ${j + 1}`;
      if (operand === 'empty') problems.error(at, `${valueLabel} is empty`);
      else if (operand === 'not_text') problems.error(at, `${valueLabel}: "${operator}" looks for text; ${shown(value)} is not text`);
      else if (operand === 'needs_offset') problems.error(at, `${valueLabel}: ${shown(value)} has a time but no offset; add Z for UTC (2024-03-01T09:30:00Z) or an offset such as +02:00`);
      else if (operand === 'not_comparable') {
        problems.error(at, `${valueLabel}: "${operator}" compares numbers or dates, and ${shown(value)} is neither (write numbers like 50 or 12.5, dates like 2024-03-01)`);
      } else operands.push(operand);
    });
    if (operator === 'between' && operands.length === 2) checkBounds(operands as [Operand, Operand], label, index, problems);
  });
}

function checkBounds([lower, upper]: [Operand, Operand], label: string, index: number, problems: Problems): void {
  const at = pointer('filter', 'rules', index, 'values');
  if ((lower.kind === 'number') !== (upper.kind === 'number')) {
    problems.error(at, `${label}: both bounds must be numbers or both dates; got ${lower.display} and ${upper.display}`);
    return;
  }
  const key = (operand: Operand) => (operand.kind === 'number' ? operand.value : operand.kind === 'day' ? Date.parse(operand.day) : operand.kind === 'instant' ? operand.ms : 0);
  if (key(lower) > key(upper)) {
    problems.error(at, `${label}: the lower bound ${lower.display} is above the upper bound ${upper.display}; write the lower one first`);
  }
}

const GOAL_INPUT: Record<GoalType, 'calendar_link' | 'pricing_url' | 'questions' | undefined> = {
  engage: undefined,
  meetings: 'calendar_link',
  self_serve: 'pricing_url',
  qualify: 'questions',
};

function checkGoal(goal: unknown, problems: Problems): void {
  if (!isRecord(goal) || typeof goal.type !== 'string' || !(goal.type in GOAL_INPUT)) return;
  const type = goal.type as GoalType;
  for (const [owner, field] of Object.entries(GOAL_INPUT)) {
    if (field && owner !== type && goal[field] !== undefined) {
      problems.error(pointer('goal', field), `"goal.${field}" belongs to the ${owner} goal, and this goal is ${type}; remove it`);
    }
  }
  for (const field of ['calendar_link', 'pricing_url'] as const) {
    const value = goal[field];
    if (typeof value === 'string' && value !== '' && !isWebUrl(value)) {
      problems.error(pointer('goal', field), `"goal.${field}" must be a web address starting with https:// (or http://); got ${shown(value)}`);
    }
  }
}

export function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && !url.username && !url.password;
}

function checkSequence(sequence: unknown, problems: Problems): void {
  if (!Array.isArray(sequence)) return;
  let previous: { day: number; step: number } | undefined;
  sequence.forEach((step, index) => {
    if (!isRecord(step)) return;
    const label = `Step ${index + 1}`;
    const { channel, kind, day } = step;
    if ((CHANNELS as readonly unknown[]).includes(channel) && (TOUCH_KINDS as readonly unknown[]).includes(kind)) {
      const kinds = CHANNEL_KINDS[channel as Channel];
      if (!kinds.includes(kind as never)) {
        problems.error(pointer('sequence', index, 'kind'), `${label}: ${channel} sends ${kinds.map((k) => `"${k}"`).join(' or ')}, not "${kind}"`);
      }
    }
    if (step.subject_angle !== undefined && step.subject_angle !== null && kind !== undefined && kind !== 'email') {
      problems.error(pointer('sequence', index, 'subject_angle'), `${label}: only e-mail steps have a subject; remove "subject_angle"`);
    }
    if (step.note !== undefined && kind !== undefined && kind !== 'connection_request') {
      problems.error(pointer('sequence', index, 'note'), `${label}: only connection requests have a note; remove "note"`);
    }
    if (Number.isInteger(day)) {
      if (previous && (day as number) < previous.day) {
        problems.error(pointer('sequence', index, 'day'), `${label} is on day ${day}, before step ${previous.step} on day ${previous.day}; list the steps in the order they go out`);
      }
      previous = { day: day as number, step: index + 1 };
    }
  });
}

/** The validated document with every field present; comparison values read once (numbers as numbers). */
function normalise(input: Record<string, unknown>): AutopilotDraft {
  const document = input as unknown as AutopilotInput;
  const { goal } = document;
  const stops = document.stop_conditions ?? {};
  const goalInput = GOAL_INPUT[goal.type];
  return {
    name: normaliseName(document.name),
    enabled: document.enabled,
    fallback: document.fallback ?? false,
    filter: normaliseFilter(document.filter),
    channels: document.channels,
    tone: document.tone,
    goal: {
      type: goal.type,
      ...(goalInput === 'questions' ? { questions: goal.questions ?? [] } : goalInput && goal[goalInput] !== undefined ? { [goalInput]: goal[goalInput] } : {}),
    },
    lead_origin: document.lead_origin ?? null,
    threading: document.threading ?? true,
    sequence: document.sequence.map(storedTouch),
    stop_conditions: {
      reply: stops.reply ?? true,
      call_connected: stops.call_connected ?? true,
      meeting_booked: stops.meeting_booked ?? true,
      invite_accepted: stops.invite_accepted ?? false,
      property_changes: (stops.property_changes ?? []).map(({ property, value }) => ({ property, value: value ?? null })),
    },
  };
}

function normaliseFilter(filter: Filter): StoredFilter {
  return {
    match: filter.match ?? 'all',
    rules: filter.rules.map((rule): StoredRule => {
      if (WITHOUT_VALUES.includes(rule.operator)) return { property: rule.property, operator: rule.operator, values: [] };
      const values = (rule.values ?? []).map((value) => {
        const operand = operandFor(rule.operator, value) as Operand;
        if (operand.kind === 'number') return operand.value;
        // `is true` keeps its true: the contact's "true" or "TRUE" matches it.
        return typeof value === 'boolean' ? value : operand.display;
      });
      return { property: rule.property, operator: rule.operator, values };
    }),
  };
}

/** What keeps a document from being switched on: a goal without its input, nothing to send, or steps on channels it lacks. */
export function enablingProblems(document: Pick<AutopilotDocument, 'goal' | 'sequence' | 'channels'>): Problem[] {
  const problems = new Problems();
  const { goal } = document;
  if (goal.type === 'meetings' && !goal.calendar_link) {
    problems.blocksEnabling('/goal/calendar_link', 'The meetings goal needs "calendar_link", the link leads book a meeting with');
  }
  if (goal.type === 'self_serve' && !goal.pricing_url) {
    problems.blocksEnabling('/goal/pricing_url', 'The self_serve goal needs "pricing_url", the pricing page leads are sent to');
  }
  if (goal.type === 'qualify' && (goal.questions ?? []).length === 0) {
    problems.blocksEnabling('/goal/questions', 'The qualify goal needs 1 to 3 "questions", asked in order, one per message');
  }
  if (document.sequence.length === 0) problems.blocksEnabling('/sequence', 'The sequence has no steps, so there is nothing to send');
  const missing = new Map<Channel, number>();
  document.sequence.forEach((step, index) => {
    if (!document.channels.includes(step.channel) && !missing.has(step.channel)) missing.set(step.channel, index);
  });
  for (const [channel, index] of missing) {
    const have = document.channels.length === 0 ? 'it has none' : `it has ${document.channels.join(', ')}`;
    problems.blocksEnabling(
      pointer('sequence', index, 'channel'),
      `Step ${index + 1} sends on ${channel}, which is not among this Autopilot's channels (${have}); add "${channel}" to "channels" or change the step`,
    );
  }
  return problems.list;
}

/** Probably not what was meant, though the document is usable: steps that can never act or texts that are ignored. */
export function documentWarnings(document: Omit<AutopilotDocument, 'enabled'>): Problem[] {
  const problems = new Problems();
  let requests = 0;
  let emails = 0;
  document.sequence.forEach((step, index) => {
    if (step.kind === 'connection_request' && ++requests === 2) {
      problems.warning(pointer('sequence', index), `Step ${index + 1}: a second connection request in one sequence can never act, so it will be skipped`);
    }
    if (step.kind === 'email' && ++emails > 1 && step.subject_angle !== null && document.threading) {
      problems.warning(pointer('sequence', index, 'subject_angle'), `Step ${index + 1}: later e-mails reply in the first e-mail's thread ("threading" is on), so this subject angle is not used`);
    }
  });
  if (document.stop_conditions.invite_accepted && requests === 0) {
    problems.warning('/stop_conditions/invite_accepted', 'The invite_accepted stop condition can never fire: no step sends a connection request');
  }
  if (document.lead_origin !== null && /[.!?]["')\]]*\s+\S/u.test(document.lead_origin)) {
    problems.warning('/lead_origin', 'The lead origin should be one sentence: it becomes the opening line of the first message');
  }
  document.filter.rules.forEach((rule, index) => {
    if (document.filter.rules.findIndex((other) => JSON.stringify(other) === JSON.stringify(rule)) < index) {
      problems.warning(pointer('filter', 'rules', index), `Rule ${index + 1} (${describeRule(rule)}) repeats an earlier rule`);
    }
  });
  return problems.list;
}
