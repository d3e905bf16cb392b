import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateAutopilot } from '../../../src/autopilot/config/document.ts';
import type { AutopilotInput, Problem } from '../../../src/autopilot/contract.ts';
import { emeaSaas } from '../support.ts';

/** The problems of a document, by severity, as `path: message`. */
function problemsOf(input: unknown, severity?: Problem['severity']): string[] {
  return validateAutopilot(input)
    .problems.filter((problem) => severity === undefined || problem.severity === severity)
    .map((problem) => `${problem.path}: ${problem.message}`);
}

const withRules = (...rules: unknown[]) => ({ ...emeaSaas(), filter: { match: 'all', rules } });
const withSteps = (...sequence: unknown[]) => ({ ...emeaSaas({ channels: ['email', 'linkedin', 'whatsapp', 'telegram'] }), sequence });
const step = (fields: Record<string, unknown> = {}) => ({ day: 1, channel: 'email', kind: 'email', angle: 'Say hello.', ...fields });

describe('a valid document', () => {
  it('is normalised: defaults filled in, text trimmed, comparison values read once', () => {
    const { draft, problems } = validateAutopilot({
      name: '  Cafe\u0301 owners ',
      filter: {
        rules: [
          { property: 'numberofemployees', operator: 'between', values: ['50', ' 500 '] },
          { property: 'country', operator: 'is', values: [' Germany ', 49, true] },
          { property: 'phone', operator: 'contains', values: [49] },
        ],
      },
      channels: ['email'],
      tone: 'Formal',
      goal: { type: 'qualify', questions: ['  How many invoices a month? '] },
      lead_origin: '',
      sequence: [{ day: 1, channel: 'email', kind: 'email', angle: 'Line one\r\nLine two', subject_angle: '' }],
      stop_conditions: { invite_accepted: false, property_changes: [{ property: 'lifecyclestage', value: '' }] },
    });
    expect(problems).toEqual([]);
    expect(draft).toEqual({
      name: 'Café owners',
      enabled: undefined,
      fallback: false,
      filter: {
        match: 'all',
        rules: [
          { property: 'numberofemployees', operator: 'between', values: [50, 500] },
          { property: 'country', operator: 'is', values: ['Germany', 49, true] },
          { property: 'phone', operator: 'contains', values: ['49'] },
        ],
      },
      channels: ['email'],
      tone: 'Formal',
      goal: { type: 'qualify', questions: ['How many invoices a month?'] },
      lead_origin: null,
      threading: true,
      sequence: [{ day: 1, channel: 'email', kind: 'email', angle: 'Line one\nLine two', subject_angle: null, signals: [] }],
      stop_conditions: { reply: true, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [{ property: 'lifecyclestage', value: null }] },
    });
  });

  it('keeps only the input of its own goal type', () => {
    expect(validateAutopilot(emeaSaas({ goal: { type: 'engage' } })).draft?.goal).toEqual({ type: 'engage' });
    expect(validateAutopilot(emeaSaas({ goal: { type: 'self_serve', pricing_url: 'https://acme.example/pricing' } })).draft?.goal).toEqual({
      type: 'self_serve',
      pricing_url: 'https://acme.example/pricing',
    });
  });
});

