import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../../src/accounts/accounts.ts';
import type { MessageRequest } from '../../../src/autopilot/sequence/ports.ts';
import { type Answer, checkMessage, type MessageRule } from '../../../src/autopilot/writer/checks.ts';
import { lengthLimit } from '../../../src/autopilot/writer/limits.ts';
import { messageFacts } from '../../../src/autopilot/writer/messageFacts.ts';
import { nearlyVerbatim } from '../../../src/autopilot/writer/verbatim.ts';
import { type LanguageIdentifier, languageIdentifier } from '../../../src/grounding/index.ts';
import { CALENDAR, linkedinStep, PRICING, QUESTIONS, request } from './fixtures/request.ts';

let languages: LanguageIdentifier;
beforeAll(async () => {
  languages = await languageIdentifier();
});

const check = (req: MessageRequest, answer: Partial<Answer> & { body: string }) =>
  checkMessage({ facts: [], ...answer }, req, messageFacts(req, req.language as Language), req.language as Language, languages);
const rules = (req: MessageRequest, answer: Partial<Answer> & { body: string }): MessageRule[] => [...new Set(check(req, answer).map((problem) => problem.rule))];

/** A step with no goal link, no origin, no quote: only the rule under test can fail. */
const plain = (channel: MessageRequest['channel'], kind: MessageRequest['kind']) =>
  request({ channel, kind, step: { ...request().step, channel, kind, angle: 'Say hello.' }, subjectAngle: null, leadOrigin: null, goal: { type: 'engage' }, signals: [] });

/** English text of exactly `length` characters. */
const textOf = (length: number) =>
  'We would be glad to hear how your team works with new leads today. '
    .repeat(40)
    .slice(0, length - 1)
    .trimEnd()
    .padEnd(length - 1, 'x') + '.';

describe('length per channel', () => {
  it.each([
    ['email', 'email', 2_000],
    ['linkedin', 'connection_request', 300],
    ['linkedin', 'message', 1_900],
    ['whatsapp', 'message', 1_000],
    ['telegram', 'message', 1_000],
  ] as const)('%s %s: %i characters pass, one more does not', (channel, kind, limit) => {
    expect(lengthLimit(channel, kind)!.body).toBe(limit);
    const req = plain(channel, kind);
    expect(rules(req, { body: textOf(limit) })).toEqual([]);
    expect(check(req, { body: textOf(limit + 1) })).toEqual([{ rule: 'length', message: expect.stringContaining(`is ${limit + 1} characters`) }]);
  });

  it('has no limit for a kind the channel does not send', () => {
    expect(lengthLimit('email', 'connection_request')).toBeUndefined();
    expect(lengthLimit('whatsapp', 'connection_request')).toBeUndefined();
  });

  it('an e-mail subject is one line of at most 80 characters, only when one is asked for', () => {
    const first = request({ goal: { type: 'engage' }, leadOrigin: null, step: { ...request().step, angle: 'Say hello.' }, signals: [] });
    expect(rules(first, { subject: 'Hello from PipeScout', body: 'Hi Anna, we would be glad to hear how your team works with new leads today.' })).toEqual([]);
    expect(rules(first, { subject: `Hello ${'x'.repeat(80)}`, body: 'Hi Anna, we would be glad to hear how your team works with new leads today.' })).toEqual(['length']);
    expect(rules(first, { subject: '', body: 'Hi Anna, we would be glad to hear how your team works with new leads today.' })).toEqual(['subject']);
    expect(rules(plain('email', 'email'), { subject: 'Re: hello', body: 'Hi Anna, we would be glad to hear how your team works with new leads today.' })).toEqual(['subject']);
  });
});

describe('quoted text in the subject angle', () => {
  it('appears in the subject', () => {
    const req = request({ goal: { type: 'engage' }, leadOrigin: null, subjectAngle: 'Name "the routing guide"', signals: [] });
    const body = 'Hi Anna, we would be glad to hear how your team works with new leads today.';
    expect(rules(req, { subject: 'About the routing guide', body })).toEqual([]);
    expect(rules(req, { subject: 'About our guide', body })).toEqual(['angle_quote']);
  });
});

