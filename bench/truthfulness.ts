/**
 * `npm run eval`: the writer against the truthfulness corpus (engine/test/research/writer/truthfulness): every
 * recorded hostile answer and every faithful one, through the real chat client and writer, with a
 * local OpenAI-compatible server answering the recorded answer and, when asked, the recorded repair.
 * Reports invented claims published (goal 0), clean items wrongly dropped (goal under 5%) and the
 * writer's calls per brief, prints them and writes them to `bench/results/truthfulness.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type BriefText, createBriefWriter, createChatClient } from '@prospect-research/engine/bench';
import { score, type TruthCase, truthfulnessCorpus } from '@prospect-research/engine/testing';

const RESULTS = join(import.meta.dirname, 'results', 'truthfulness.json');

/** A local OpenAI-compatible endpoint answering the queued contents in turn. */
async function startModel() {
  let queue: unknown[] = [];
  const server = createServer((request, response) => {
    request.resume().on('end', () => {
      const content = queue.shift();
      response.setHeader('content-type', 'application/json');
      if (content === undefined) {
        response.statusCode = 500;
        response.end(JSON.stringify({ error: { message: 'no recorded answer left' } }));
        return;
      }
      response.end(
        JSON.stringify({ id: 'chatcmpl-eval', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(content) }, finish_reason: 'stop' }] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    answer: (contents: unknown[]) => void (queue = [...contents]),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Run {
  truth: TruthCase;
  text: BriefText;
}

async function main() {
  const { cases, clean } = truthfulnessCorpus();
  const model = await startModel();
  const writer = createBriefWriter(createChatClient({ baseUrl: model.baseUrl, model: 'eval-recorded', backoffMs: 1 }));
  const run = async (truth: TruthCase): Promise<Run> => {
    model.answer([truth.answer, ...(truth.repair ? [truth.repair] : [])]);
    return { truth, text: await writer.write(truth.input, AbortSignal.timeout(30_000)) };
  };
  const hostile: Run[] = [];
  for (const truth of cases) hostile.push(await run(truth));
  const faithful: Run[] = [];
  for (const truth of clean) faithful.push(await run(truth));
  await model.close();

  const scored = (runs: Run[]) => runs.map(({ truth, text }) => ({ truth, text, score: score(truth, text) }));
  const [h, f] = [scored(hostile), scored(faithful)];
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10);
  const calls = (runs: Run[]) => runs.map((entry) => entry.text.calls);
  const byRule: Record<string, number> = {};
  for (const { text } of [...hostile, ...faithful]) for (const rejection of text.rejections) for (const rule of rejection.rules) byRule[rule] = (byRule[rule] ?? 0) + 1;

  const cleanItems = sum([...h, ...f].map((entry) => entry.score.cleanItems));
  const cleanDropped = [...h, ...f].flatMap((entry) => entry.score.cleanDropped.map((item) => `${entry.truth.name}: ${item}`));
  const figures = {
    hostile_answers: cases.length,
    invented_claims: sum(cases.map((truth) => truth.absent.length)),
    invented_claims_published: sum(h.map((entry) => entry.score.inventedPublished.length)),
    invented_items_not_as_expected: sum(h.map((entry) => entry.score.unexpected.length)),
    faithful_answers: clean.length,
    clean_items: cleanItems,
    clean_items_dropped: cleanDropped.length,
    clean_items_dropped_percent: percent(cleanDropped.length, cleanItems),
    clean_items_in_faithful_answers: sum(f.map((entry) => entry.score.cleanItems)),
    clean_items_dropped_in_faithful_answers: sum(f.map((entry) => entry.score.cleanDropped.length)),
    writer_calls_per_brief_hostile_mean: sum(calls(hostile)) / hostile.length,
    writer_calls_per_brief_hostile_max: Math.max(...calls(hostile)),
    writer_calls_per_brief_faithful_mean: sum(calls(faithful)) / faithful.length,
    writer_calls_per_brief_faithful_max: Math.max(...calls(faithful)),
    rejections_by_rule: byRule,
  };

  const width = Math.max(...Object.keys(figures).map((key) => key.length));
  for (const [key, value] of Object.entries(figures)) console.log(`${key.padEnd(width)}  ${typeof value === 'object' ? JSON.stringify(value) : value}`);
  for (const entry of h) for (const claim of entry.score.inventedPublished) console.log(`PUBLISHED INVENTION  ${entry.truth.name}: ${claim}`);
  for (const entry of h) for (const problem of entry.score.unexpected) console.log(`NOT AS EXPECTED      ${entry.truth.name}: ${problem}`);
  for (const item of cleanDropped) console.log(`CLEAN ITEM DROPPED   ${item}`);
  mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify({ ...figures, measured_at: new Date().toISOString() }, null, 2)}\n`);
  console.log(`\nwritten to ${RESULTS}`);
  if (figures.invented_claims_published > 0 || figures.clean_items_dropped_percent >= 5) process.exitCode = 1;
}

await main();