describe('problems, explained', () => {
  it.each([
    ['is without values', withRules({ property: 'country', operator: 'is' }), '/filter/rules/0/values: Rule 1 (country is): "is" takes at least one value (several mean any of them); it has none'],
    ['gt with two values', withRules({ property: 'n', operator: 'gt', values: [1, 2] }), '/filter/rules/0/values: Rule 1 (n gt): "gt" takes exactly one value, a number or a date; it has 2'],
    ['is_known with a value', withRules({ property: 'phone', operator: 'is_known', values: ['x'] }), '/filter/rules/0/values: Rule 1 (phone is_known): "is_known" takes no values; it has 1'],
    ['a blank value', withRules({ property: 'country', operator: 'is', values: ['Germany', '  '] }), '/filter/rules/0/values/1: Rule 1 (country is), value 2 is empty'],
    [
      'true in contains',
      withRules({ property: 'title', operator: 'contains', values: [true] }),
      '/filter/rules/0/values/0: Rule 1 (title contains), value 1: "contains" looks for text; true is not text',
    ],
    [
      'a word in a comparison',
      withRules({ property: 'n', operator: 'lte', values: ['fifty'] }),
      '/filter/rules/0/values/0: Rule 1 (n lte), value 1: "lte" compares numbers or dates, and "fifty" is neither (write numbers like 50 or 12.5, dates like 2024-03-01)',
    ],
    [
      'an impossible date',
      withRules({ property: 'd', operator: 'gt', values: ['2023-02-30'] }),
      '/filter/rules/0/values/0: Rule 1 (d gt), value 1: "gt" compares numbers or dates, and "2023-02-30" is neither (write numbers like 50 or 12.5, dates like 2024-03-01)',
    ],
    [
      'a time without offset',
      withRules({ property: 'd', operator: 'gt', values: ['2024-03-01T09:30'] }),
      '/filter/rules/0/values/0: Rule 1 (d gt), value 1: "2024-03-01T09:30" has a time but no offset; add Z for UTC (2024-03-01T09:30:00Z) or an offset such as +02:00',
    ],
    [
      'bounds the wrong way round',
      withRules({ property: 'n', operator: 'between', values: [500, 50] }),
      '/filter/rules/0/values: Rule 1 (n between): the lower bound 500 is above the upper bound 50; write the lower one first',
    ],
    [
      'a number and a date as bounds',
      withRules({ property: 'n', operator: 'between', values: [5, '2024-01-01'] }),
      '/filter/rules/0/values: Rule 1 (n between): both bounds must be numbers or both dates; got 5 and 2024-01-01',
    ],
    ['four rules', withRules(...Array.from({ length: 4 }, () => ({ property: 'x', operator: 'is_known' }))), '/filter/rules: "filter.rules" holds 4 rules, and at most 3 are allowed'],
    [
      'an unknown operator',
      withRules({ property: 'x', operator: 'equals', values: ['y'] }),
      '/filter/rules/0/operator: Rule 1: "operator" must be one of is, is_not, contains, not_contains, gt, gte, lt, lte, between, is_known, is_unknown; got "equals"',
    ],
    ['a value that is a list', withRules({ property: 'x', operator: 'is', values: [['y']] }), '/filter/rules/0/values/0: Rule 1, value 1 must be text, a number or true or false, not a list'],
    [
      'a tab in a value',
      withRules({ property: 'x', operator: 'is', values: ['a\tb'] }),
      '/filter/rules/0/values/0: Rule 1, value 1 must be one line of text, without tabs, line breaks or other control characters',
    ],
    [
      'a NUL in a property',
      withRules({ property: 'x\u0000', operator: 'is_known' }),
      '/filter/rules/0/property: Rule 1: "property" holds a character that cannot be stored (a NUL, or half of a surrogate pair)',
    ],
    ['half a surrogate pair', emeaSaas({ lead_origin: 'Hi \ud83d' }), '/lead_origin: "lead_origin" holds a character that cannot be stored (a NUL, or half of a surrogate pair)'],
    [
      'the pricing URL on a meetings goal',
      emeaSaas({ goal: { type: 'meetings', calendar_link: 'https://cal.example.com/x', pricing_url: 'https://acme.example/p' } }),
      '/goal/pricing_url: "goal.pricing_url" belongs to the self_serve goal, and this goal is meetings; remove it',
    ],
    [
      'a calendar link that is not a web address',
      emeaSaas({ goal: { type: 'meetings', calendar_link: 'javascript:alert(1)' } }),
      '/goal/calendar_link: "goal.calendar_link" must be a web address starting with https:// (or http://); got "javascript:alert(1)"',
    ],
    ['four questions', emeaSaas({ goal: { type: 'qualify', questions: ['a', 'b', 'c', 'd'] } }), '/goal/questions: "goal.questions" holds 4 questions, and at most 3 are allowed'],
    ['an e-mail on linkedin', withSteps(step({ channel: 'linkedin' })), '/sequence/0/kind: Step 1: linkedin sends "connection_request" or "message", not "email"'],
    [
      'a subject on a message',
      withSteps(step({ channel: 'whatsapp', kind: 'message', subject_angle: 'Hi' })),
      '/sequence/0/subject_angle: Step 1: only e-mail steps have a subject; remove "subject_angle"',
    ],
    ['steps out of order', withSteps(step({ day: 3 }), step({ day: 2 })), '/sequence/1/day: Step 2 is on day 2, before step 1 on day 3; list the steps in the order they go out'],
    ['day 0', withSteps(step({ day: 0 })), '/sequence/0/day: Step 1: "day" must be at least 1, not 0'],
    ['a day that is not whole', withSteps(step({ day: 1.5 })), '/sequence/0/day: Step 1: "day" must be a whole number, not the number 1.5'],
    [
      'an unknown signal',
      withSteps(step({ signals: ['posts', 'gossip'] })),
      '/sequence/0/signals/1: Step 1, signal 2 must be one of posts, company_posts, news, role, technologies, problems, services, synergy_points, insights, discovery_questions; got "gossip"',
    ],
    ['a missing angle', withSteps({ day: 1, channel: 'email', kind: 'email' }), '/sequence/0/angle: Step 1: "angle" is missing'],
    ['a channel twice', emeaSaas({ channels: ['email', 'email'] }), '/channels: "channels" lists "email" twice'],
    ['a name too long', emeaSaas({ name: 'n'.repeat(101) }), '/name: "name" is too long: at most 100 characters, and it has 101'],
    ['a name too long for an address', emeaSaas({ name: `${'n'.repeat(99)}🚀` }), '/name: "name" is too long: at most 100 characters, an emoji counting as two, and it has 101'],
    [
      'a stop condition that is not true or false',
      emeaSaas({ stop_conditions: { reply: 'yes' as never } }),
      '/stop_conditions/reply: "stop_conditions.reply" must be true or false, not the text "yes"',
    ],
    [
      'a misspelt field',
      { ...emeaSaas(), stop_condition: {} },
      '/stop_condition: "stop_condition" is not a field of this document (did you mean "stop_conditions"?); the fields are name, enabled, fallback, filter, channels, tone, goal, lead_origin, threading, sequence, stop_conditions',
    ],
    [
      'a misspelt field in a rule',
      withRules({ property: 'x', operator: 'is', value: ['y'] }),
      '/filter/rules/0/value: Rule 1: "value" is not a field here (did you mean "values"?); the fields are property, operator, values',
    ],
  ])('%s', (_what, input, expected) => {
    expect(problemsOf(input, 'error')).toContain(expected);
  });

  it('answers a document that is not a set of fields in words', () => {
    for (const input of [null, [], 'EMEA SaaS', 42, undefined]) {
      expect(problemsOf(input)).toEqual([': An Autopilot is a set of fields (a JSON object or a YAML mapping) with at least name, filter, channels, tone, goal and sequence']);
    }
  });

  it('also says, beside the errors, what will keep it from being switched on', () => {
    expect(problemsOf({ ...emeaSaas({ goal: { type: 'self_serve' } }), tone: 'Loud' })).toEqual([
      '/tone: "tone" must be one of Friendly, Direct, Formal, Founder; got "Loud"',
      '/goal/pricing_url: The self_serve goal needs "pricing_url", the pricing page leads are sent to',
    ]);
  });

  it('reports a missing required field once, by name', () => {
    const { sequence: _sequence, goal: _goal, ...rest } = emeaSaas();
    expect(problemsOf(rest)).toEqual(['/goal: "goal" is missing', '/sequence: "sequence" is missing']);
  });

  it('refuses nesting deeper than any document, without walking it', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(problemsOf({ ...emeaSaas(), lead_origin: deep }, 'error')[0]).toMatch(/is nested too deeply$/);
  });
});

