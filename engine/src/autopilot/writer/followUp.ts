import type { Language } from '../../accounts/index.ts';
import { fold, foldedWords, NameGround, namesIn, numbersIn, quotesIn, textsOf } from '../../grounding/index.ts';
import type { MessageRequest } from '../sequence/ports.ts';
import type { MessageFacts } from './messageFacts.ts';
import { nearlyVerbatim } from './verbatim.ts';

/**
 * "Nothing to follow up with", precisely. A message is a follow-up when the lead already has a message
 * (`earlier` is not empty, on any channel). A follow-up has something new to build on when at least
 * one of these holds; otherwise it is skipped with `nothing_to_follow_up` and the model is not called:
 *
 * 1. a research fact of the step's signals that no earlier message used. An earlier message used a
 *    fact when the fact's key is in its `facts` (what the writer returned when it wrote it); for an
 *    earlier message without `facts`, when its text shares a run of five words with the fact's text;
 * 2. the angle brings content of its own that no earlier message carries: quoted text, a link, a
 *    number or a name (organisation, person, product, place, spotted as the claim checks spot them);
 * 3. a Qualify goal's question that no earlier message asked (nearly verbatim).
 *
 * An angle of instructions only ("follow up on my last e-mail", "ask if they had a chance to look")
 * brings nothing of its own, nor does the product (it is in every message) or a Meetings or Self serve
 * link (the same in every message).
 */
export function newMaterial(request: MessageRequest, facts: MessageFacts, language: Language): string | undefined {
  if (request.earlier.length === 0) return 'the first message';
  const bodies = request.earlier.map((message) => message.body);

  const used = usedSignalFacts(request, facts);
  const fresh = facts.signalIds.filter((id) => !used.has(id));
  if (fresh.length > 0) return `research facts not used yet: ${fresh.join(', ')}`;

  const angle = [request.step.angle, request.subjectAngle ?? ''].join('\n');
  const earlier = bodies.join('\n');
  const quotes = quotesIn(angle).filter((quote) => !nearlyVerbatim(quote, earlier));
  if (quotes.length > 0) return `the angle's quoted text ${quotes.map((quote) => `"${quote}"`).join(', ')}`;
  const links = (angle.match(URL) ?? []).filter((link) => !earlier.includes(link));
  if (links.length > 0) return `the angle's link ${links.join(', ')}`;
  const withoutLinks = angle.replace(URL, ' ');
  const foldedEarlier = fold(earlier);
  const numbers = numbersIn(withoutLinks, language).filter((claim) => !foldedEarlier.includes(fold(claim.text)));
  if (numbers.length > 0) return `the angle's number ${numbers.map((claim) => `"${claim.text}"`).join(', ')}`;
  const ground = new NameGround(bodies);
  const names = namesIn(withoutLinks, language).filter((name) => !ground.holds(name));
  if (names.length > 0) return `the angle's name ${names.map((name) => `"${name.text}"`).join(', ')}`;

  if (request.goal.type === 'qualify' && !bodies.some((body) => nearlyVerbatim((request.goal as { question: string }).question, body))) {
    return 'a Qualify question not asked yet';
  }
  return undefined;
}

/** The step's signal facts an earlier message used: by key when it says (`earlier[].facts`), else by a run of five words its text shares with the fact. */
export function usedSignalFacts(request: MessageRequest, facts: MessageFacts): Set<string> {
  const keys = new Set(request.earlier.flatMap((message) => message.facts ?? []));
  const unread = request.earlier.filter((message) => message.facts === undefined).map((message) => message.body);
  return new Set(facts.signalIds.filter((id) => keys.has(facts.keys.get(id)!) || unread.some((body) => textsOf(facts.sheet.byId.get(id)!).some((text) => sharesRun(text, body, 5)))));
}

export const URL = /https?:\/\/[^\s<>()"'“”]+[^\s<>()"'“”.,;:!?]/g;

/** Whether two texts share a run of `length` words (folded). */
function sharesRun(a: string, b: string, length: number): boolean {
  const runs = (text: string) => {
    const words = foldedWords(text);
    return Array.from({ length: Math.max(0, words.length - length + 1) }, (_, i) => words.slice(i, i + length).join(' '));
  };
  const inB = new Set(runs(b));
  return runs(a).some((run) => inB.has(run));
}
