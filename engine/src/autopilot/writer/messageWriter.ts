import { type Language, LANGUAGES } from '../../accounts/index.ts';
import { type ChatClient, type OpenAISettings, sharedChatClient, WriterError } from '../../integrations/index.ts';
import { languageIdentifier } from '../../grounding/index.ts';
import type { MessageRequest, MessageResult, MessageWriter } from '../sequence/ports.ts';
import { type Answer, checkMessage, type MessageProblem } from './checks.ts';
import { newMaterial, usedSignalFacts } from './followUp.ts';
import { lengthLimit } from './limits.ts';
import { messageFacts } from './messageFacts.ts';
import { messageSchema, repairPrompt, systemPrompt, userPrompt } from './prompt.ts';

/**
 * The per-lead writer: writes one message at send time, in the account's content language, from the
 * step's angle and the research facts the step chose, with a structured-output call to the same
 * OpenAI-compatible model as the research brief, and sends it only when it passes every check
 * (checks.ts). A failing answer gets one repair turn listing its problems; a second failing answer
 * skips the touch with `could_not_write` and the reasons. A follow-up with nothing new to build on
 * (followUp.ts) skips with `nothing_to_follow_up` before any call to the model.
 *
 * Errors: the model refusing, cutting its answer off, or breaking the JSON schema on every try is a
 * `could_not_write` skip (another try writes no better). The model being unreachable (HTTP errors
 * after retries, network, time-out, an answer that is not a chat completion) is thrown as the
 * chat client's WriterError: the touch is not lost to an outage, and the runtime retries it.
 */
export function createMessageWriter(chat: ChatClient): MessageWriter {
  return {
    async write(request, signal) {
      const language = contentLanguage(request.language);
      if (!lengthLimit(request.channel, request.kind)) throw new TypeError(`the ${request.channel} channel sends no ${request.kind}`);
      const facts = messageFacts(request, language);
      const material = newMaterial(request, facts, language);
      if (material === undefined) {
        return {
          kind: 'skipped',
          reason: 'nothing_to_follow_up',
          detail: 'every research fact of this step was used by an earlier message, and the angle brings no quoted text, link, number or name of its own',
          writerCalls: 0,
        };
      }
      const languages = await languageIdentifier();
      const usedIds = usedSignalFacts(request, facts);
      let calls = 0;
      const base = {
        system: systemPrompt(request, language),
        user: userPrompt(request, facts, usedIds),
        schema: messageSchema(request.subjectAngle !== null, facts.signalIds),
        schemaName: 'autopilot_message',
        signal,
        onRequest: () => calls++,
      };
      const rejections: { reason: string; text: string }[] = [];
      const attempt = async (continuation?: { role: 'assistant' | 'user'; content: string }[]) => {
        const answer = await chat.completeJson<Answer>({ ...base, ...(continuation ? { continuation } : {}) });
        return { answer, problems: checkMessage(answer, request, facts, language, languages) };
      };
      const couldNotWrite = (detail: string): MessageResult => ({ kind: 'skipped', reason: 'could_not_write', detail, writerCalls: calls, rejections });

      try {
        const first = await attempt();
        if (first.problems.length === 0) return written(first.answer, request, facts, calls, rejections);
        rejections.push(rejection(first.answer, first.problems));
        const second = await attempt([
          { role: 'assistant', content: JSON.stringify(first.answer) },
          { role: 'user', content: repairPrompt(first.problems) },
        ]);
        if (second.problems.length === 0) return written(second.answer, request, facts, calls, rejections);
        rejections.push(rejection(second.answer, second.problems));
        return couldNotWrite(`still failing after one repair turn: ${reasons(second.problems)}`);
      } catch (error) {
        if (error instanceof WriterError && (error.kind === 'refusal' || error.kind === 'truncated' || error.kind === 'invalid_output')) {
          return couldNotWrite(`the model gave no usable answer (${error.kind}): ${error.message}`);
        }
        throw error;
      }
    },
  };
}

/**
 * The writer the settings turn on: the `OPENAI_*` model the research writer asks too
 * (integrations/openai/settings.ts), so the Autopilot writes whenever research does; undefined when no
 * model is configured. `concurrency` is the model's gate in this process (integrations/callConcurrency.ts),
 * shared with the research writer through one client per configuration.
 */
export function messageWriterFrom(settings: { openai: OpenAISettings | undefined; concurrency: number }): MessageWriter | undefined {
  if (!settings.openai) return undefined;
  return createMessageWriter(sharedChatClient({ ...settings.openai, concurrency: settings.concurrency }));
}

function contentLanguage(language: string): Language {
  if (!(LANGUAGES as readonly string[]).includes(language)) throw new TypeError(`"${language}" is not a content language (${LANGUAGES.join(', ')})`);
  return language as Language;
}

function written(answer: Answer, request: MessageRequest, facts: ReturnType<typeof messageFacts>, calls: number, rejections: { reason: string; text: string }[]): MessageResult {
  const subject = request.subjectAngle !== null ? (answer.subject ?? '').trim() : null;
  const cited = [...new Set(answer.facts)].filter((id) => facts.keys.has(id));
  return {
    kind: 'written',
    message: { subject, body: answer.body.trim() },
    writerCalls: calls,
    rejections,
    facts: cited.map((id) => facts.keys.get(id)!),
  };
}

function rejection(answer: Answer, problems: MessageProblem[]): { reason: string; text: string } {
  const text = typeof answer.subject === 'string' && answer.subject.trim() !== '' ? `Subject: ${answer.subject.trim()}\n\n${answer.body}` : answer.body;
  return { reason: reasons(problems), text };
}

function reasons(problems: MessageProblem[]): string {
  return problems.map((problem) => `${problem.rule}: ${problem.message}`).join('; ');
}