describe('what keeps a document from being switched on', () => {
  it.each([
    ['meetings without a calendar link', { goal: { type: 'meetings' } }, '/goal/calendar_link: The meetings goal needs "calendar_link", the link leads book a meeting with'],
    ['self_serve without a pricing page', { goal: { type: 'self_serve' } }, '/goal/pricing_url: The self_serve goal needs "pricing_url", the pricing page leads are sent to'],
    ['qualify without questions', { goal: { type: 'qualify', questions: [] } }, '/goal/questions: The qualify goal needs 1 to 3 "questions", asked in order, one per message'],
    ['no steps', { sequence: [] }, '/sequence: The sequence has no steps, so there is nothing to send'],
    ['no channels', { channels: [] }, '/sequence/0/channel: Step 1 sends on email, which is not among this Autopilot\'s channels (it has none); add "email" to "channels" or change the step'],
  ] as [string, Partial<AutopilotInput>, string][])('%s', (_what, change, expected) => {
    expect(problemsOf(emeaSaas({ enabled: false, ...change }))).toEqual([expected]);
  });
});

describe('warnings', () => {
  it.each([
    [
      'a second connection request',
      withSteps(step({ channel: 'linkedin', kind: 'connection_request' }), step({ day: 3, channel: 'linkedin', kind: 'connection_request' })),
      '/sequence/1: Step 2: a second connection request in one sequence can never act, so it will be skipped',
    ],
    [
      'a subject on a later threaded e-mail',
      withSteps(step({ subject_angle: 'First' }), step({ day: 3, subject_angle: 'Second' })),
      '/sequence/1/subject_angle: Step 2: later e-mails reply in the first e-mail\'s thread ("threading" is on), so this subject angle is not used',
    ],
    [
      'invite_accepted without a connection request',
      emeaSaas({ stop_conditions: { invite_accepted: true } }),
      '/stop_conditions/invite_accepted: The invite_accepted stop condition can never fire: no step sends a connection request',
    ],
    [
      'a lead origin of two sentences',
      emeaSaas({ lead_origin: 'You downloaded our guide. Then you came back.' }),
      '/lead_origin: The lead origin should be one sentence: it becomes the opening line of the first message',
    ],
    ['a repeated rule', withRules({ property: 'x', operator: 'is_known' }, { property: 'x', operator: 'is_known' }), '/filter/rules/1: Rule 2 (x is known) repeats an earlier rule'],
  ])('%s', (_what, input, expected) => {
    expect(problemsOf(input, 'warning')).toEqual([expected]);
  });

  it('do not warn about later subjects when threading is off', () => {
    expect(problemsOf({ ...withSteps(step({ subject_angle: 'First' }), step({ day: 3, subject_angle: 'Second' })), threading: false }, 'warning')).toEqual([]);
  });
});

