import { describe, expect, it } from 'vitest';
import { createCustomer, useTestEngine } from '../../support/engine.ts';
import { autopilotApi, emeaSaas, namesOf } from '../support.ts';

const fixture = useTestEngine({ worker: false });

async function newApi() {
  const customer = await createCustomer(fixture.engine.pool, { name: 'Concurrent' });
  return { accountId: customer.account.id, api: autopilotApi(fixture.engine.url, customer.key) };
}

/** The account's live Autopilots as stored: name and position, top to bottom. */
async function stored(accountId: number) {
  const { rows } = await fixture.engine.pool.query<{ name: string; position: number }>('SELECT name, position FROM autopilots WHERE account_id = $1 AND archived_at IS NULL ORDER BY position', [
    accountId,
  ]);
  return rows;
}

function shuffled<T>(items: T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('changes that arrive at once', () => {
  it('reorders one after the other: the order that stands is one that was asked for, positions 1 to n', async () => {
    const { accountId, api } = await newApi();
    const names = ['A', 'B', 'C', 'D', 'E', 'F'];
    for (const name of names) await api.put(name, emeaSaas({ name }));
    const orders = Array.from({ length: 30 }, (_, i) => shuffled(names, i + 1));
    const replies = await Promise.all(orders.map((order) => api.order(order)));
    for (const [i, reply] of replies.entries()) {
      expect(reply.status).toBe(200);
      // Each answer is the order it asked for: nothing came between its write and its read.
      expect(namesOf(reply.body)).toEqual(orders[i]);
    }
    const final = await stored(accountId);
    expect(final.map((row) => row.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(orders.map((order) => order.join())).toContain(final.map((row) => row.name).join());
  });

  it('applies of one new name create it once; the others update it', async () => {
    const { accountId, api } = await newApi();
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => api.put('EMEA SaaS', emeaSaas({ lead_origin: `Origin ${i}.` }))));
    expect(replies.map((reply) => reply.status).sort()).toEqual([...Array(11).fill(200), 201]);
    expect(new Set(replies.map((reply) => reply.body.id)).size).toBe(1);
    expect(await stored(accountId)).toEqual([{ name: 'EMEA SaaS', position: 1 }]);
  });

  it('applies, reorders and archives together leave every live Autopilot once, at positions 1 to n', async () => {
    const { accountId, api } = await newApi();
    for (const name of ['A', 'B', 'C']) await api.put(name, emeaSaas({ name }));
    const work = [
      ...Array.from({ length: 10 }, (_, i) => () => api.put(`New ${i}`, emeaSaas({ name: `New ${i}` }))),
      ...Array.from({ length: 10 }, (_, i) => () => api.order(shuffled(['A', 'B', 'C'], i + 7))),
      () => api.delete('B'),
      () => api.put('A', emeaSaas({ name: 'A', tone: 'Direct' })),
    ];
    const replies = await Promise.all(shuffled(work, 99).map((request) => request()));
    // An order naming B after B was archived is refused; nothing else may fail, and nothing answers 5xx.
    for (const reply of replies) expect([200, 201, 400]).toContain(reply.status);
    for (const reply of replies.filter((r) => r.status === 400))
      expect(reply.body).toMatchObject({ error: 'invalid_autopilot_order', problems: [{ message: expect.stringMatching(/^Name \d: no Autopilot named "B" in this account$/) }] });
    const final = await stored(accountId);
    expect(final.map((row) => row.position)).toEqual(final.map((_, i) => i + 1));
    expect(final.map((row) => row.name).sort()).toEqual(['A', 'C', ...Array.from({ length: 10 }, (_, i) => `New ${i}`)].sort());
    expect(namesOf((await api.list()).body)).toEqual(final.map((row) => row.name));
  });
});
