import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MessageRequest, MessageResult } from '../../../src/autopilot/sequence/ports.ts';
import { createMessageWriter, messageWriterFrom } from '../../../src/autopilot/writer/messageWriter.ts';
import { createChatClient, WriterError } from '../../../src/integrations/openai/chatClient.ts';
import { callConcurrency } from '../../../src/integrations/callConcurrency.ts';
import { openaiSettings } from '../../../src/integrations/openai/settings.ts';
import { CALENDAR, linkedinStep, QUESTIONS, request } from './fixtures/request.ts';
import { fixtureAnswer, mockChat } from './support.ts';

const writer = () => createMessageWriter(createChatClient({ apiKey: 'sk-test-123', model: 'gpt-4o-mini', backoffMs: 1, retries: 0 }));
const signal = () => AbortSignal.timeout(10_000);
const written = (result: MessageResult) => {
  if (result.kind !== 'written') throw new Error(`not written: ${result.reason}: ${result.detail}`);
  return result;
};
/** The follow-up e-mail in the thread: no subject, no origin sentence. */
const inThread = (changes: Partial<MessageRequest> = {}) => request({ subjectAngle: null, leadOrigin: null, step: { ...request().step, day: 3, subject_angle: null }, ...changes });
const qualify = (i: number) => ({ type: 'qualify' as const, question: QUESTIONS[i]!, questionIndex: i, questions: QUESTIONS });

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

