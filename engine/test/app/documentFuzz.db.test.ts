import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../support/apiDocument.ts';
import { useTestEngine } from '../support/engine.ts';

/**
 * Every operation the engine's OpenAPI document describes, as a hostile client calls it: random path
 * ids, query values and JSON bodies, with the API key. No answer is a 500, and every `{error}` answer (a 503 among them)
 * names a code the document lists for that operation and status, so the document's error codes are
 * proved by what the routes answer, not only by what they declare. (The research endpoints have their
 * own, deeper fuzz: fuzz.db.test.ts.) Set FUZZ_SEED to replay a run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);
const RUNS_PER_OPERATION = 12;

// No worker: accepted contacts and research stay queued, so nothing reaches a provider.
const fixture = useTestEngine({ worker: false }, { plan: 'bdr', credits: 100_000 });

type Operation = OpenApiDocument['paths'][string][string];

/** The codes the document lists for `status` on `operation`; undefined when the status is not documented at all. */
function documentedCodes(operation: Operation, status: number): string[] | undefined {
  const response = operation.responses[String(status)];
  if (response === undefined) return undefined;
  const schema = response.content?.['application/json']?.schema as { properties?: { error?: { enum?: string[] } } } | undefined;
  return schema?.properties?.error?.enum ?? [];
}

const segment = fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.integer({ min: -5, max: 2 ** 53 }).map(String), fc.constant('1'));
const query = fc.dictionary(
  fc.constantFrom(
    'limit',
    'after',
    'before',
    'archived',
    'erase',
    'source',
    'outcome',
    'autopilot',
    'contacts',
    'position',
    'search',
    'state',
    'reason',
    'received_from',
    'received_to',
    'dry_run',
    'kind',
    'channel',
    'x',
  ),
  fc.string({ maxLength: 20 }),
  {
    maxKeys: 3,
  },
);
const body = fc.option(fc.jsonValue({ maxDepth: 4 }), { nil: undefined });

describe('every documented operation, fuzzed', () => {
  it('answers no 500, and only error codes its document lists', async () => {
    const document = (await (await fetch(`${fixture.engine.url}/openapi.json`)).json()) as OpenApiDocument;
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
    expect(operations.length).toBeGreaterThan(30);
    const surprises: string[] = [];
    for (const { path, method, operation } of operations) {
      await fc.assert(
        fc.asyncProperty(fc.array(segment, { minLength: 3, maxLength: 3 }), query, body, async (ids, parameters, json) => {
          let index = 0;
          const target = path.replace(/\{[^}]+\}/g, () => encodeURIComponent(ids[index++ % ids.length]!));
          const search = new URLSearchParams(parameters).toString();
          const sendsBody = method !== 'get' && json !== undefined;
          const answer = await fetch(`${fixture.engine.url}${target}${search ? `?${search}` : ''}`, {
            method: method.toUpperCase(),
            headers: { authorization: `Bearer ${fixture.customer.key}`, ...(sendsBody ? { 'content-type': 'application/json' } : {}) },
            body: sendsBody ? JSON.stringify(json) : undefined,
          });
          const text = await answer.text();
          const what = `${method.toUpperCase()} ${target}${search ? `?${search}` : ''} answered ${answer.status} ${text.slice(0, 200)}`;
          // 503 is a documented answer (a webhook whose secret is unset); a 500 is a failure.
          expect(answer.status, what).not.toBe(500);
          expect(answer.status, what).toBeLessThan(504);
          if (!answer.headers.get('content-type')?.startsWith('application/json')) return;
          const error = (JSON.parse(text) as { error?: unknown }).error;
          if (typeof error !== 'string') return;
          // A path the router cannot match (an id with a slash, say) is the router's not_found, not the operation's.
          if (error === 'not_found') return;
          const codes = documentedCodes(operation, answer.status);
          if (codes === undefined || !codes.includes(error)) surprises.push(`${method.toUpperCase()} ${path}: ${answer.status} ${error}`);
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION },
      );
    }
    expect([...new Set(surprises)]).toEqual([]);
  }, 240_000);
});
