import type { Language } from '../../accounts/index.ts';
import { fold, foldedWords, ItemChecker, type LanguageIdentifier, type Problem as GroundingProblem, quotesIn } from '../../grounding/index.ts';
import type { MessageRequest } from '../sequence/ports.ts';
import { URL } from './followUp.ts';
import { lengthLimit, SUBJECT_MAX_LENGTH } from './limits.ts';
import type { MessageFacts } from './messageFacts.ts';
import { nearlyVerbatim, opensWith } from './verbatim.ts';

/**
 * The checks every answer of the writer passes before it is sent, each naming what is wrong in words
 * the model (in the repair turn) and support (in the skip's detail) can read:
 *
 * - `length`: the body within its channel's limit (limits.ts); a subject on one line, within 80;
 * - `subject`: a subject exactly when one was asked for (an e-mail that starts a thread), not blank;
 * - `angle_quote`: the angle's quoted text nearly verbatim in the message (the subject angle's in the subject);
 * - `origin`: the lead origin sentence, when given, opens the message (after a greeting at most);
 * - `goal`: Meetings: the calendar link is in it; Self serve: the pricing page; Qualify: this
 *   message's question is asked (nearly verbatim) and no other question of the goal; a connection
 *   request carries no link (the goal's link waits for a message);
 * - `link`: no link but the goal's, the angle's and those of the facts;
 * - `identity`: (e-mail) no signature or postal address in the body: the channel appends the
 *   signature and the sender identity block after it, so the model can neither drop nor change them;
 * - the research brief's claim checks (grounding/check.ts), over the facts given:
 *   `number`, `name`, `quote` (in none of the facts it rests on), `reshare` (a reshared post as the
 *   lead's own words), `rank` (a title no fact gives), `unknown_fact`, `language` (not the account's,
 *   by eld).
 */

export type MessageRule = GroundingProblem['rule'] | 'length' | 'subject' | 'angle_quote' | 'origin' | 'goal' | 'link' | 'identity' | 'blank';

export interface MessageProblem {
  rule: MessageRule;
  message: string;
}

export interface Answer {
  subject?: string | null;
  body: string;
  facts: string[];
}

export function checkMessage(answer: Answer, request: MessageRequest, facts: MessageFacts, language: Language, languages: LanguageIdentifier): MessageProblem[] {
  const problems: MessageProblem[] = [];
  const body = answer.body.trim();
  const subject = typeof answer.subject === 'string' ? answer.subject.trim() : null;
  if (body === '') return [{ rule: 'blank', message: 'the body is empty' }];

  const limit = lengthLimit(request.channel, request.kind)!;
  if (body.length > limit.body) problems.push({ rule: 'length', message: `the body is ${body.length} characters; a ${kindName(request)} takes at most ${limit.body}` });
  if (request.subjectAngle !== null) {
    if (subject === null || subject === '') problems.push({ rule: 'subject', message: 'the subject is missing: this e-mail starts a thread and needs one' });
    else {
      if (subject.length > SUBJECT_MAX_LENGTH) problems.push({ rule: 'length', message: `the subject is ${subject.length} characters; at most ${SUBJECT_MAX_LENGTH}` });
      if (/[\r\n]/.test(subject)) problems.push({ rule: 'length', message: 'the subject must be one line' });
    }
  } else if (subject !== null && subject !== '') {
    problems.push({ rule: 'subject', message: `there must be no subject (${request.channel === 'email' ? 'this e-mail replies in its thread' : `a ${kindName(request)} has none`})` });
  }

  const whole = subject ? `${subject}\n${body}` : body;
  const missing = quotesIn(request.step.angle).filter((quote) => !nearlyVerbatim(quote, whole));
  if (missing.length > 0) problems.push({ rule: 'angle_quote', message: `the angle's quoted text must appear (nearly) word for word: ${missing.map((quote) => `"${quote}"`).join(', ')}` });
  if (request.subjectAngle !== null && subject) {
    const missingInSubject = quotesIn(request.subjectAngle).filter((quote) => !nearlyVerbatim(quote, subject));
    if (missingInSubject.length > 0)
      problems.push({ rule: 'angle_quote', message: `the subject angle's quoted text must appear (nearly) word for word in the subject: ${missingInSubject.map((quote) => `"${quote}"`).join(', ')}` });
  }

  if (request.leadOrigin && !originFirst(request.leadOrigin, body)) {
    problems.push({ rule: 'origin', message: `the message must open with the lead origin sentence (after the greeting at most): "${request.leadOrigin}"` });
  }

  const links = body.match(URL) ?? [];
  problems.push(...goalProblems(request, body, links));
  const allowed = [
    ...facts.sheet.entries
      .flatMap((entry) => Object.values(entry.fields).flat())
      .join('\n')
      .matchAll(URL),
  ].map((match) => match[0]);
  const stray = links.filter((link) => !allowed.includes(link));
  if (stray.length > 0) problems.push({ rule: 'link', message: `links given nowhere: ${stray.join(', ')}` });

  if (request.channel === 'email') problems.push(...identityProblems(request, body));

  // The claim checks read the texts without links (their digits and words are checked as links above).
  const checker = new ItemChecker(facts.sheet, language, languages, [subject ?? '', body]);
  // A message that cites no own post is read as resting on the reshared posts given too: "you wrote"
  // about a reshared post must not pass by leaving it uncited.
  const posts = facts.signalIds.filter((id) => /^(?:company_)?post\./.test(id));
  const citesOwnPost = answer.facts.some((id) => posts.includes(id) && !facts.sheet.byId.get(id)?.reshared);
  const reshared = citesOwnPost ? [] : posts.filter((id) => facts.sheet.byId.get(id)?.reshared);
  const cited = [...new Set([...answer.facts, ...reshared])];
  const item = (text: string) => ({ text: text.replace(URL, ' '), cited, implicit: facts.baseIds, aboutProspect: true });
  problems.push(...checker.check(item(body)));
  if (subject)
    problems.push(
      ...checker
        .check(item(subject))
        .filter((problem) => problem.rule !== 'unknown_fact')
        .map((problem) => ({ ...problem, message: `the subject: ${problem.message}` })),
    );
  return problems;
}