describe('the per-lead writer', () => {
  it('writes the first e-mail in one call from the angle and only the chosen research signals, with a subject, the origin sentence first and the calendar link', async () => {
    const { scope, requests } = mockChat(['email-good.json']);
    const result = written(await writer().write(request(), signal()));
    scope.done();
    const answer = fixtureAnswer('email-good.json');
    expect(result.writerCalls).toBe(1);
    expect(result.rejections).toEqual([]);
    expect(result.message).toEqual({ subject: answer.subject, body: answer.body });
    expect(result.message.body.startsWith('Hi Anna,\n\nYou downloaded our lead routing guide last week.')).toBe(true);
    expect(result.message.body).toContain(CALENDAR);
    // The keys of the facts it used, to be handed back with the earlier messages.
    expect(result.facts).toEqual([expect.stringMatching(/^posts:/), expect.stringMatching(/^news:/)]);

    const body = requests[0]!;
    expect(body.response_format.json_schema).toMatchObject({ name: 'autopilot_message', strict: true });
    const schema = body.response_format.json_schema.schema;
    expect(schema.required).toEqual(['subject', 'body', 'facts']);
    expect(schema.additionalProperties).toBe(false);
    // Only the posts and the news the step chose are facts the model can cite.
    expect(schema.properties.facts.items.enum).toEqual(['post.1', 'post.2', 'news.1']);
    const [system, user] = [body.messages[0]!.content, body.messages[1]!.content];
    expect(system).toContain('in English (language code "en")');
    expect(system).toContain('the body is at most 2000 characters; the subject one line of at most 80 characters');
    expect(system).toContain('It outranks every writing rule below except the four HARD RULES');
    expect(system).toContain(`invite the lead to book a time at this link, written exactly: ${CALENDAR}`);
    expect(system).toContain('The message opens with the LEAD ORIGIN sentence');
    expect(system).toContain('The signature, the sender identity block (name, company, postal address) and the unsubscribe line are appended after your body'.replace('The s', 's'));
    expect(user).toContain('Congratulate them on the record quarter');
    expect(user).toContain('Why 80% of B2B leads go cold');
    expect(user).toContain("NOT the prospect's words or opinion");
    expect(user).not.toContain('Contract logistics'); // services were not chosen
    expect(user).not.toContain('"id": "technologies"'); // nor were technologies
    expect(user).not.toContain('90210'); // CRM ids are no facts
    expect(user).not.toContain('Prosta'); // the postal address is the channel's, not the message's
  });

  it('sends an answer with an invented number and name back once with its problems, and sends the repaired message', async () => {
    const { scope, requests } = mockChat(['email-invented.json', 'email-good.json']);
    const result = written(await writer().write(request(), signal()));
    scope.done();
    expect(result.writerCalls).toBe(2);
    expect(result.message.body).toBe(fixtureAnswer('email-good.json').body);
    expect(result.rejections).toHaveLength(1);
    expect(result.rejections[0]!.reason).toContain('"40%" (40%) is in none of the facts');
    expect(result.rejections[0]!.reason).toContain('"Zalando" is named in none of the facts');
    expect(result.rejections[0]!.text).toContain('Teams like Zalando cut their research time by 40%');
    const repair = requests[1]!.messages;
    expect(repair.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(repair[3]!.content).toContain('This message cannot be sent. Problems found:');
    expect(repair[3]!.content).toContain('Zalando');
  });

  it('skips with could_not_write and every reason when the repaired answer still invents (two calls, no third)', async () => {
    const { scope } = mockChat(['email-invented.json', 'email-invented-again.json']);
    const result = await writer().write(request(), signal());
    scope.done();
    expect(result).toMatchObject({ kind: 'skipped', reason: 'could_not_write', writerCalls: 2 });
    if (result.kind !== 'skipped') return;
    expect(result.detail).toContain('still failing after one repair turn');
    expect(result.detail).toContain('"Zalando" is named in none of the facts');
    expect(result.rejections?.map((rejection) => rejection.reason)).toEqual([expect.stringContaining('40%'), expect.stringContaining('Zalando')]);
  });

  it('repairs an e-mail that does not open with the lead origin sentence', async () => {
    const { scope } = mockChat(['email-origin-late.json', 'email-good.json']);
    const result = written(await writer().write(request(), signal()));
    scope.done();
    expect(result.rejections.map((rejection) => rejection.reason)).toEqual([
      'origin: the message must open with the lead origin sentence (after the greeting at most): "You downloaded our lead routing guide last week."',
    ]);
    expect(result.writerCalls).toBe(2);
  });

  it('keeps the signature and the sender identity block out of the body: the channel appends them', async () => {
    const { scope } = mockChat(['email-identity.json', 'email-good.json']);
    const result = written(await writer().write(request(), signal()));
    scope.done();
    expect(result.rejections[0]!.reason).toContain('the postal address must not be in the body');
    expect(result.rejections[0]!.reason).toContain('the signature must not be in the body');
    expect(result.message.body).not.toContain('Prosta');
  });

  it("rejects a reshared post written as the lead's own words, and sends the version that says the lead shared it", async () => {
    const req = linkedinStep('Pick up the article about leads going cold.', ['posts']);
    const { scope, requests } = mockChat(['reshare-own-words.json', 'reshare-shared.json']);
    const result = written(await writer().write(req, signal()));
    scope.done();
    expect(result.rejections[0]!.reason).toBe("reshare: it presents a reshared post as its sharer's own words or opinion");
    expect(result.message).toEqual({ subject: null, body: fixtureAnswer('reshare-shared.json').body });
    // No subject on a LinkedIn message: the schema has none.
    expect(requests[0]!.response_format.json_schema.schema.required).toEqual(['body', 'facts']);
    expect(requests[0]!.messages[0]!.content).toContain('at most 1900 characters');
  });

  it('holds a connection request note to 300 characters: a longer note is repaired', async () => {
    const req = linkedinStep('Ask to connect; mention their record quarter.', ['posts'], 'connection_request');
    const { scope, requests } = mockChat(['note-too-long.json', 'note-short.json']);
    const result = written(await writer().write(req, signal()));
    scope.done();
    expect(result.rejections[0]!.reason).toBe('length: the body is 358 characters; a connection request note takes at most 300');
    expect(result.message.body.length).toBeLessThanOrEqual(300);
    expect(requests[0]!.messages[0]!.content).toContain('the body is at most 300 characters');
    expect(requests[0]!.messages[0]!.content).toContain('this note only asks to connect, with no link');
  });

  it('keeps the quoted text of an angle nearly verbatim (case and typographic quotes aside)', async () => {
    const req = linkedinStep('Invite them to our webinar "Lead routing that keeps up with e-commerce".', ['posts']);
    const { scope } = mockChat(['quote-paraphrased.json', 'quote-kept.json']);
    const result = written(await writer().write(req, signal()));
    scope.done();
    expect(result.rejections[0]!.reason).toBe('angle_quote: the angle\'s quoted text must appear (nearly) word for word: "Lead routing that keeps up with e-commerce"');
    expect(result.message.body).toContain('“Lead Routing That Keeps Up With E-commerce”');
  });

  it('asks the Qualify questions in order, one per message, across three e-mails', async () => {
    const { scope, requests } = mockChat(['qualify-1-two-questions.json', 'qualify-1.json', 'qualify-2-repeats-first.json', 'qualify-2.json', 'qualify-3.json']);
    const first = written(await writer().write(request({ goal: qualify(0) }), signal()));
    expect(first.writerCalls).toBe(2);
    expect(first.rejections[0]!.reason).toBe('goal: one question per message: leave out "Which CRM do your reps work in?"');
    const earlier = [{ channel: 'email' as const, kind: 'email' as const, body: first.message.body, sentAt: new Date('2026-11-02T09:00:00Z'), facts: first.facts! }];

    const second = written(await writer().write(inThread({ goal: qualify(1), signals: ['news'], earlier }), signal()));
    expect(second.writerCalls).toBe(2);
    expect(second.rejections[0]!.reason).toContain('goal: the message must ask this question (nearly word for word): "Which CRM do your reps work in?"');
    expect(second.rejections[0]!.reason).toContain('leave out "How many new leads does your team get in a week?"');
    earlier.push({ channel: 'email', kind: 'email', body: second.message.body, sentAt: new Date('2026-11-04T09:00:00Z'), facts: second.facts! });

    // Nothing new in the research (no signals), but the third question is: it is written.
    const third = written(await writer().write(inThread({ goal: qualify(2), signals: [], earlier }), signal()));
    expect(third.writerCalls).toBe(1);
    scope.done();

    const asked = [first, second, third].map((result) => QUESTIONS.filter((question) => result.message.body.includes(question)));
    expect(asked).toEqual([[QUESTIONS[0]], [QUESTIONS[1]], [QUESTIONS[2]]]);
    expect(requests[2]!.messages[0]!.content).toContain(
      `ask this one question, nearly word for word (translated only if it is in another language), and no other qualifying question: "${QUESTIONS[1]}"`,
    );
    // Follow-ups see what was sent, and which facts were already used.
    expect(requests[2]!.messages[1]!.content).toContain('EARLIER MESSAGES (oldest first):');
    expect(requests[2]!.messages[1]!.content).toContain('"already_used": false');
  });

  it("writes in the account's content language: an English answer for a Polish account is repaired", async () => {
    const req = request({ language: 'pl', tone: 'Formal', leadOrigin: 'Pobrała Pani w zeszłym tygodniu nasz przewodnik o routingu leadów.' });
    const { scope, requests } = mockChat(['polish-in-english.json', 'polish.json']);
    const result = written(await writer().write(req, signal()));
    scope.done();
    expect(result.rejections[0]!.reason).toContain("language: it is written in en, not in the account's language (pl)");
    expect(result.message.subject).toBe('Rekordowy kwartał w Northwind Logistics');
    expect(requests[0]!.messages[0]!.content).toContain('in Polish (language code "pl")');
    expect(requests[0]!.messages[0]!.content).toContain('the formal form of address');
  });

  it('writes no subject on a follow-up in the thread: an answer with one breaks the schema and is asked again', async () => {
    const first = 'Hi Anna,\n\nYou downloaded our lead routing guide last week. Congratulations on the record Q2 of new e-commerce clients.';
    const { scope, requests } = mockChat(['follow-up-with-subject.json', 'follow-up.json']);
    const result = written(
      await writer().write(inThread({ signals: ['posts', 'news'], earlier: [{ channel: 'email', kind: 'email', body: first, sentAt: new Date('2026-11-02T09:00:00Z') }] }), signal()),
    );
    scope.done();
    expect(result.message.subject).toBeNull();
    expect(result.writerCalls).toBe(2);
    expect(requests[0]!.response_format.json_schema.schema.properties.subject).toBeUndefined();
    expect(requests[1]!.messages.at(-1)!.content).toContain('must NOT have additional properties');
  });
});

describe('nothing to follow up with', () => {
  const sent = async () => {
    const { scope } = mockChat(['email-good.json']);
    const first = written(await writer().write(request(), signal()));
    scope.done();
    return [{ channel: 'email' as const, kind: 'email' as const, body: first.message.body, sentAt: new Date('2026-11-02T09:00:00Z'), facts: first.facts! }];
  };

  it('skips a follow-up whose facts were all used and whose angle brings nothing, without calling the model', async () => {
    const earlier = await sent();
    // post.1 and news.1 were used; the step now chooses only the news.
    const result = await writer().write(inThread({ signals: ['news'], earlier, step: { ...inThread().step, angle: 'Follow up on my last e-mail and ask if they had a chance to look.' } }), signal());
    expect(result).toEqual({
      kind: 'skipped',
      reason: 'nothing_to_follow_up',
      detail: 'every research fact of this step was used by an earlier message, and the angle brings no quoted text, link, number or name of its own',
      writerCalls: 0,
    });
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('writes the follow-up when a chosen fact is new (the reshared post was not used)', async () => {
    const earlier = await sent();
    const { scope } = mockChat(['reshare-shared.json']);
    const result = await writer().write(linkedinStep('Follow up and pick up the article they shared.', ['posts'], 'message', { earlier }), signal());
    scope.done();
    expect(written(result).writerCalls).toBe(1);
  });

  it('writes the follow-up when the angle brings its own content (quoted text)', async () => {
    const earlier = await sent();
    const { scope } = mockChat(['webinar-follow-up.json']);
    const angle = 'Remind them of our webinar "Lead routing that keeps up with e-commerce".';
    const result = await writer().write(inThread({ signals: ['news'], earlier, step: { ...inThread().step, angle } }), signal());
    scope.done();
    expect(written(result).message.body).toContain('“Lead routing that keeps up with e-commerce”');
  });

  it('reads an earlier message without fact keys by its text: a fact it repeats five words of counts as used', async () => {
    const earlier = [{ channel: 'email' as const, kind: 'email' as const, body: 'Congratulations: Northwind Logistics opened a new warehouse in Poznań!', sentAt: new Date('2026-11-02T09:00:00Z') }];
    const result = await writer().write(inThread({ signals: ['news'], earlier, step: { ...inThread().step, angle: 'Just follow up.' } }), signal());
    expect(result).toMatchObject({ kind: 'skipped', reason: 'nothing_to_follow_up', writerCalls: 0 });
  });
});

describe('when the model fails', () => {
  it('skips with could_not_write when the model refuses (one call)', async () => {
    const { scope } = mockChat(['refusal.json']);
    const result = await writer().write(request(), signal());
    scope.done();
    expect(result).toMatchObject({ kind: 'skipped', reason: 'could_not_write', writerCalls: 1 });
    if (result.kind === 'skipped') expect(result.detail).toContain('(refusal)');
  });

  it('throws when the model cannot be reached, so the touch is retried rather than skipped', async () => {
    const { scope } = mockChat([[503, { error: { message: 'overloaded' } }]]);
    await expect(writer().write(request(), signal())).rejects.toMatchObject({ name: 'WriterError', kind: 'http', status: 503 });
    scope.done();
    expect(WriterError).toBeDefined();
  });
});

describe('messageWriterFrom', () => {
  it('is off without a model, and uses the research writer OPENAI_* settings when one is configured', async () => {
    // The module's own settings, as autopilotModule reads them: the one OPENAI_* parser research uses too.
    const settingsOf = (env: Record<string, string>) => ({ openai: openaiSettings(env), concurrency: callConcurrency(env, { workerConcurrency: 2 }) });
    expect(messageWriterFrom(settingsOf({}))).toBeUndefined();
    const settings = settingsOf({ OPENAI_BASE_URL: 'http://llm.internal:11434/v1', OPENAI_MODEL: 'llama3.1:8b' });
    const fromSettings = messageWriterFrom(settings)!;
    const { scope, requests } = mockChat(['email-good.json'], 'http://llm.internal:11434');
    const result = await fromSettings.write(request(), signal());
    scope.done();
    expect(result.kind).toBe('written');
    expect(requests[0]!.model).toBe('llama3.1:8b');
  });
});