describe('quoted text in the angle', () => {
  const req = linkedinStep('Invite them to our webinar "Lead routing that keeps up with e-commerce" on Thursday.', [], 'message', { goal: { type: 'engage' } });
  it.each([
    ['as written', 'Hi Anna, join our webinar "Lead routing that keeps up with e-commerce" on Thursday?', []],
    ['other case and typographic quotes', 'Hi Anna, join our webinar «Lead Routing That Keeps Up With E-Commerce» on Thursday?', []],
    ['without quotation marks, other punctuation', 'Hi Anna, join our webinar: lead routing, that keeps up with e-commerce! It is on Thursday.', []],
    ['paraphrased', 'Hi Anna, join our webinar about fast lead routing for e-commerce on Thursday?', ['angle_quote']],
    ['a word changed in a short quote', 'Hi Anna, join our webinar "Lead routing that keeps pace with e-commerce" on Thursday?', ['angle_quote', 'quote']],
  ])('%s', (_name, body, expected) => {
    expect(rules(req, { body })).toEqual(expected);
  });

  it('allows one word in ten to differ in a long quote', () => {
    const quote = 'Every new lead gets a researched brief before the first call, written for the rep who takes it';
    expect(nearlyVerbatim(quote, `As we say: ${quote.replace('the first call', 'your first call')}.`)).toBe(true);
    expect(nearlyVerbatim(quote, `As we say: ${quote.replace('the first call', 'your next call').replace('the rep', 'a rep')}.`)).toBe(false);
  });
});

describe('the lead origin sentence', () => {
  const req = request({ goal: { type: 'engage' }, subjectAngle: null, step: { ...request().step, angle: 'Say hello.', subject_angle: null }, signals: [] });
  it.each([
    ['first', 'You downloaded our lead routing guide last week. How do you route new leads today?', []],
    ['after a greeting line', 'Hi Anna,\n\nYou downloaded our lead routing guide last week. How do you route new leads today?', []],
    ['after a greeting on the same line', 'Hi Anna, you downloaded our lead routing guide last week! How do you route new leads today?', []],
    ['after another sentence', 'Hi Anna,\n\nHow do you route new leads today? You downloaded our lead routing guide last week.', ['origin']],
    ['missing', 'Hi Anna,\n\nHow do you route new leads today? Our guide may help.', ['origin']],
  ])('%s', (_name, body, expected) => {
    expect(rules(req, { body })).toEqual(expected);
  });
});

describe('the goal', () => {
  const body = (extra: string) => `Hi Anna, we would be glad to hear how your team works with new leads today. ${extra}`;
  it('Meetings: the calendar link, exactly; Self serve: the pricing page', () => {
    const meetings = plain('whatsapp', 'message');
    meetings.goal = { type: 'meetings', calendar_link: CALENDAR };
    expect(rules(meetings, { body: body(`Book a time: ${CALENDAR}`) })).toEqual([]);
    expect(rules(meetings, { body: body('Book a time with me.') })).toEqual(['goal']);
    expect(rules(meetings, { body: body('Book a time: https://cal.example.com/marta-nowak') })).toEqual(['goal', 'link']);
    const selfServe = plain('telegram', 'message');
    selfServe.goal = { type: 'self_serve', pricing_url: PRICING };
    expect(rules(selfServe, { body: body(`Plans are here: ${PRICING}`) })).toEqual([]);
    expect(rules(selfServe, { body: body(`Book a time: ${CALENDAR}`) })).toEqual(['goal', 'link']);
  });

  it('a connection request carries no link, whatever the goal', () => {
    const note = linkedinStep('Ask to connect.', [], 'connection_request', { goal: { type: 'meetings', calendar_link: CALENDAR } });
    expect(rules(note, { body: 'Hi Anna, I work on lead research for sales ops teams and would be glad to connect.' })).toEqual([]);
    expect(rules(note, { body: `Hi Anna, glad to connect; book a time: ${CALENDAR}` })).toEqual(['goal']);
  });

  it('Qualify: each message asks its own question and no other, in order', () => {
    for (const i of [0, 1, 2]) {
      const req = plain('linkedin', 'message');
      req.goal = { type: 'qualify', question: QUESTIONS[i]!, questionIndex: i, questions: QUESTIONS };
      expect(rules(req, { body: body(QUESTIONS[i]!) })).toEqual([]);
      // Asking the question before it, or the one after it, is caught.
      for (const other of [0, 1, 2].filter((j) => j !== i)) {
        expect(check(req, { body: body(QUESTIONS[other]!) }).map((problem) => problem.message)).toEqual([
          `the message must ask this question (nearly word for word): "${QUESTIONS[i]}"`,
          `one question per message: leave out "${QUESTIONS[other]}"`,
        ]);
      }
    }
  });
});

