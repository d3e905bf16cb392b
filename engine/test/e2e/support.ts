import nock from 'nock';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Pool } from '../../src/platform/database/database.ts';
import { client, type Customer, type Reply, type TestEngine } from '../support/engine.ts';
import { useNock } from '../support/nock.ts';

/**
 * nock for a whole-engine test: no request leaves the process except to the engine's own HTTP server
 * on 127.0.0.1, and every request nock could not answer is recorded in `unmatched` (a source that
 * degrades would otherwise hide a call to the wrong path).
 */
export function interceptThirdParties(): { unmatched: string[] } {
  const unmatched: string[] = [];
  const onNoMatch = (request: { method?: string; url?: string }) => {
    const url = String(request.url ?? '');
    if (/^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) return;
    unmatched.push(`${request.method ?? '?'} ${url}`);
  };
  useNock();
  beforeAll(() => {
    nock.disableNetConnect();
    nock.enableNetConnect(/127\.0\.0\.1|localhost/);
    nock.emitter.on('no match', onNoMatch);
  });
  afterEach(() => {
    nock.abortPendingRequests();
    nock.cleanAll();
    unmatched.length = 0;
  });
  afterAll(() => {
    nock.emitter.off('no match', onNoMatch);
    nock.enableNetConnect();
  });
  return { unmatched };
}

/**
 * Empties the company facts cache, so the next research asks the company sources as a first prospect
 * at that company would (tests that reuse one company otherwise see its facts from the cache).
 */
export async function forgetCompanyFacts(pool: Pool): Promise<void> {
  await pool.query('DELETE FROM company_facts');
}

export interface Finished {
  researchId: string;
  reply: Reply;
  data: any;
  /** From the POST until the status poll saw the final state. */
  ms: number;
  fromCache: boolean | null;
}

/** POSTs a research request, polls until the job is final, and reads whether it came from the cache. */
export async function research(engine: TestEngine, customer: Customer, body: Record<string, unknown>, timeoutMs = 30_000): Promise<Finished> {
  const api = client(engine.url, customer.key);
  const started = Date.now();
  const posted = await api.research(body);
  expect(posted.status).toBe(202);
  const researchId = String(posted.body.research_id);
  const reply = await api.waitFor(researchId, undefined, timeoutMs);
  const ms = Date.now() - started;
  return { researchId, reply, data: reply.body.data, ms, fromCache: await fromCache(engine.pool, researchId) };
}

async function fromCache(pool: Pool, researchId: string): Promise<boolean | null> {
  const { rows } = await pool.query<{ from_cache: boolean | null }>('SELECT from_cache FROM research_jobs WHERE id = $1', [researchId]);
  return rows[0]?.from_cache ?? null;
}

/** Every interceptor of `scopes` was used. */
export function expectAllCalled(scopes: nock.Scope[]): void {
  for (const scope of scopes) expect(scope.pendingMocks()).toEqual([]);
}