/**
 * The origin sentence opens the message: the body starts with it, or it starts right after a greeting,
 * which is the body's first line when that line has at most six words ("Hi Anna," on its own line),
 * or what comes before the first comma, exclamation mark or dash among the first six words ("Hi Anna, you ...").
 */
function originFirst(origin: string, body: string): boolean {
  const text = body.trimStart();
  const openings = [text];
  const firstLine = text.split('\n', 1)[0]!;
  if (text.includes('\n') && foldedWords(firstLine).length <= 6) openings.push(text.slice(firstLine.length));
  const mark = /[,!—–]/.exec(firstLine);
  if (mark && foldedWords(firstLine.slice(0, mark.index)).length <= 6) openings.push(text.slice(mark.index + 1));
  return openings.some((opening) => opensWith(origin, opening));
}

function goalProblems(request: MessageRequest, body: string, links: string[]): MessageProblem[] {
  const problems: MessageProblem[] = [];
  const goal = request.goal;
  if (request.kind === 'connection_request') {
    if (links.length > 0) problems.push({ rule: 'goal', message: 'a connection request carries no link' });
  } else if (goal.type === 'meetings' && !body.includes(goal.calendar_link)) {
    problems.push({ rule: 'goal', message: `the calendar link must be in the message, exactly: ${goal.calendar_link}` });
  } else if (goal.type === 'self_serve' && !body.includes(goal.pricing_url)) {
    problems.push({ rule: 'goal', message: `the pricing page must be in the message, exactly: ${goal.pricing_url}` });
  }
  if (goal.type === 'qualify') {
    if (!nearlyVerbatim(goal.question, body)) problems.push({ rule: 'goal', message: `the message must ask this question (nearly word for word): "${goal.question}"` });
    const others = (goal.questions ?? []).filter((question, i) => i !== goal.questionIndex && fold(question) !== fold(goal.question) && nearlyVerbatim(question, body));
    if (others.length > 0) problems.push({ rule: 'goal', message: `one question per message: leave out ${others.map((question) => `"${question}"`).join(', ')}` });
  }
  return problems;
}

function identityProblems(request: MessageRequest, body: string): MessageProblem[] {
  const folded = fold(body);
  const problems: MessageProblem[] = [];
  const addressLine = request.identity?.postal_address
    .split('\n')
    .map((line) => fold(line))
    .find((line) => line.length >= 6);
  if (addressLine && folded.includes(addressLine)) problems.push({ rule: 'identity', message: 'the postal address must not be in the body: the sender identity block is appended after it' });
  const signature = request.signature ? fold(request.signature) : '';
  if (signature.length >= 6 && folded.includes(signature)) problems.push({ rule: 'identity', message: 'the signature must not be in the body: it is appended after it' });
  return problems;
}

export function kindName(request: Pick<MessageRequest, 'channel' | 'kind'>): string {
  if (request.kind === 'connection_request') return 'connection request note';
  if (request.channel === 'email') return 'e-mail';
  return { linkedin: 'professional-network message', whatsapp: 'WhatsApp message', telegram: 'Telegram message', email: 'e-mail' }[request.channel];
}