describe('facts', () => {
  const req = linkedinStep('Mention the new warehouse.', ['news', 'role'], 'message', { goal: { type: 'engage' } });
  it.each([
    ['grounded', 'Hi Anna, congratulations on the new warehouse in Poznań. How is routing going?', ['news.1'], []],
    ['an invented performance number', 'Hi Anna, congratulations on the new warehouse in Poznań. PipeScout saves reps 6 hours a week.', ['news.1'], ['number']],
    ['an invented customer', 'Hi Anna, congratulations on the new warehouse in Poznań. Teams at DHL Supply Chain use PipeScout.', ['news.1'], ['name']],
    ['a rank no fact gives', 'Hi Anna, as Chief Revenue Officer you will like the new warehouse in Poznań.', ['news.1', 'role'], ['rank']],
    ['a quote from nowhere', 'Hi Anna, you said "routing is our biggest bottleneck" after the new warehouse in Poznań.', ['news.1'], ['quote']],
    ['a link from nowhere', 'Hi Anna, congratulations on the new warehouse in Poznań. See https://pipescout.example/case-study', ['news.1'], ['link']],
    ['wrong language', 'Hallo Anna, herzlichen Glückwunsch zum neuen Lager in Poznań. Wie läuft das Routing bei Ihnen?', ['news.1'], ['name', 'language']], // "Hallo" is no English greeting word
  ])('%s', (_name, body, facts, expected) => {
    expect(rules(req, { body, facts })).toEqual(expected);
  });

  it('without a brief there are no research facts: only the base facts ground the message', () => {
    const bare = linkedinStep('Mention the new warehouse.', ['news', 'posts'], 'message', { goal: { type: 'engage' }, brief: null });
    expect(messageFacts(bare, 'en').signalIds).toEqual([]);
    expect(rules(bare, { body: 'Hi Anna, how does the Northwind Logistics team route new leads today?' })).toEqual([]);
    expect(rules(bare, { body: 'Hi Anna, congratulations on the new warehouse in Poznań.' })).toEqual(['name']);
  });

  it('a fact is checked only when its signal was chosen: the technologies are not given to this step', () => {
    expect(rules(req, { body: 'Hi Anna, I saw Northwind runs on Salesforce and HubSpot, like the teams PipeScout enriches.' })).toEqual([]);
    expect(rules(req, { body: 'Hi Anna, I saw Northwind runs on SAP and Pipedrive.' })).toEqual(['name']);
  });

  it("a reshared post is never the lead's own words", () => {
    const posts = linkedinStep('Pick up the article.', ['posts'], 'message', { goal: { type: 'engage' } });
    expect(rules(posts, { body: "Hi Anna, you shared Jan Nowak's article on why 80% of B2B leads go cold within 48 hours. How fast do your reps answer?", facts: ['post.2'] })).toEqual([]);
    expect(rules(posts, { body: 'Hi Anna, you wrote that 80% of B2B leads go cold within 48 hours. How fast do your reps answer?', facts: ['post.2'] })).toEqual(['reshare']);
    expect(rules(posts, { body: 'Hi Anna, I read your article on why 80% of B2B leads go cold within 48 hours. How fast do your reps answer?', facts: ['post.2'] })).toEqual(['reshare']);
    // Leaving the reshared post uncited does not get around the rule; citing the lead's own post is their words.
    expect(rules(posts, { body: 'Hi Anna, you wrote that 80% of B2B leads go cold within 48 hours. How fast do your reps answer?', facts: [] })).toEqual(['reshare']);
    expect(rules(posts, { body: 'Hi Anna, you wrote that the sales ops team rebuilt your lead routing from scratch. How is it going?', facts: ['post.1'] })).toEqual([]);
  });

  it('e-mail: the signature and the postal address are appended by the channel, never written in the body', () => {
    const email = plain('email', 'email');
    expect(rules(email, { body: 'Hi Anna, we would be glad to hear how your team works with new leads today.\n\nBest,\nMarta' })).toEqual([]);
    expect(rules(email, { body: 'Hi Anna, we would be glad to hear how your team works with new leads today.\n\nMarta Nowak\nHead of Growth, PipeScout' })).toEqual(['identity']);
  });
});