describe('any input', () => {
  const word = fc.string({ unit: fc.constantFrom(...'abcdefgh XYZ-09'), minLength: 1, maxLength: 10 }).filter((text) => text.trim() !== '');
  const day = fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  const number = fc.integer({ min: -1e6, max: 1e6 });
  const rule = fc.oneof(
    fc.record({ property: word, operator: fc.constantFrom('is', 'is_not'), values: fc.array(fc.oneof(word, number, fc.boolean()), { minLength: 1, maxLength: 5 }) }),
    fc.record({ property: word, operator: fc.constantFrom('contains', 'not_contains'), values: fc.array(fc.oneof(word, number), { minLength: 1, maxLength: 5 }) }),
    fc.record({ property: word, operator: fc.constantFrom('gt', 'gte', 'lt', 'lte'), values: fc.tuple(fc.oneof(number, number.map(String), day)) }),
    fc.record({
      property: word,
      operator: fc.constant('between'),
      values: fc.oneof(
        fc.tuple(number, number).map(([a, b]) => [Math.min(a, b), Math.max(a, b)]),
        fc.tuple(day, day).map(([a, b]) => (a <= b ? [a, b] : [b, a])),
      ),
    }),
    fc.record({ property: word, operator: fc.constantFrom('is_known', 'is_unknown') }),
  );
  const touch = fc.record({
    day: fc.integer({ min: 1, max: 90 }),
    pair: fc.constantFrom<[string, string]>(['email', 'email'], ['linkedin', 'connection_request'], ['linkedin', 'message'], ['whatsapp', 'message'], ['telegram', 'message']),
    angle: word,
    signals: fc.uniqueArray(fc.constantFrom('posts', 'news', 'role', 'insights')),
  });
  const document = fc
    .record({
      name: word,
      enabled: fc.boolean(),
      fallback: fc.boolean(),
      filter: fc.record({ match: fc.constantFrom('all', 'any'), rules: fc.array(rule, { maxLength: 3 }) }),
      channels: fc.uniqueArray(fc.constantFrom('email', 'linkedin', 'whatsapp', 'telegram')),
      tone: fc.constantFrom('Friendly', 'Direct', 'Formal', 'Founder'),
      goal: fc.oneof(
        fc.constant({ type: 'engage' }),
        fc.constant({ type: 'meetings', calendar_link: 'https://cal.example.com/x' }),
        fc.array(word, { minLength: 1, maxLength: 3 }).map((questions) => ({ type: 'qualify', questions })),
      ),
      sequence: fc.array(touch, { maxLength: 6 }).map((touches) => touches.sort((a, b) => a.day - b.day).map(({ pair: [channel, kind], ...rest }) => ({ ...rest, channel, kind }))),
    })
    .filter((input) => !['order'].includes(input.name.trim().toLowerCase()));

  it('a well-formed document has no errors, and normalising it again changes nothing', () => {
    fc.assert(
      fc.property(document, (input) => {
        const first = validateAutopilot(input);
        expect(first.problems.filter((p) => p.severity === 'error')).toEqual([]);
        const again = validateAutopilot(first.draft);
        expect(again.draft).toEqual(first.draft);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws, and every problem says where and what', () => {
    const anything = fc.oneof(
      fc.anything(),
      fc.jsonValue(),
      document.chain((input) => fc.jsonValue().map((value) => ({ ...input, [['filter', 'goal', 'sequence', 'name', 'tone', 'channels'][Math.abs(JSON.stringify(value).length) % 6]!]: value }))),
    );
    fc.assert(
      fc.property(anything, (input) => {
        const { problems } = validateAutopilot(input);
        for (const problem of problems) {
          expect(['error', 'blocks_enabling', 'warning']).toContain(problem.severity);
          expect(problem.path === '' || problem.path.startsWith('/')).toBe(true);
          expect(problem.message.length).toBeGreaterThan(10);
        }
      }),
      { numRuns: 500 },
    );
  });
});
