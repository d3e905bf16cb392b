import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { researchListSchema } from '../../src/research/contract.ts';
import { Ajv } from 'ajv';
import { client, createCustomer, useEngine } from '../support/engine.ts';

/** GET /research: the account's researches newest first, a page at a time, each with what it cost. */
const fixture = useEngine({ worker: false });
const isList = new Ajv({ strict: false }).compile(researchListSchema);

describe('GET /research', () => {
  it('lists the account’s researches newest first with their credits, refunds deducted, a page at a time', async () => {
    const customer = await createCustomer(fixture.engine.pool, { name: 'Historian' });
    const stranger = await createCustomer(fixture.engine.pool, { name: 'Stranger' });
    const api = client(fixture.engine.url, customer.key);
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) ids.push(String((await api.research({ email: `p${n}@ledgerly.example` })).body.research_id));
    await client(fixture.engine.url, stranger.key).research({ email: 'theirs@other.example' });
    // The third completed from the cache; the fourth failed and was refunded.
    await fixture.engine.pool.query(`UPDATE research_jobs SET status = 'completed', result = '{}'::jsonb, from_cache = true, started_at = now(), finished_at = '2026-11-20T10:00:41Z' WHERE id = $1`, [
      ids[2],
    ]);
    await fixture.engine.pool.query(`UPDATE research_jobs SET status = 'failed', error = 'timeout', finished_at = now() WHERE id = $1`, [ids[3]]);
    await fixture.engine.pool.query(
      `INSERT INTO credit_ledger (account_id, cycle_start, research_id, kind, reason) SELECT account_id, cycle_start, research_id, 'refund', 'timeout' FROM credit_ledger WHERE research_id = $1`,
      [ids[3]],
    );

    const first = await api.request('GET', '/research?limit=2');
    expect(first.status).toBe(200);
    expect(isList(first.body), JSON.stringify(isList.errors)).toBe(true);
    const pages = [first.body as { researches: { research_id: string }[]; next_cursor: string | null }];
    while (pages.at(-1)!.next_cursor) pages.push((await api.request('GET', `/research?limit=2&cursor=${pages.at(-1)!.next_cursor}`)).body as never);
    expect(pages).toHaveLength(3);
    const all = pages.flatMap((page) => page.researches) as unknown as Record<string, unknown>[];
    expect(all.map((research) => research.research_id)).toEqual([...ids].reverse());
    expect(all.map((research) => research.email)).toEqual(['p5@ledgerly.example', 'p4@ledgerly.example', 'p3@ledgerly.example', 'p2@ledgerly.example', 'p1@ledgerly.example']);
    expect(all[2]).toMatchObject({ status: 'completed', cached: true, credits: 1, completed_at: '2026-11-20T10:00:41.000+00:00' });
    expect(all[1]).toMatchObject({ status: 'failed', cached: false, credits: 0, completed_at: null });
    expect(all[0]).toMatchObject({ status: 'queued', credits: 1, completed_at: null });
  });

  it.each(['?cursor=nope', '?cursor=WzEsIngiXQ', '?cursor=%00', '?cursor=%ED%A0%80', `?cursor=${'A'.repeat(201)}`, '?limit=0', '?limit=101', '?limit=x'])(
    'refuses %s as invalid_query',
    async (query) => {
      const customer = await createCustomer(fixture.engine.pool, { name: 'Refused' });
      expect(await client(fixture.engine.url, customer.key).request('GET', `/research${query}`)).toMatchObject({ status: 400, body: { error: 'invalid_query' } });
    },
  );
});

describe('GET /research under hostile queries', () => {
  it('answers a list or invalid_query, never a failure', async () => {
    const customer = await createCustomer(fixture.engine.pool, { name: 'Hostile' });
    const api = client(fixture.engine.url, customer.key);
    await api.research({ email: 'hostile@ledgerly.example' });
    const value = fc.oneof(
      fc.constantFrom('', '1', '100', '101', '-1', '1e2', 'WzEsIngiXQ', 'WzE3OTUwMDAwMDAwMDAwMDAsIjBiNmYyYzllLTRkMWEtNGI3ZS05YTU1LTNmMmQ4YzFlN2ExMCJd', '%00', '%ED%A0%80'),
      fc.string({ maxLength: 30 }).map(encodeURIComponent),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom('cursor', 'limit', 'other'), value), { maxLength: 3 }), async (pairs) => {
        const path = `/research?${pairs.map(([name, text]) => `${name}=${text}`).join('&')}`;
        const reply = await api.request('GET', path);
        if (reply.status === 200) expect(isList(reply.body), path).toBe(true);
        else expect(reply, path).toMatchObject({ status: 400, body: { error: 'invalid_query' } });
      }),
      { seed: Number(process.env.FUZZ_SEED ?? 20_261_128), numRuns: Number(process.env.FUZZ_RUNS ?? 100) },
    );
  });
});
