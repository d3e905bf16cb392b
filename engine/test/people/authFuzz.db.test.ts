import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertInvitation } from '../../src/people/invitations.ts';
import type { OpenApiDocument } from '../support/apiDocument.ts';
import { useTestEngine } from '../support/engine.ts';
import { member } from './support.ts';

/**
 * The sign-in routes as a hostile client calls them, with sign-in on (documentFuzz.db.test.ts meets
 * them without SECRET_KEY): random bodies, random or real cookies and CSRF tokens, random or real
 * link tokens. No answer is a 500, and every error code is one the document lists for that status.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_128);

const fixture = useTestEngine({ worker: false, env: { SECRET_KEY: Buffer.alloc(32, 3).toString('base64'), SIGN_IN_ATTEMPTS_PER_IP: '100000', SIGN_IN_ATTEMPTS_PER_ADDRESS: '100000' } });

type Operation = OpenApiDocument['paths'][string][string];

function documentedCodes(operation: Operation, status: number): string[] | undefined {
  const schema = operation.responses[String(status)]?.content?.['application/json']?.schema as { properties?: { error?: { enum?: string[] } } } | undefined;
  return schema?.properties?.error?.enum;
}

describe('the sign-in routes, fuzzed', () => {
  it('answer no 500, and only error codes their document lists', async () => {
    const document = (await (await fetch(`${fixture.engine.url}/openapi.json`)).json()) as OpenApiDocument;
    const signedIn = await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'fuzz@acme.example', 'admin');
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/auth/'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
    expect(operations).toHaveLength(7);
    const surprises: string[] = [];
    const text = fc.string({ maxLength: 40 });
    const field = fc.oneof(text, fc.constant('fuzz@acme.example'), fc.constant('correct horse battery staple'), fc.integer(), fc.constant(null));
    const body = fc.option(fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.record({ email: field, password: field, name: field, account_id: fc.oneof(fc.integer(), text) }, { requiredKeys: [] })), {
      nil: undefined,
    });
    for (const { path, method, operation } of operations) {
      await fc.assert(
        fc.asyncProperty(
          body,
          fc.oneof(
            fc.constant<string | undefined>(undefined),
            fc.constant(signedIn.cookie),
            text.map((value) => encodeURIComponent(value)),
          ),
          fc.oneof(
            fc.constant<string | undefined>(undefined),
            fc.constant(signedIn.csrf),
            text.filter((value) => /^[\x21-\x7e]*$/.test(value)),
          ),
          fc.oneof(text, fc.constant('')),
          fc.boolean(),
          async (json, cookie, csrf, token, realToken) => {
            const link = realToken ? await insertInvitation(fixture.engine.pool, { accountId: fixture.customer.account.id, email: null, role: 'member', validForMs: 60_000 }) : token;
            const target = path.replace('{token}', encodeURIComponent(link) || 'x');
            const sendsBody = method !== 'get' && json !== undefined;
            const answer = await fetch(`${fixture.engine.url}${target}`, {
              method: method.toUpperCase(),
              headers: {
                ...(cookie ? { cookie: `pr_session=${cookie}` } : {}),
                ...(csrf ? { 'x-csrf-token': csrf } : {}),
                ...(sendsBody ? { 'content-type': 'application/json' } : {}),
              },
              body: sendsBody ? JSON.stringify(json) : undefined,
            });
            const answered = await answer.text();
            const what = `${method.toUpperCase()} ${target} ${JSON.stringify(json)?.slice(0, 100)} answered ${answer.status} ${answered.slice(0, 200)}`;
            expect(answer.status, what).not.toBe(500);
            if (!answer.headers.get('content-type')?.startsWith('application/json')) return;
            const error = (JSON.parse(answered) as { error?: unknown }).error;
            if (typeof error !== 'string' || error === 'not_found') return;
            if (!documentedCodes(operation, answer.status)?.includes(error)) surprises.push(`${method.toUpperCase()} ${path}: ${answer.status} ${error}`);
          },
        ),
        { seed: SEED, numRuns: 25 },
      );
      // The fuzz's sign-ins and acceptances must not end the session the next operation uses.
      expect((await signedIn.signIn('fuzz@acme.example')).status).toBe(200);
    }
    expect([...new Set(surprises)]).toEqual([]);
  }, 240_000);
});
